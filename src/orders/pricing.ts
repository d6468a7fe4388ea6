// Pricing an order (quote_order, and create_checkout before it saves):
// every item and option validated against the caller's listings, the
// booking calendar and the admin's prices (the products table; nothing here
// holds a price), then subtotal, VAT and total in USD cents. Reads only.
import type { ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { Database, Listing, OrdersTable } from '../../db/schema.js';
import type { Context } from '../context.js';
import type { Db } from '../platform/db.js';
import { AppError, type FieldError } from '../errors.js';
import { PAID_SECTIONS, unlockedSections } from '../listings/profile.js';
import { getSetting } from '../directory/settings.js';
import { isOrderable, ORDERABLE, type Orderable } from './products.js';
import { computeVat } from './vat.js';
import { addWeeks, mondayOf, resolveWeek } from '../launches/weeks.js';

/** The options each product takes besides product and listing_id. */
const OPTIONS: Record<Orderable, readonly ('week' | 'amount_cents' | 'categories')[]> = {
  launch: ['week', 'categories'],
  featured: ['week'],
  billboard: ['amount_cents'],
  'premium-profile': [],
};
/** Extra (non-primary) categories a paid listing may have. */
export const MAX_EXTRA_CATEGORIES = 3;

/** Orders that hold what they bought for good; a pending order holds it only until it expires. */
const HOLDING = ['paid', 'fulfilled'] as const;

export interface OrderItemInput {
  product: string;
  listing_id?: number;
  week?: string;
  amount_cents?: number;
  categories?: string[];
}

export interface OrderRequest {
  items: OrderItemInput[];
  billing_country?: string;
  vat_number?: string;
  company_name?: string;
  company_address?: string;
}

export const pricedLine = z.object({
  position: z.number().int().describe('Index of the item in the request'),
  product: z.string(),
  product_name: z.string(),
  description: z.string(),
  listing: z.object({ listing_id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  week: z.string().nullable().describe('Monday of the launch or featured week; null = at once / no week'),
  categories: z.array(z.string()).describe('launch: extra categories added when fulfilled'),
  unit_cents: z.number().int(),
  amount_cents: z.number().int(),
});
export type PricedLine = z.infer<typeof pricedLine>;

export const vatView = z.object({
  computed: z.boolean().describe('False when no billing_country was given (totals then exclude VAT)'),
  rate_percent: z.number(),
  amount_cents: z.number().int(),
  billing_country: z.string().nullable(),
  vat_number: z.string().nullable(),
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  reverse_charge: z.boolean(),
  note: z.string().describe('Why this VAT applies'),
});
export type VatView = z.infer<typeof vatView>;

/** The quote (quote_order without its next steps). */
export const pricedOrder = z.object({
  currency: z.literal('USD'),
  lines: z.array(pricedLine),
  subtotal_cents: z.number().int().describe('Excluding VAT'),
  vat: vatView,
  total_cents: z.number().int().describe('Including VAT'),
});
export type PricedOrder = z.infer<typeof pricedOrder>;

type ItemListing = Pick<Listing, 'id' | 'slug' | 'name' | 'status' | 'plan' | 'launch_week' | 'unlocked_sections'>;

/** An order whose reservation still counts: paid, or pending and not yet expired at `now`. */
function holding(eb: ExpressionBuilder<Database & { o: OrdersTable }, 'o'>, now: string) {
  return eb.or([
    eb('o.status', 'in', [...HOLDING]),
    eb.and([eb('o.status', '=', 'pending'), eb('o.expires_at', '>', now)]),
  ]);
}

/** Listings holding a paid launch in `week`: paid listings placed there, and launch lines of live orders. */
async function paidLaunchesIn(db: Db, week: string, now: string): Promise<Set<number>> {
  const [placed, ordered] = await Promise.all([
    db
      .selectFrom('listings')
      .select('id')
      .where('plan', '=', 'paid')
      .where('launch_week', '=', week)
      .where('status', 'in', ['scheduled', 'live'])
      .execute(),
    db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.listing_id')
      .where('l.product', '=', 'launch')
      .where('l.week', '=', week)
      .where((eb) => holding(eb, now))
      .execute(),
  ]);
  return new Set([
    ...placed.map((r) => r.id),
    ...ordered.flatMap((r) => (r.listing_id === null ? [] : [r.listing_id])),
  ]);
}

/**
 * The next `count` weeks a paid launch may be booked in (after this week,
 * within the booking horizon), each with its paid launches taken and the
 * per-week capacity: the same counts quote_order checks a week against.
 */
export async function paidLaunchWeeks(
  ctx: Context,
  count: number,
): Promise<{ capacity: number; horizon: number; weeks: { week: string; taken: number; left: number }[] }> {
  const now = ctx.clock.now();
  const [horizon, capacity] = await Promise.all([
    getSetting(ctx.db, 'booking_horizon_weeks'),
    getSetting(ctx.db, 'paid_weekly_capacity'),
  ]);
  const thisWeek = mondayOf(now);
  const weeks = Array.from({ length: Math.min(count, horizon) }, (_, i) => addWeeks(thisWeek, i + 1));
  const taken = await Promise.all(weeks.map((week) => paidLaunchesIn(ctx.db, week, now.toISOString())));
  return {
    capacity,
    horizon,
    weeks: weeks.map((week, i) => ({
      week,
      taken: taken[i]!.size,
      left: Math.max(0, capacity - taken[i]!.size),
    })),
  };
}

/** The order (number) that already holds a line of `product` for this listing (and week), if any. */
async function heldBy(
  db: Db,
  product: string,
  listingId: number,
  week: string | null,
  now: string,
): Promise<string | null> {
  let query = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('o.number')
    .where('l.product', '=', product)
    .where('l.listing_id', '=', listingId)
    .where((eb) => holding(eb, now));
  if (week !== null) query = query.where('l.week', '=', week);
  // A fulfilled launch is already on the listing (plan paid); only unfinished ones hold it here.
  if (product === 'launch') query = query.where('l.fulfilled_at', 'is', null);
  const row = await query.executeTakeFirst();
  return row ? row.number : null;
}

/** An order waiting for payment that holds a listing's launch: its number, the week it holds (null: live at once) and until when. */
export interface PendingLaunch {
  number: string;
  week: string | null;
  expires_at: string;
}

/** The unexpired pending order holding a launch of the listing, or null (paid orders are on the listing already). */
export async function pendingLaunchOrder(ctx: Context, listingId: number): Promise<PendingLaunch | null> {
  const row = await ctx.db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.number', 'l.week', 'o.expires_at'])
    .where('l.product', '=', 'launch')
    .where('l.listing_id', '=', listingId)
    .where('o.status', '=', 'pending')
    .where('o.expires_at', '>', ctx.clock.now().toISOString())
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
  return row ? { number: row.number, week: row.week ?? null, expires_at: String(row.expires_at) } : null;
}

/** What a pending launch order holds and what to do about it, in one sentence. */
export function pendingLaunchSentence(pending: PendingLaunch): string {
  const holds = pending.week ? `a paid launch in the week of ${pending.week}` : 'a paid launch live at once';
  return `Order ${pending.number} holds ${holds} until ${pending.expires_at}: pay it at its checkout link (get_order), or let it expire to choose again.`;
}

/**
 * Validates every item and prices it: 404 for a listing the caller does not
 * own (naming the item), one 400 listing every other problem by field path
 * (`items.0.week`), or the priced lines with subtotal, VAT and total.
 */
export async function priceOrder(
  ctx: Context,
  userId: number,
  request: OrderRequest,
  opts: { requireBillingCountry?: boolean } = {},
): Promise<PricedOrder> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const thisWeek = mondayOf(now);
  const errors: FieldError[] = [];
  const fail = (path: string, message: string) => errors.push({ path, message });

  const products = new Map(
    (
      await db
        .selectFrom('products')
        .select(['key', 'name', 'price_cents'])
        .where('active', '=', 1)
        .where('price_cents', 'is not', null)
        .execute()
    ).map((p) => [p.key, p]),
  );
  const forSale = ORDERABLE.filter((k) => products.has(k));

  // Ownership first: another user's (or no) listing is a 404 naming the item.
  const listingIds = [...new Set(request.items.flatMap((i) => (i.listing_id === undefined ? [] : [i.listing_id])))];
  const owned = new Map<number, ItemListing>(
    listingIds.length === 0
      ? []
      : (
          await db
            .selectFrom('listings')
            .select(['id', 'slug', 'name', 'status', 'plan', 'launch_week', 'unlocked_sections'])
            .where('id', 'in', listingIds)
            .where('owner_id', '=', userId)
            .execute()
        ).map((l) => [l.id, l]),
  );
  for (const [i, item] of request.items.entries()) {
    if (item.listing_id !== undefined && !owned.has(item.listing_id)) {
      const message = `you have no listing ${item.listing_id}; list_my_listings shows yours`;
      throw new AppError('not_found', `items.${i}.listing_id: ${message}.`, {
        errors: [{ path: `items.${i}.listing_id`, message }],
      });
    }
  }

  const [horizon, capacity, billboardMinimum] = await Promise.all([
    getSetting(db, 'booking_horizon_weeks'),
    getSetting(db, 'paid_weekly_capacity'),
    getSetting(db, 'billboard_minimum_cents'),
  ]);
  const lastBookable = addWeeks(thisWeek, horizon);
  const capacityUse = new Map<string, Set<number>>();
  const seen = new Set<string>();
  const launchesHere = new Map<number, string>(); // listing → week it goes live through this order
  const lines: PricedLine[] = [];

  /** A future Monday within the booking horizon (a date is snapped to its Monday), or null after recording why not. */
  const futureWeek = (raw: string, path: string): string | null => {
    let week: string;
    try {
      week = resolveWeek(raw, now, path);
    } catch (err) {
      if (err instanceof AppError) fail(path, err.errors[0]?.message ?? err.message);
      else throw err;
      return null;
    }
    if (week <= thisWeek) {
      fail(path, `the week of ${week} has already started or passed; choose a Monday after ${thisWeek}`);
      return null;
    }
    if (week > lastBookable) {
      fail(path, `weeks can be booked up to ${horizon} weeks ahead (until ${lastBookable})`);
      return null;
    }
    return week;
  };

  for (const [i, item] of request.items.entries()) {
    const at = (field: string) => `items.${i}.${field}`;
    const product = products.get(item.product);
    if (!product || !isOrderable(item.product)) {
      fail(
        at('product'),
        `unknown product "${item.product}"${product ? ' (not orderable through the API)' : ''}; products for sale: ${forSale.join(', ') || 'none (the admin has set no prices)'}; see list_products`,
      );
      continue;
    }
    const key = item.product as Orderable;
    for (const option of ['week', 'amount_cents', 'categories'] as const) {
      if (item[option] !== undefined && !OPTIONS[key].includes(option))
        fail(at(option), `not an option of ${key}; ${key} takes ${['listing_id', ...OPTIONS[key]].join(', ')}`);
    }
    if (item.listing_id === undefined) {
      fail(at('listing_id'), `${key} is bought for one of your listings: give its listing_id`);
      continue;
    }
    const listing = owned.get(item.listing_id)!;
    const ref = { listing_id: listing.id, slug: listing.slug, name: listing.name };
    const price = Number(product.price_cents);
    const before = errors.length;

    if (key === 'launch') {
      if (seen.has(`launch:${listing.id}`))
        fail(at('listing_id'), `listing ${listing.id} has a launch earlier in this order`);
      seen.add(`launch:${listing.id}`);
      if (listing.status === 'live')
        fail(at('listing_id'), `${listing.name} is already live; a launch is for listings that have not launched`);
      else if (listing.plan === 'paid')
        fail(at('listing_id'), `${listing.name} already has a paid launch (week ${listing.launch_week ?? 'now'})`);
      else if (!['draft', 'awaiting_badge', 'scheduled'].includes(listing.status))
        fail(at('listing_id'), `${listing.name} is ${listing.status} and cannot be launched`);
      const pending = await heldBy(db, 'launch', listing.id, null, nowIso);
      if (pending)
        fail(
          at('listing_id'),
          `${listing.name} already has a launch in order ${pending}; pay or let it expire (get_order)`,
        );
      let week: string | null = null;
      if (item.week !== undefined) {
        week = futureWeek(item.week, at('week'));
        if (week) {
          const used = capacityUse.get(week) ?? (await paidLaunchesIn(db, week, nowIso));
          capacityUse.set(week, used);
          if (!used.has(listing.id) && used.size >= capacity)
            fail(
              at('week'),
              `the week of ${week} is fully booked (${capacity} paid launches); choose another week or leave week out to go live at once`,
            );
          used.add(listing.id);
        }
      }
      const categories = await checkExtraCategories(db, listing.id, item.categories ?? [], at('categories'), fail);
      launchesHere.set(listing.id, week ?? thisWeek);
      if (errors.length === before) {
        const when = week ? `scheduled for the week of ${week}` : 'live at once';
        lines.push({
          position: i,
          product: key,
          product_name: product.name,
          description: `Paid launch of ${listing.name}, ${when}; unlocks ${PAID_SECTIONS.join(', ')} and up to ${MAX_EXTRA_CATEGORIES} more categories`,
          listing: ref,
          week,
          categories,
          unit_cents: price,
          amount_cents: price,
        });
      }
    } else if (key === 'featured') {
      if (item.week === undefined) {
        fail(at('week'), 'featured needs the week to feature the listing: a future Monday (YYYY-MM-DD)');
        continue;
      }
      const week = futureWeek(item.week, at('week'));
      if (week) {
        if (seen.has(`featured:${listing.id}:${week}`))
          fail(at('week'), `listing ${listing.id} is featured that week earlier in this order`);
        seen.add(`featured:${listing.id}:${week}`);
        const taken = await heldBy(db, 'featured', listing.id, week, nowIso);
        if (taken) fail(at('week'), `${listing.name} is already featured the week of ${week} (order ${taken})`);
        // Featuring needs the listing public by then: live, scheduled no later, or launched by this order.
        const goesLive =
          launchesHere.get(listing.id) ??
          (listing.status === 'live' ? thisWeek : listing.status === 'scheduled' ? listing.launch_week : null);
        if (!goesLive || goesLive > week) {
          fail(
            at('week'),
            `${listing.name} is not public by the week of ${week}; add a launch item for it first in this order (or pick a later week)`,
          );
        }
      }
      if (errors.length === before && week) {
        lines.push({
          position: i,
          product: key,
          product_name: product.name,
          description: `Featured week of ${week} for ${listing.name}`,
          listing: ref,
          week,
          categories: [],
          unit_cents: price,
          amount_cents: price,
        });
      }
    } else if (key === 'billboard') {
      if (seen.has(`billboard:${listing.id}`))
        fail(
          at('listing_id'),
          `listing ${listing.id} is on the billboard earlier in this order; put the whole amount in one item`,
        );
      seen.add(`billboard:${listing.id}`);
      if (item.amount_cents === undefined)
        fail(
          at('amount_cents'),
          `billboard needs amount_cents: what you pay sets your place, at least ${billboardMinimum} cents`,
        );
      else if (item.amount_cents < billboardMinimum)
        fail(at('amount_cents'), `must be at least ${billboardMinimum} cents (the billboard minimum)`);
      if (errors.length === before) {
        const amount = item.amount_cents!;
        lines.push({
          position: i,
          product: key,
          product_name: product.name,
          description: `Billboard (a paid ranking) for ${listing.name}: ${usd(amount)}`,
          listing: ref,
          week: null,
          categories: [],
          unit_cents: amount,
          amount_cents: amount,
        });
      }
    } else {
      if (seen.has(`premium:${listing.id}`))
        fail(at('listing_id'), `listing ${listing.id} has a premium profile earlier in this order`);
      seen.add(`premium:${listing.id}`);
      if (listing.plan === 'paid' || unlockedSections(listing).length === PAID_SECTIONS.length)
        fail(at('listing_id'), `${listing.name} already has ${PAID_SECTIONS.join(', ')} unlocked`);
      else if (launchesHere.has(listing.id))
        fail(at('listing_id'), `the launch in this order already unlocks ${PAID_SECTIONS.join(', ')}`);
      if (errors.length === before) {
        lines.push({
          position: i,
          product: key,
          product_name: product.name,
          description: `Premium profile for ${listing.name}: ${PAID_SECTIONS.join(', ')}`,
          listing: ref,
          week: null,
          categories: [],
          unit_cents: price,
          amount_cents: price,
        });
      }
    }
  }

  if (opts.requireBillingCountry && request.billing_country === undefined) {
    fail('billing_country', "needed before payment to work out VAT: the buyer's two-letter country code");
  }
  let vat: VatView | null = null;
  const subtotal = lines.reduce((sum, l) => sum + l.amount_cents, 0);
  if (request.billing_country !== undefined) {
    try {
      const v = computeVat({
        netCents: subtotal,
        billingCountry: request.billing_country,
        vatNumber: request.vat_number,
        sellerCountry: ctx.config.sellerCountry,
      });
      vat = {
        computed: true,
        rate_percent: v.rate_bp / 100,
        amount_cents: v.amount_cents,
        billing_country: v.billing_country,
        vat_number: v.vat_number,
        company_name: request.company_name ?? null,
        company_address: request.company_address ?? null,
        reverse_charge: v.reverse_charge,
        note: v.note,
      };
      // The invoice of a reverse charge names the buying company: asked before payment, not after.
      if (v.reverse_charge && opts.requireBillingCountry) {
        if (!request.company_name) fail('company_name', "needed for a reverse-charge invoice: the company's name");
        if (!request.company_address)
          fail('company_address', "needed for a reverse-charge invoice: the company's postal address");
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(...err.errors);
    }
  } else if (request.vat_number !== undefined) {
    fail('vat_number', 'give billing_country too: the VAT number is checked against the billing country');
  }
  if (errors.length > 0) {
    throw new AppError('invalid', `The order cannot be priced: check ${errors.map((e) => e.path).join(', ')}.`, {
      errors,
    });
  }
  vat ??= {
    computed: false,
    rate_percent: 0,
    amount_cents: 0,
    billing_country: null,
    vat_number: null,
    company_name: null,
    company_address: null,
    reverse_charge: false,
    note: "VAT not included: give billing_country to see it (EU buyers pay their country's VAT unless they have a valid VAT number).",
  };
  return { currency: 'USD', lines, subtotal_cents: subtotal, vat, total_cents: subtotal + vat.amount_cents };
}

/** Extra category slugs for a paid launch: known, not already on the listing, at most MAX_EXTRA_CATEGORIES in all. */
async function checkExtraCategories(
  db: Db,
  listingId: number,
  slugs: string[],
  path: string,
  fail: (path: string, message: string) => void,
): Promise<string[]> {
  if (slugs.length === 0) return [];
  const unique = [...new Set(slugs)];
  if (unique.length !== slugs.length) fail(path, 'lists a category twice');
  const [known, current] = await Promise.all([
    db.selectFrom('categories').select(['id', 'slug']).where('slug', 'in', unique).execute(),
    db
      .selectFrom('listing_categories')
      .select(['category_id', 'is_primary'])
      .where('listing_id', '=', listingId)
      .execute(),
  ]);
  const bySlug = new Map(known.map((c) => [c.slug, c.id]));
  const missing = unique.filter((s) => !bySlug.has(s));
  if (missing.length > 0) fail(path, `unknown categories: ${missing.join(', ')}; list_categories shows them`);
  const onListing = new Set(current.map((c) => c.category_id));
  const already = unique.filter((s) => onListing.has(bySlug.get(s) ?? -1));
  if (already.length > 0) fail(path, `the listing already has: ${already.join(', ')}`);
  const extras = current.filter((c) => c.is_primary !== 1).length;
  if (extras + unique.length > MAX_EXTRA_CATEGORIES)
    fail(
      path,
      `a paid listing has at most ${MAX_EXTRA_CATEGORIES} categories besides its primary one; it has ${extras} already`,
    );
  return unique;
}

export function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
