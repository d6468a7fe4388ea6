// One name for what queries run on, and one way to run work in a transaction
// with a Context whose db is that transaction (so every helper taking a
// Context joins it).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';

/** The database or an open transaction: a kysely Transaction is a Kysely too. */
export type Db = Kysely<Database>;

/** Runs work in one transaction; the Context it is handed queries through it. */
export function inTransaction<T>(ctx: Context, work: (tx: Context) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}

/**
 * A LIKE pattern matching `text` anywhere, with the LIKE wildcards in it taken
 * literally (used with `escape '\'`, which both SQLite and PostgreSQL accept).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
