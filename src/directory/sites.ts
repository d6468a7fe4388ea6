// The sites this installation publishes to. Every install has the `main`
// site; its base URL follows PUBLIC_URL.
import type { Context } from '../context.js';

export async function ensureMainSite(ctx: Context): Promise<number> {
  const existing = await ctx.db
    .selectFrom('sites')
    .select(['id', 'base_url'])
    .where('key', '=', 'main')
    .executeTakeFirst();
  if (existing) {
    if (existing.base_url !== ctx.config.publicUrl) {
      await ctx.db.updateTable('sites').set({ base_url: ctx.config.publicUrl }).where('id', '=', existing.id).execute();
    }
    return existing.id;
  }
  const row = await ctx.db
    .insertInto('sites')
    .values({
      key: 'main',
      name: 'Launchboard',
      base_url: ctx.config.publicUrl,
      created_at: ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
