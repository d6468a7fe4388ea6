// Listing views, counted in memory and written in one transaction a second
// (and at shutdown), so reading a profile is not also a database write. A
// crash loses at most a second of views: a counter, not a record. Profiles
// add the views still pending in this process, so counts read back at once.
// The owner's per-day numbers (stats.ts) ride on the same flush.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DailyStatsBuffer } from './stats.js';

export const VIEW_FLUSH_MS = 1000;

/** Listing ids per UPDATE: bound parameters well under SQLite's and PostgreSQL's limits. */
const IDS_PER_STATEMENT = 1000;

/** Listing ids grouped by how many views each has pending. */
function listingsByCount(batch: Map<number, number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [id, n] of batch) {
    const ids = groups.get(n);
    if (ids) ids.push(id);
    else groups.set(n, [id]);
  }
  return groups;
}

export class ViewCounter {
  private pending = new Map<number, number>();
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  /** Per-day hits for the owner's numbers, written with each flush in their own transaction. */
  readonly daily = new DailyStatsBuffer();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void,
    private readonly idsPerStatement = IDS_PER_STATEMENT,
  ) {
    this.timer = setInterval(() => void this.flush(), VIEW_FLUSH_MS);
    this.timer.unref();
  }

  count(listingId: number): void {
    this.pending.set(listingId, (this.pending.get(listingId) ?? 0) + 1);
  }

  /** Views of a listing counted here and not yet written. */
  pendingFor(listingId: number): number {
    return this.pending.get(listingId) ?? 0;
  }

  /** Writes the pending views and the per-day hits. */
  async flush(): Promise<void> {
    await Promise.all([this.flushViews(), this.daily.flush(this.db, this.onError)]);
  }

  /**
   * Writes the pending views in one transaction: one UPDATE for all the
   * listings viewed the same number of times (a handful of statements for a
   * busy second, where one per listing cost as much as the reads it counted).
   */
  private async flushViews(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.db
      .transaction()
      .execute(async (trx) => {
        for (const [n, ids] of listingsByCount(batch)) {
          for (let i = 0; i < ids.length; i += this.idsPerStatement) {
            await trx
              .updateTable('listings')
              .set({ views_count: sql`views_count + ${n}` })
              .where('id', 'in', ids.slice(i, i + this.idsPerStatement))
              .execute();
          }
        }
      })
      .catch((err) => {
        // Put them back for the next flush rather than lose them.
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.onError(err);
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }
}
