// The ordered list of migrations. Forward-only: append, never reorder or edit.
import type { Kysely } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_search.js';
import * as m0003 from './0003_listing_sort_indexes.js';

export type MigrationDialect = 'sqlite' | 'postgres';

export interface NumberedMigration {
  name: string;
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
}

export const migrations: NumberedMigration[] = [
  { name: '0001_core', up: m0001.up },
  { name: '0002_search', up: m0002.up },
  { name: '0003_listing_sort_indexes', up: m0003.up },
];
