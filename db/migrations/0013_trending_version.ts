// A version number for trending (issue 25): triggers bump
// data_versions('trending') on every write to votes and on every change of a
// listing's status or vote count, so the home page's trending (and search's
// trending sort) is recomputed only when what it reads has changed, in this
// process, in another worker or on another instance sharing the database.
// Readers take the version before the votes, so a value is never cached under
// a version newer than the data it was built from. The counted votes of the
// window are read from an index that holds all trending reads of them
// (created_at, listing_id of the votes not discounted), not from the table.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('data_versions').values({ name: 'trending', version: 0 }).execute();
  await db.schema
    .createIndex('votes_counted_created')
    .on('votes')
    .columns(['created_at', 'listing_id'])
    .where(sql.ref('discounted_at'), 'is', null)
    .execute();
  const bump = `UPDATE data_versions SET version = version + 1 WHERE name = 'trending';`;

  if (dialect === 'postgres') {
    // Once per statement: a rollover that makes a whole week live bumps it once.
    await sql
      .raw(
        `CREATE FUNCTION bump_trending_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump} RETURN NULL; END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER votes_trending AFTER INSERT OR UPDATE OR DELETE ON votes FOR EACH STATEMENT EXECUTE FUNCTION bump_trending_version()`.execute(
      db,
    );
    await sql`CREATE TRIGGER listings_trending AFTER UPDATE OF status, votes_count ON listings FOR EACH STATEMENT EXECUTE FUNCTION bump_trending_version()`.execute(
      db,
    );
    return;
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE'])
    await sql
      .raw(`CREATE TRIGGER votes_trending_${event.toLowerCase()} AFTER ${event} ON votes BEGIN ${bump} END`)
      .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER listings_trending AFTER UPDATE OF status, votes_count ON listings WHEN old.status IS NOT new.status OR old.votes_count IS NOT new.votes_count BEGIN ${bump} END`,
    )
    .execute(db);
}
