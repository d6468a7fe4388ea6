// What a maker can do with one of their listings before committing to
// anything (get_launch_options), and checking its badge now (check_badge).
// Both read the same rules the writes use: the free week is the one
// choose_free_listing would reserve, the paid weeks are counted as
// quote_order counts them, and the quote is quote_order's.
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { ownListing } from '../listings/my-listings.js';
import {
  paidLaunchWeeks,
  type PendingLaunch,
  pendingLaunchOrder,
  pendingLaunchSentence,
  type PricedOrder,
  priceOrder,
} from '../orders/pricing.js';
import { listProductsForSale, type ProductView } from '../orders/products.js';
import { BADGE_CHECK_EVERY_MS, checkBadge, freeWeekOnOffer } from './free-launch.js';

/** How many paid weeks the options list (the booking horizon may allow more; quote_order checks any). */
const PAID_WEEKS_LISTED = 8;

export const BADGE_RULE =
  "A link to this listing's page on this site (any URL of it) wrapping an <img> of one of its badge images (/badges/{slug}/…), anywhere in the homepage's HTML as served (not added by script). The badge HTML from choose_free_listing or get_badges is exactly that.";

export interface LaunchOptions {
  listing: { listing_id: number; status: string; plan: string; launch_week: string | null };
  free: {
    available: boolean;
    why_not: string | null;
    week: string | null;
    rule: string;
    badge_checks_every_minutes: number;
  };
  paid: {
    available: boolean;
    why_not: string | null;
    weeks: { week: string; places_left: number }[];
    places_per_week: number;
    booking_horizon_weeks: number;
    quote: PricedOrder | null;
    quote_problem: string | null;
  };
  products: ProductView[];
  /** An order awaiting payment that holds the listing's launch (the tool names it in next_steps). */
  pending: PendingLaunch | null;
}

export async function launchOptions(
  ctx: Context,
  userId: number,
  listingId: number,
  billing: { billing_country?: string; vat_number?: string },
): Promise<LaunchOptions> {
  const listing = await ownListing(ctx, userId, listingId);
  const [free, paid, products, pending] = await Promise.all([
    freeWeekOnOffer(ctx),
    paidLaunchWeeks(ctx, PAID_WEEKS_LISTED),
    listProductsForSale(ctx.db),
    pendingLaunchOrder(ctx, listing.id),
  ]);
  // An order waiting for payment closes both routes until it is paid or expires.
  const held = pending ? pendingLaunchSentence(pending) : null;
  const freeWhyNot =
    listing.plan === 'paid'
      ? 'This listing has a paid launch.'
      : (held ??
        (listing.status !== 'draft'
          ? `Its status is ${listing.status}${listing.launch_week ? `, launch week ${listing.launch_week}` : ''}.`
          : free.week === null
            ? `Every week from ${free.earliest} to ${free.latest} is full; try again later.`
            : null));
  const paidWhyNot =
    listing.plan === 'paid'
      ? 'This listing already has a paid launch.'
      : listing.status === 'live'
        ? 'It is live already.'
        : held;
  let quote: PricedOrder | null = null;
  let quoteProblem: string | null = null;
  if (paidWhyNot === null) {
    try {
      quote = await priceOrder(ctx, userId, { items: [{ product: 'launch', listing_id: listing.id }], ...billing });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // The reasons themselves, not "check items.0.listing_id": the caller never wrote that item.
      quoteProblem = err.errors.length > 0 ? err.errors.map((e) => e.message).join('; ') : err.message;
    }
  }
  return {
    listing: { listing_id: listing.id, status: listing.status, plan: listing.plan, launch_week: listing.launch_week },
    free: {
      available: freeWhyNot === null,
      why_not: freeWhyNot,
      week: freeWhyNot === null ? free.week : null,
      rule: `The first week with room ${free.min}–${free.max} weeks out (weeks start Monday 00:00 UTC). The listing waits as awaiting_badge until the badge is found on its homepage, then is scheduled and goes live that week; if the week starts without the badge, it moves to the next free week.`,
      badge_checks_every_minutes: Math.round(BADGE_CHECK_EVERY_MS / 60_000),
    },
    paid: {
      available: paidWhyNot === null,
      why_not: paidWhyNot,
      weeks: paid.weeks.map((w) => ({ week: w.week, places_left: w.left })),
      places_per_week: paid.capacity,
      booking_horizon_weeks: paid.horizon,
      quote,
      quote_problem: quoteProblem,
    },
    products,
    pending,
  };
}

export interface BadgeCheck {
  listing_id: number;
  result: 'found' | 'missing' | 'unreachable';
  detail: string;
  status: string;
  checked_at: string;
}

/** Fetches the owner's homepage now (the same check as the hourly job); only a listing awaiting its badge. */
export async function checkBadgeNow(ctx: Context, userId: number, listingId: number): Promise<BadgeCheck> {
  const listing = await ownListing(ctx, userId, listingId);
  if (listing.status !== 'awaiting_badge') {
    throw new AppError(
      'conflict',
      `Only a listing awaiting its badge is checked; this one is ${listing.status}. ${listing.status === 'draft' ? 'Choose the free launch first (choose_free_listing).' : 'Nothing to check.'}`,
    );
  }
  const { result, detail } = await checkBadge(ctx, listing);
  const after = await ownListing(ctx, userId, listingId);
  return { listing_id: listing.id, result, detail, status: after.status, checked_at: ctx.clock.now().toISOString() };
}
