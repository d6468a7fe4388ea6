// The ordered list of migrations. Forward-only: append, never reorder or edit.
import type { Kysely } from 'kysely';
import * as m0001 from './0001_core.js';

export type MigrationDialect = 'sqlite' | 'postgres';

export interface NumberedMigration {
  name: string;
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
}

export const migrations: NumberedMigration[] = [{ name: '0001_core', up: m0001.up }];
