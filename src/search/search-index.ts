// The search index of a running server: the in-memory ListingIndex over
// public listings (live and scheduled), kept in step with the database
// through the listings table's `updated_at` change feed. Every search first
// applies rows changed since the last sync, so a write by this process, or by
// another instance on the same PostgreSQL, is visible on the next query.
// Writes to what a listing's document reads from other tables (categories,
// FAQs, founders) stamp the listing's updated_at too.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PUBLIC_STATUSES } from '../listings/summary.js';
import { DOCUMENT_COLUMNS, type DocumentRow, listingDocuments } from './documents.js';
import { type IndexedStatus, ListingIndex } from './listing-index.js';

export interface Category {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
}

export interface SearchIndex {
  /** Applies listing rows changed since the last sync (cheap when nothing changed). */
  sync(): Promise<void>;
  readonly index: ListingIndex;
  /** Every category, as of the last sync that applied changes. */
  categories(): readonly Category[];
  /** A public listing's status as of the last sync (undefined: not public). */
  statusOf(id: number): IndexedStatus | undefined;
  size(): number;
  /** Listings of `status` as of the last sync; undefined until the first sync has built the index. */
  count(status: IndexedStatus): number | undefined;
  /** Recent results, valid while the index version they were computed at holds (search.ts). */
  readonly results: Map<string, { version: number; value: unknown }>;
  /** Live listing counts by category id, valid at `version` of the index (suggestions.ts). */
  readonly categoryCounts: { version: number; counts: Map<number, number> };
  /** Description terms' "too common to rank by" verdicts, with when they were counted (ms); descriptions.ts. */
  readonly commonTerms: Map<string, { common: boolean; at: number }>;
}

/** Rows indexed between two turns of the event loop while syncing. */
const YIELD_EVERY_ROWS = 1000;

/** Rows read per query while building the index the first time. */
const BUILD_PAGE_ROWS = 1000;

/** How far before its cursor the change feed re-reads: longer than any write transaction and clock skew between instances. */
export const SYNC_LAG_MS = 60_000;

/** An empty index; the first sync() fills it (`serve` does that at start). */
export function createSearchIndex(db: Kysely<Database>, opts: { buildPageRows?: number } = {}): SearchIndex {
  const buildPageRows = opts.buildPageRows ?? BUILD_PAGE_ROWS;
  const index = new ListingIndex();
  let categories: Category[] = [];
  // The change-feed cursor: the largest updated_at seen. Each sync re-reads
  // from SYNC_LAG_MS before it: updated_at is stamped before its transaction
  // commits (and by each instance's own clock), so a write can become visible
  // after a later-stamped one was already synced. Rows whose updated_at was
  // indexed already are skipped, so the overlap costs an index-only read.
  let cursor = '';
  const indexedAt = new Map<number, string>();
  let syncing: Promise<void> | null = null;
  let built = false;

  /**
   * The earliest updated_at among rows in the window not yet indexed at
   * their stamp, or null when there are none. It reads ids and stamps only
   * (the updated_at index answers alone): most syncs find nothing.
   */
  const changedSince = db.selectFrom('listings').select(['id', 'updated_at']).where('updated_at', '>=', '').compile();
  const earliestChange = async (since: string): Promise<string | null> => {
    // Built once, run with each sync's bound: every search runs it.
    const query: typeof changedSince = { ...changedSince, parameters: [since] };
    const { rows: stamps } = await db.executeQuery(query);
    let earliest: string | null = null;
    for (const { id, updated_at } of stamps) {
      if (indexedAt.get(id) !== updated_at && (earliest === null || updated_at < earliest)) earliest = updated_at;
    }
    return earliest;
  };

  const readCategories = async () => {
    categories = await db.selectFrom('categories').select(['id', 'slug', 'name', 'parent_id']).orderBy('id').execute();
  };

  /** Indexes a batch of rows (those not indexed at their stamp yet). */
  const indexRows = async (rows: DocumentRow[]) => {
    const fresh = rows.filter((r) => indexedAt.get(r.id) !== r.updated_at);
    const isPublic = (r: DocumentRow) => (PUBLIC_STATUSES as readonly string[]).includes(r.status);
    const docs = await listingDocuments(db, fresh.filter(isPublic), categories);
    for (const row of fresh) {
      indexedAt.set(row.id, row.updated_at);
      if (isPublic(row)) index.add(row.id, row.status as IndexedStatus, docs.get(row.id)!);
      else index.remove(row.id);
      if (row.updated_at > cursor) cursor = row.updated_at;
    }
  };

  /**
   * The first build reads every listing in pages by id, letting requests in
   * between: one query for all of them held the event loop for over a
   * second at 100k listings (a SQLite read is synchronous). A row written
   * meanwhile carries a stamp past the build's start, so the next sync's
   * window picks it up.
   */
  const build = async () => {
    await readCategories();
    for (let after = 0; ; ) {
      const rows = await db
        .selectFrom('listings')
        .select(DOCUMENT_COLUMNS)
        .where('id', '>', after)
        .orderBy('id')
        .limit(buildPageRows)
        .execute();
      await indexRows(rows);
      if (rows.length < buildPageRows) return;
      after = rows[rows.length - 1]!.id;
      await nextTurn();
    }
  };

  const apply = async () => {
    if (cursor === '') return build();
    const from = await earliestChange(new Date(Date.parse(cursor) - SYNC_LAG_MS).toISOString());
    if (from === null) return;
    await readCategories();
    const rows = await db
      .selectFrom('listings')
      .select(DOCUMENT_COLUMNS)
      .where('updated_at', '>=', from)
      .orderBy('updated_at')
      .execute();
    // A bulk write may have stamped thousands of rows: let requests in between batches.
    for (let i = 0; i < rows.length; i += YIELD_EVERY_ROWS) {
      if (i > 0) await nextTurn();
      await indexRows(rows.slice(i, i + YIELD_EVERY_ROWS));
    }
  };

  return {
    async sync() {
      // One sync at a time; concurrent searches wait for the running one.
      syncing ??= apply()
        .then(() => {
          built = true;
        })
        .finally(() => {
          syncing = null;
        });
      await syncing;
    },
    index,
    categories: () => categories,
    statusOf: (id) => index.statusOf(id),
    size: () => index.size,
    count: (status) => (built ? index.count(status) : undefined),
    results: new Map(),
    commonTerms: new Map(),
    categoryCounts: { version: -1, counts: new Map() },
  };
}
