// The sites this installation publishes to. Every install has the `main`
// site; its base URL follows PUBLIC_URL, and so do the sites under it
// (`{main}/eu`): when PUBLIC_URL changes, they move with it.
import type { Context } from '../context.js';
import { inTransaction } from '../platform/db.js';

export async function ensureMainSite(ctx: Context): Promise<number> {
  const existing = await ctx.db
    .selectFrom('sites')
    .select(['id', 'base_url'])
    .where('key', '=', 'main')
    .executeTakeFirst();
  if (existing) {
    const before = existing.base_url;
    const after = ctx.config.publicUrl;
    if (before !== after) {
      await inTransaction(ctx, async (tx) => {
        const under = await tx.db
          .selectFrom('sites')
          .select(['id', 'base_url'])
          .where('id', '!=', existing.id)
          .execute();
        for (const site of under.filter((s) => s.base_url.startsWith(`${before}/`)))
          await tx.db
            .updateTable('sites')
            .set({ base_url: `${after}${site.base_url.slice(before.length)}` })
            .where('id', '=', site.id)
            .execute();
        await tx.db.updateTable('sites').set({ base_url: after }).where('id', '=', existing.id).execute();
      });
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
