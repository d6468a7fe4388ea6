// One name for what queries run on, and one way to run work in a transaction
// with a Context whose db is that transaction (so every helper taking a
// Context joins it).
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';

/** The database or an open transaction: a kysely Transaction is a Kysely too. */
export type Db = Kysely<Database>;

/** Runs work in one transaction; the Context it is handed queries through it. */
export async function inTransaction<T>(ctx: Context, work: (tx: Context) => Promise<T>): Promise<T> {
  // Jobs queued inside wake the workers only once committed: before, no other connection can see them.
  let queued = false;
  const jobSignal = {
    notify: () => {
      queued = true;
    },
    listen: ctx.jobSignal.listen,
  };
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx, jobSignal }));
  if (queued) ctx.jobSignal.notify();
  return result;
}

/**
 * Makes a person's limited writes (count what they did lately, then add one)
 * wait for each other, so concurrent requests cannot all pass the count: on
 * PostgreSQL, locks the user's row until the transaction `tx` ends. SQLite's
 * transactions already take the write lock when they begin (db/dialect.ts).
 */
export async function lockUser(tx: Db, dialect: 'sqlite' | 'postgres', userId: number): Promise<void> {
  if (!tx.isTransaction) throw new Error('lockUser needs a transaction');
  if (dialect === 'postgres') await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * A LIKE pattern matching `text` anywhere, with the LIKE wildcards in it taken
 * literally (used with `escape '\'`, which both SQLite and PostgreSQL accept).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which page of a list to read, counting from 1. */
export interface PageRequest {
  page: number;
  per_page: number;
}

/**
 * One page of a filtered query's rows and the count of all rows it matches,
 * read together: `filtered` is the FROM and WHERE both share, `ordered` adds
 * the selection and the order of the page (so `filtered` selects nothing yet:
 * the count is all its query reads).
 */
export async function pageWithTotal<DB, TB extends keyof DB, Base extends Record<string, never>, Row>(
  filtered: SelectQueryBuilder<DB, TB, Base>,
  ordered: (query: SelectQueryBuilder<DB, TB, Base>) => SelectQueryBuilder<DB, TB, Row>,
  page: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    ordered(filtered)
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    filtered.select(sql<number>`count(*)`.as('n')).$castTo<{ n: number }>().executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
