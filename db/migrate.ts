// Runs the numbered migrations that have not run yet, each in a transaction,
// recording them in launchboard_migrations. Safe to call at every start, also
// from several instances at once on PostgreSQL (an advisory lock serialises them).
import { type Kysely, sql } from 'kysely';
import type { OpenDatabase } from './dialect.js';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

const LOCK_ID = 4_242_001;

export async function migrateToLatest(
  { db, dialect }: OpenDatabase,
  now: () => Date = () => new Date(),
): Promise<string[]> {
  await db.schema
    .createTable('launchboard_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();

  return db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await sql`select pg_advisory_lock(${LOCK_ID})`.execute(conn);
    try {
      const done = new Set(
        (await conn.selectFrom('launchboard_migrations').select('name').execute()).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await m.up(trx, dialect);
          await trx
            .insertInto('launchboard_migrations')
            .values({ name: m.name, applied_at: now().toISOString() })
            .execute();
        });
        applied.push(m.name);
      }
      return applied;
    } finally {
      if (dialect === 'postgres') await sql`select pg_advisory_unlock(${LOCK_ID})`.execute(conn);
    }
  });
}

/** This version's migrations not applied yet, and applied ones this version does not know (a newer one ran them). */
export async function migrationState(db: Kysely<Database>): Promise<{ pending: string[]; unknown: string[] }> {
  const applied = new Set((await db.selectFrom('launchboard_migrations').select('name').execute()).map((r) => r.name));
  const known = new Set(migrations.map((m) => m.name));
  return {
    pending: migrations.filter((m) => !applied.has(m.name)).map((m) => m.name),
    unknown: [...applied].filter((name) => !known.has(name)),
  };
}
