// What the public Launch page and a listing's launch choice share: the site
// settings that shape both routes, the products on sale (through the
// list_products tool, as any client sees them), and how prices and weeks read.
import type { Context } from '../../context.js';
import { anonymous } from '../../auth/caller.js';
import { getSetting } from '../../directory/settings.js';
import { invokeTool } from '../../registry/invoke.js';
import type { ProductView } from '../../orders/products.js';
import { MAX_EXTRA_CATEGORIES } from '../../orders/pricing.js';
import { BADGE_CHECK_EVERY_MS } from '../../launches/free-launch.js';
import listProducts from '../../../tools/directory/list_products.js';
import { formatDay } from '../public/launches-page.js';
import { html, type SafeHtml } from '../ui/html.js';

export interface LaunchSettings {
  siteName: string;
  freeWeeksMin: number;
  freeWeeksMax: number;
  freeWeeklyCapacity: number;
  paidWeeklyCapacity: number;
  bookingHorizonWeeks: number;
  billboardMinimumCents: number;
  paidLinksFollow: boolean;
  maxExtraCategories: number;
  /** How often the homepages of listings awaiting their badge are checked, in words. */
  badgeCheckEvery: string;
}

export async function launchSettings(ctx: Context): Promise<LaunchSettings> {
  const [siteName, min, max, freeCap, paidCap, horizon, billboardMin, follow] = await Promise.all([
    getSetting(ctx.db, 'site_name'),
    getSetting(ctx.db, 'free_launch_weeks_min'),
    getSetting(ctx.db, 'free_launch_weeks_max'),
    getSetting(ctx.db, 'free_weekly_capacity'),
    getSetting(ctx.db, 'paid_weekly_capacity'),
    getSetting(ctx.db, 'booking_horizon_weeks'),
    getSetting(ctx.db, 'billboard_minimum_cents'),
    getSetting(ctx.db, 'paid_links_follow'),
  ]);
  const minutes = Math.round(BADGE_CHECK_EVERY_MS / 60_000);
  return {
    siteName,
    freeWeeksMin: min,
    freeWeeksMax: Math.max(min, max),
    freeWeeklyCapacity: freeCap,
    paidWeeklyCapacity: paidCap,
    bookingHorizonWeeks: horizon,
    billboardMinimumCents: billboardMin,
    paidLinksFollow: follow,
    maxExtraCategories: MAX_EXTRA_CATEGORIES,
    badgeCheckEvery:
      minutes === 60 ? 'every hour' : minutes % 60 === 0 ? `every ${minutes / 60} hours` : `every ${minutes} minutes`,
  };
}

/** "6–8 weeks", or "6 weeks" when the admin set one number. */
export const freeWindowWords = (s: LaunchSettings) =>
  s.freeWeeksMin === s.freeWeeksMax ? `${s.freeWeeksMin} weeks` : `${s.freeWeeksMin}–${s.freeWeeksMax} weeks`;

/** The products on sale, exactly as list_products answers anyone. */
export async function productsForSale(ctx: Context): Promise<ProductView[]> {
  const answer = await invokeTool(ctx, listProducts, {}, anonymous());
  return (answer.body as { items: ProductView[] }).items;
}

/** `$49` for whole dollars, `$49.50` otherwise. */
export function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A price set large, its currency and VAT note small beside it. */
export function bigPrice(cents: number, note: string): SafeHtml {
  return html`<p class="launch-price"><strong>${dollars(cents)}</strong> <span>${note}</span></p>`;
}

/** "the week of 28 Dec 2026". */
export const weekOf = (monday: string) => `the week of ${formatDay(monday)}`;

/** The paid sections a paid launch unlocks, as a person reads them. */
export const PAID_SECTION_WORDS: Record<string, string> = {
  story: 'founder story',
  milestones: 'milestones',
  media: 'demo video',
};
