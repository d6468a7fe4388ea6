// A listing's numbers per UTC day for its owner: views, clicks out
// to the product's site and clicks on its badge, each counted once per person
// a day; votes and followers per day read from votes and follows themselves.
// Counting costs the page nothing but a push into memory: hits are written with
// the view counter's flush a second later (view-counter.ts), deduplicated in
// the database so every process and instance agrees who was already counted.
// A person is a salted hash (the signed-in user, else the address: an IPv4
// address or an IPv6 /64, whatever user agents it sends, so one client cannot
// count again by changing its agent; people behind one NAT count once) under
// that day's random salt; yesterday's hashes and salt are deleted, so nothing
// stored identifies anyone once the day is over.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { clientAddress } from '../platform/addresses.js';
import type { Db } from '../platform/db.js';
import { webLink } from '../platform/links.js';
import { PUBLIC_STATUSES } from './summary.js';

/** What a visit counted: opening the listing page, the product's website link, or the badge on the product's site. */
export type HitKind = 'view' | 'outbound' | 'badge';

/** Who made a hit, as the web layer knows them. Never stored: only a salted hash of it is. */
export interface Visitor {
  userId: number | null;
  ip: string;
  userAgent: string;
}

interface Hit {
  listingId: number;
  day: string;
  kind: HitKind;
  /** The person before hashing; kept in memory until the next flush only. */
  person: string;
}

/** The column of listing_daily_stats each kind of hit adds to. */
const COLUMN = { view: 'views', outbound: 'outbound_clicks', badge: 'badge_clicks' } as const;

/** Hits held between flushes at most: a flood beyond this is dropped, not buffered. */
const MAX_PENDING = 50_000;

/** Rows per INSERT: bound parameters well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 200;

/** The UTC day (YYYY-MM-DD) of a time. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** Crawlers, link previews and monitors announce themselves; they are not people. */
const NOT_A_PERSON = /bot|crawl|spider|slurp|preview|monitor|curl|wget|python-|go-http|headless|lighthouse/i;

/**
 * Counts one hit on a listing, once per person a day (a person's repeat the
 * same day, a crawler, or the owner looking at their own listing counts
 * nothing). Buffered in ctx.views and written with its next flush; never
 * throws, so counting can not break the page that counts.
 */
export function countListingHit(
  ctx: Context,
  listing: { id: number; owner_id: number | null },
  kind: HitKind,
  visitor: Visitor,
): void {
  try {
    if (visitor.userId !== null && visitor.userId === listing.owner_id) return;
    if (visitor.userId === null && (!visitor.userAgent || NOT_A_PERSON.test(visitor.userAgent))) return;
    const person =
      visitor.userId !== null ? `user:${visitor.userId}` : `anon:${clientAddress(visitor.ip) ?? visitor.ip}`;
    ctx.views.daily.add({ listingId: listing.id, day: dayOf(ctx.clock.now()), kind, person });
  } catch (err) {
    ctx.logger.error({ err, listingId: listing.id, kind }, 'counting a listing hit failed');
  }
}

/**
 * The hits waiting for the next flush, and the day's salt once read. One per
 * process, held by the view counter (which owns the flush timer).
 */
export class DailyStatsBuffer {
  private pending: Hit[] = [];
  private writing: Promise<void> | null = null;
  private salts = new Map<string, string>();
  private prunedBefore = '';

  add(hit: Hit): void {
    if (this.pending.length < MAX_PENDING) this.pending.push(hit);
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Writes the pending hits in one transaction. A batch that fails is logged
   * and dropped, never retried: a count is not worth a write that fails every
   * second. Waits for a write in progress first, so every hit added before the
   * call is written when it returns.
   */
  async flush(db: Db, onError: (err: unknown) => void): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.write(db, batch)
      .catch(onError)
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }

  private async write(db: Db, batch: Hit[]): Promise<void> {
    const newest = batch
      .map((h) => h.day)
      .sort()
      .at(-1)!;
    await db.transaction().execute(async (trx) => {
      const rows: { day: string; listing_id: number; kind: HitKind; visitor: string }[] = [];
      const seen = new Set<string>();
      for (const hit of batch) {
        const visitor = createHash('sha256')
          .update(`${await this.saltOf(trx, hit.day)}\n${hit.person}`)
          .digest('base64url')
          .slice(0, 32);
        const key = `${hit.day} ${hit.listingId} ${hit.kind} ${visitor}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ day: hit.day, listing_id: hit.listingId, kind: hit.kind, visitor });
      }
      // The database says who is new today: only rows it inserted are counted.
      const counted: { day: string; listing_id: number; kind: HitKind }[] = [];
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        counted.push(
          ...(await trx
            .insertInto('listing_stat_visitors')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((oc) => oc.doNothing())
            .returning(['day', 'listing_id', 'kind'])
            .execute()),
        );
      }
      await addToDailyStats(trx, counted);
    });
    if (newest > this.prunedBefore) {
      await pruneListingStats(db, newest);
      this.prunedBefore = newest;
      for (const day of this.salts.keys()) if (day < newest) this.salts.delete(day);
    }
  }

  /** The day's salt: the first process to need it creates it, every other one reads that one. */
  private async saltOf(db: Db, day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    await db
      .insertInto('listing_stat_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const { salt } = await db
      .selectFrom('listing_stat_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    this.salts.set(day, salt);
    return salt;
  }
}

/**
 * The public view count (listings.views_count, "most viewed") follows the
 * same rule as the owner's numbers: people new on the listing that day.
 * One UPDATE per distinct number of new views; updated_at is left alone (it
 * drives the search change feed).
 */
async function addToPublicViews(db: Db, rows: { listing_id: number; views: number }[]): Promise<void> {
  const byCount = new Map<number, number[]>();
  for (const { listing_id, views } of rows) {
    if (views === 0) continue;
    byCount.set(views, [...(byCount.get(views) ?? []), listing_id]);
  }
  for (const [n, ids] of byCount) {
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
      await db
        .updateTable('listings')
        .set({ views_count: sql`views_count + ${n}` })
        .where('id', 'in', ids.slice(i, i + ROWS_PER_STATEMENT))
        .execute();
    }
  }
}

/** Adds newly counted hits to their listing's day, one upsert per listing and day. */
async function addToDailyStats(db: Db, counted: { day: string; listing_id: number; kind: HitKind }[]): Promise<void> {
  if (counted.length === 0) return;
  const ids = [...new Set(counted.map((c) => c.listing_id))];
  // A listing deleted since its page was read is skipped rather than failing the batch on its foreign key.
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
    const found = await db
      .selectFrom('listings')
      .select('id')
      .where('id', 'in', ids.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
    for (const row of found) live.add(Number(row.id));
  }
  const byDay = new Map<
    string,
    { listing_id: number; day: string; views: number; outbound_clicks: number; badge_clicks: number }
  >();
  for (const c of counted) {
    const listingId = Number(c.listing_id);
    if (!live.has(listingId)) continue;
    const key = `${listingId} ${c.day}`;
    const row = byDay.get(key) ?? { listing_id: listingId, day: c.day, views: 0, outbound_clicks: 0, badge_clicks: 0 };
    row[COLUMN[c.kind]] += 1;
    byDay.set(key, row);
  }
  const rows = [...byDay.values()];
  await addToPublicViews(db, rows);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('listing_daily_stats')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['listing_id', 'day']).doUpdateSet({
          views: sql`listing_daily_stats.views + excluded.views`,
          outbound_clicks: sql`listing_daily_stats.outbound_clicks + excluded.outbound_clicks`,
          badge_clicks: sql`listing_daily_stats.badge_clicks + excluded.badge_clicks`,
        }),
      )
      .execute();
  }
}

/**
 * Deletes who was counted, and the salts, of the days before `today`: once a
 * day is over nothing needs to know who was counted on it. Run by the first
 * flush of each day in every process (safe to repeat).
 */
export async function pruneListingStats(db: Db, today: string): Promise<{ visitors: number; salts: number }> {
  const visitors = await db.deleteFrom('listing_stat_visitors').where('day', '<', today).executeTakeFirst();
  const salts = await db.deleteFrom('listing_stat_salts').where('day', '<', today).executeTakeFirst();
  return { visitors: Number(visitors.numDeletedRows), salts: Number(salts.numDeletedRows) };
}

/**
 * Where a click out to a public listing's website goes: its own stored URL
 * (http or https only), or null. Nothing from the request is a destination,
 * so the redirect that counts clicks can not be used to send people elsewhere.
 */
export async function outboundTarget(
  ctx: Context,
  slug: string,
): Promise<{ id: number; owner_id: number | null; url: string } | null> {
  const row = await ctx.db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'url'])
    .where('slug', '=', slug)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .executeTakeFirst();
  const url = webLink(row?.url);
  return row && url ? { id: Number(row.id), owner_id: row.owner_id, url } : null;
}

export const STAT_METRICS = ['views', 'votes', 'followers', 'outbound_clicks', 'badge_clicks'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

export interface MetricTotals {
  today: number;
  last7: number;
  last30: number;
}

export interface ListingStats {
  /** The days shown, oldest first, today last (YYYY-MM-DD, UTC). */
  days: string[];
  /** Per metric, one count per day of `days`. */
  perDay: Record<StatMetric, number[]>;
  totals: Record<StatMetric, MetricTotals>;
}

const DAY_MS = 86_400_000;

/** Days the owner's numbers cover, today included. */
export const STATS_DAYS = 30;

/**
 * A listing's numbers for the 30 days up to today (UTC, by ctx.clock):
 * views, outbound and badge clicks from listing_daily_stats; votes that count
 * (not discounted) and follows by the day they were made. Votes and follows
 * withdrawn since are not counted on any day. The caller checks the reader
 * owns the listing.
 */
export async function listingStats(ctx: Context, listingId: number): Promise<ListingStats> {
  const now = ctx.clock.now();
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    dayOf(new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY_MS)),
  );
  const from = days[0];
  const tomorrow = dayOf(new Date(now.getTime() + DAY_MS));
  const dayOfCreated = sql<string>`substr(created_at, 1, 10)`;
  const [counted, votes, follows] = await Promise.all([
    ctx.db
      .selectFrom('listing_daily_stats')
      .select(['day', 'views', 'outbound_clicks', 'badge_clicks'])
      .where('listing_id', '=', listingId)
      .where('day', '>=', from)
      .where('day', '<', tomorrow)
      .execute(),
    ctx.db
      .selectFrom('votes')
      .select([dayOfCreated.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('listing_id', '=', listingId)
      .where('discounted_at', 'is', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', tomorrow)
      .groupBy(dayOfCreated)
      .execute(),
    ctx.db
      .selectFrom('follows')
      .select([dayOfCreated.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('listing_id', '=', listingId)
      .where('created_at', '>=', from)
      .where('created_at', '<', tomorrow)
      .groupBy(dayOfCreated)
      .execute(),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const perDay = Object.fromEntries(STAT_METRICS.map((m) => [m, days.map(() => 0)])) as Record<StatMetric, number[]>;
  const put = (metric: StatMetric, day: string, n: number | string) => {
    const i = index.get(day);
    if (i !== undefined) perDay[metric][i] += Number(n);
  };
  for (const row of counted) {
    put('views', row.day, row.views);
    put('outbound_clicks', row.day, row.outbound_clicks);
    put('badge_clicks', row.day, row.badge_clicks);
  }
  for (const row of votes) put('votes', row.day, row.n);
  for (const row of follows) put('followers', row.day, row.n);
  const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
  const totals = Object.fromEntries(
    STAT_METRICS.map((m) => {
      const series = perDay[m];
      return [m, { today: series[series.length - 1] ?? 0, last7: sum(series.slice(-7)), last30: sum(series) }];
    }),
  ) as Record<StatMetric, MetricTotals>;
  return { days, perDay, totals };
}
