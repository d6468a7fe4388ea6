// What the public Launch page and a listing's launch choice share: the site
// settings that shape both routes, the products on sale (through the
// list_products tool, as any client sees them), and how prices and weeks read.
import type { Request } from 'express';
import type { Context } from '../../context.js';
import { anonymous } from '../../auth/caller.js';
import { getSetting } from '../../directory/settings.js';
import { invokeTool } from '../../registry/invoke.js';
import type { ProductView } from '../../orders/products.js';
import { MAX_EXTRA_CATEGORIES } from '../../orders/pricing.js';
import { BADGE_CHECK_EVERY_MS } from '../../launches/free-launch.js';
import listProducts from '../../../tools/directory/list_products.js';
import type { Problem } from '../ui/act.js';
import { control } from '../ui/fields.js';
import { field } from '../ui/forms.js';
import { html, type SafeHtml } from '../ui/html.js';
import type { PricedOrder } from '../../orders/pricing.js';
import { formatDay } from '../ui/format.js';

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

/** "4–6 weeks" from the settings, or "4 weeks" when the admin set one number. */
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
  media: 'media (screenshots, demo video)',
};

/** A quote as a table: each line, the subtotal, the VAT (or that it is not included yet) and the total, with the VAT note. */
export function priceTable(quote: PricedOrder): SafeHtml {
  return html`<div class="table-scroll" role="region" aria-label="Your price" tabindex="0"><table>
<caption>Your price</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="launch-num">Amount</th></tr></thead>
<tbody>${quote.lines.map((line) => html`<tr><th scope="row"><strong>${line.product_name}</strong><br><small>${line.description}</small></th><td class="launch-num">${dollars(line.amount_cents)}</td></tr>`)}</tbody>
<tfoot>
<tr><th scope="row">Subtotal</th><td class="launch-num">${dollars(quote.subtotal_cents)}</td></tr>
<tr><th scope="row">VAT${quote.vat.computed ? ` (${quote.vat.rate_percent} %)` : ''}</th><td class="launch-num">${quote.vat.computed ? dollars(quote.vat.amount_cents) : 'not included'}</td></tr>
<tr class="launch-total"><th scope="row">Total</th><td class="launch-num">${dollars(quote.total_cents)}</td></tr>
</tfoot></table></div>
<p class="muted">${quote.vat.note}</p>`;
}

/** The buyer's billing details as typed on a quote or checkout form (quote_order's and create_checkout's). */
export interface BillingInput {
  billing_country: string;
  vat_number: string;
  company_name: string;
  company_address: string;
}

export const EMPTY_BILLING: BillingInput = {
  billing_country: '',
  vat_number: '',
  company_name: '',
  company_address: '',
};

const BILLING_PARTS = Object.keys(EMPTY_BILLING) as (keyof BillingInput)[];

export const BILLING_LABELS: Record<keyof BillingInput, string> = {
  billing_country: 'Billing country',
  vat_number: 'VAT number',
  company_name: 'Company name',
  company_address: 'Company address',
};

export function billingInputOf(req: Request): BillingInput {
  return {
    billing_country: field(req, 'billing_country', 100),
    vat_number: field(req, 'vat_number', 100),
    company_name: field(req, 'company_name', 400),
    company_address: field(req, 'company_address', 1000),
  };
}

/** The billing part of an order request: what was typed, trimmed; empty parts left out. */
export function billingRequest(input: BillingInput): Record<string, string> {
  return Object.fromEntries(BILLING_PARTS.flatMap((p) => (input[p].trim() ? [[p, input[p].trim()]] : [])));
}

/** The billing details carried from a quote to its checkout. */
export const billingHidden = (input: BillingInput): SafeHtml =>
  html`${BILLING_PARTS.map((p) => html`<input type="hidden" name="${p}" value="${input[p]}">`)}`;

/** The billing controls a quote and a checkout take, with their problems. */
export function billingFields(input: BillingInput, problem: Problem | undefined): SafeHtml {
  return html`<div class="launch-billing">
${control({ path: 'billing_country', label: 'Billing country', value: input.billing_country, hint: 'Two letters, e.g. US, GB or DE: it sets the VAT.', problem, autocomplete: 'country', maxlength: 20 })}
${control({ path: 'vat_number', label: 'VAT number (optional)', value: input.vat_number, hint: 'EU businesses only: one from another EU country pays no VAT.', problem, maxlength: 40 })}
${control({ path: 'company_name', label: 'Company name (with a VAT number)', value: input.company_name, hint: 'The invoice of a reverse charge names your company.', problem, autocomplete: 'organization', maxlength: 200 })}
${control({ path: 'company_address', label: 'Company address (with a VAT number)', value: input.company_address, kind: 'textarea', rows: 3, problem, autocomplete: 'street-address', maxlength: 500 })}
</div>`;
}
