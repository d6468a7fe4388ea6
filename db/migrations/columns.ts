// Column helpers the numbered migrations share. Migrations are frozen once
// landed and depend on this file, so it never changes behaviour: add a new
// helper instead of editing one.
import type { CreateTableBuilder } from 'kysely';
import type { MigrationDialect } from './index.js';

/** Adds an auto-incrementing integer primary key `id`, in each dialect's own way. */
export function idColumn(dialect: MigrationDialect) {
  return <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
