// Full-text search over listing descriptions (the long field MiniSearch does
// not index, see src/search/search.ts): SQLite FTS5 kept in step by
// triggers, PostgreSQL a GIN expression index over to_tsvector.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE INDEX listings_description_fts ON listings USING GIN (to_tsvector('english', coalesce(description, '')))`.execute(
      db,
    );
    return;
  }
  await sql`CREATE VIRTUAL TABLE listings_fts USING fts5(description, content='listings', content_rowid='id', tokenize='porter unicode61')`.execute(
    db,
  );
  await sql`CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
    INSERT INTO listings_fts(rowid, description) VALUES (new.id, coalesce(new.description, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
    INSERT INTO listings_fts(listings_fts, rowid, description) VALUES ('delete', old.id, coalesce(old.description, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER listings_fts_update AFTER UPDATE OF description ON listings BEGIN
    INSERT INTO listings_fts(listings_fts, rowid, description) VALUES ('delete', old.id, coalesce(old.description, ''));
    INSERT INTO listings_fts(rowid, description) VALUES (new.id, coalesce(new.description, ''));
  END`.execute(db);
  await sql`INSERT INTO listings_fts(listings_fts) VALUES ('rebuild')`.execute(db);
}
