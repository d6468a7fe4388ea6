// The free launch (ARCHITECTURE §5 "Listing status"): a submitted listing
// reserves a launch week in the free window (site settings, per-week capacity) and
// waits in `awaiting_badge` until a periodic check finds our badge, linking to
// its page, on the product's homepage; it is then `scheduled`, and the weekly
// rollover makes it `live`. A week that starts without the badge slides the
// listing to the next free week.
import type { Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { type Db, inTransaction } from '../platform/db.js';
import { AppError } from '../errors.js';
import { pendingLaunchOrder, pendingLaunchSentence } from '../orders/pricing.js';
import { FetchError } from '../platform/fetcher.js';
import { ownListing } from '../listings/my-listings.js';
import { getSetting } from '../directory/settings.js';
import { addWeeks, mondayOf } from './weeks.js';
import { emitListingEvent } from '../webhooks/events.js';

const RESERVING = ['awaiting_badge', 'scheduled', 'live'];

/** The first week from `earliest` to `latest` (Mondays) with a free slot, or null. */
export async function nextFreeWeek(db: Db, earliest: string, latest: string): Promise<string | null> {
  const capacity = await getSetting(db, 'free_weekly_capacity');
  const taken = await db
    .selectFrom('listings')
    .select('launch_week')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plan', '=', 'free')
    .where('status', 'in', RESERVING)
    .where('launch_week', '>=', earliest)
    .where('launch_week', '<=', latest)
    .groupBy('launch_week')
    .execute();
  const used = new Map(taken.map((t) => [t.launch_week, Number(t.n)]));
  for (let week = earliest; week <= latest; week = addWeeks(week, 1)) {
    if ((used.get(week) ?? 0) < capacity) return week;
  }
  return null;
}

/** The weeks a free launch chosen at `now` may get: `min` to `max` weeks after this week (site settings). */
export async function freeLaunchWindow(
  db: Db,
  now: Date,
): Promise<{ min: number; max: number; earliest: string; latest: string }> {
  const [min, max] = [await getSetting(db, 'free_launch_weeks_min'), await getSetting(db, 'free_launch_weeks_max')];
  const thisWeek = mondayOf(now);
  return { min, max, earliest: addWeeks(thisWeek, min), latest: addWeeks(thisWeek, Math.max(min, max)) };
}

/** The week choose_free_listing would reserve now (null when every week of the window is full); a read. */
export async function freeWeekOnOffer(
  ctx: Context,
): Promise<{ week: string | null; min: number; max: number; earliest: string; latest: string }> {
  const window = await freeLaunchWindow(ctx.db, ctx.clock.now());
  return { ...window, week: await nextFreeWeek(ctx.db, window.earliest, window.latest) };
}

export async function chooseFreeListing(ctx: Context, userId: number, listingId: number): Promise<Listing> {
  const now = ctx.clock.now();
  const listing = await ownListing(ctx, userId, listingId);
  if (listing.plan === 'paid')
    throw new AppError('conflict', 'This listing has a paid launch; the free route is not needed.');
  if (listing.status !== 'draft') {
    const why =
      listing.status === 'live'
        ? 'it is already live'
        : listing.status === 'awaiting_badge' || listing.status === 'scheduled'
          ? `it already has launch week ${listing.launch_week}`
          : `its status is ${listing.status}`;
    throw new AppError('conflict', `The free launch is for submitted listings that have not launched; ${why}.`);
  }
  const pending = await pendingLaunchOrder(ctx, listing.id);
  if (pending) throw new AppError('conflict', `The free launch waits: ${pendingLaunchSentence(pending)}`);
  const { min, max, earliest, latest } = await freeLaunchWindow(ctx.db, now);
  return ctx.db.transaction().execute(async (trx) => {
    const week = await nextFreeWeek(trx, earliest, latest);
    if (!week)
      throw new AppError(
        'conflict',
        `Every free launch week from ${min} to ${max} weeks out is full. Try again next week, or launch paid (quote_order with product "launch").`,
      );
    const updated = await trx
      .updateTable('listings')
      .set({ status: 'awaiting_badge', plan: 'free', launch_week: week, updated_at: now.toISOString() })
      .where('id', '=', listing.id)
      .where('status', '=', 'draft')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('conflict', 'The listing changed meanwhile; fetch it again with get_my_listing.');
    return updated;
  });
}

/** The jsdom module: loaded at the first badge check, not with the server (it takes most of a second). */
type Jsdom = typeof import('jsdom');

/**
 * Is our badge on this HTML page: a link to the listing's page here that
 * holds one of our badge images (or, for a text-only embed, links to it)?
 */
export function pageHasBadge(jsdom: Jsdom, html: string, pageUrl: string, publicUrl: string, slug: string): boolean {
  const dom = new jsdom.JSDOM(html, { url: pageUrl, virtualConsole: new jsdom.VirtualConsole() });
  try {
    const profile = new URL(`${publicUrl}/listings/${slug}`);
    const samePage = (href: string) => {
      const u = new URL(href);
      return u.origin === profile.origin && u.pathname.replace(/\/$/, '') === profile.pathname;
    };
    for (const a of dom.window.document.querySelectorAll('a[href]')) {
      const href = (a as HTMLAnchorElement).href;
      if (!href || !samePage(href)) continue;
      for (const img of a.querySelectorAll('img[src]')) {
        const src = new URL((img as HTMLImageElement).src);
        if (src.origin === profile.origin && src.pathname.startsWith(`/badges/${slug}/`)) return true;
      }
    }
    return false;
  } catch {
    return false;
  } finally {
    dom.window.close();
  }
}

/** How often the badge_checks job looks at the homepages of listings awaiting their badge. */
export const BADGE_CHECK_EVERY_MS = 60 * 60_000;

/** Checks one listing's homepage; moves it to `scheduled` when the badge is there. */
export async function checkBadge(
  ctx: Context,
  listing: Pick<Listing, 'id' | 'slug' | 'url'>,
): Promise<{ result: 'found' | 'missing' | 'unreachable'; detail: string }> {
  // Loaded before the try below, so a broken install fails the job instead of reading as an unreachable homepage.
  const jsdom = await import('jsdom');
  let result: 'found' | 'missing' | 'unreachable';
  let detail: string;
  try {
    const page = await ctx.fetcher.get(listing.url, { maxBytes: 2 * 1024 * 1024 });
    const html = page.status < 400 && /html/i.test(page.contentType) ? page.body.toString('utf8') : '';
    result = html && pageHasBadge(jsdom, html, page.url, ctx.config.publicUrl, listing.slug) ? 'found' : 'missing';
    detail =
      result === 'found'
        ? 'badge found on the homepage'
        : page.status >= 400
          ? `homepage answered HTTP ${page.status}`
          : 'no link to the listing page with our badge image on the homepage';
  } catch (err) {
    result = 'unreachable';
    detail = err instanceof FetchError ? `homepage not fetched: ${err.message}` : 'homepage not fetched';
  }
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx, async (tx) => {
    const updated = await tx.db
      .updateTable('listings')
      .set({
        badge_checked_at: now,
        badge_check_result: detail,
        ...(result === 'found' ? { status: 'scheduled', updated_at: now } : {}),
      })
      .where('id', '=', listing.id)
      .where('status', '=', 'awaiting_badge')
      .executeTakeFirst();
    if (result === 'found' && Number(updated.numUpdatedRows) === 1)
      await emitListingEvent(tx, 'listing.scheduled', listing.id);
  });
  return { result, detail };
}

/** Checks every listing awaiting its badge (the periodic job). */
export async function checkAllBadges(ctx: Context): Promise<{ checked: number; found: number }> {
  const waiting = await ctx.db
    .selectFrom('listings')
    .select(['id', 'slug', 'url'])
    .where('status', '=', 'awaiting_badge')
    .orderBy('id')
    .execute();
  let found = 0;
  for (const listing of waiting) if ((await checkBadge(ctx, listing)).result === 'found') found++;
  return { checked: waiting.length, found };
}
