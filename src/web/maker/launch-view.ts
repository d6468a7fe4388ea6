// The launch choice of one listing (/my/listings/:id/launch), drawn from what
// the tools answered: where the listing stands and what happens next, its
// badge (copyable HTML, a live preview, "Check my badge now"), and the two
// routes side by side: free (the week it would get) and paid (week picker
// with availability, extras, billing country, the quote, checkout).
import { randomUUID } from 'node:crypto';
import type { BadgeEmbed } from '../../launches/badges.js';
import type { OwnListing } from '../../listings/my-listings.js';
import { PUBLIC_STATUSES } from '../../listings/summary.js';
import type { OrderView } from '../../orders/orders.js';
import type { PricedOrder } from '../../orders/pricing.js';
import type { ProductView } from '../../orders/products.js';
import type { Problem } from '../ui/act.js';
import { controlId, errorsFor, idempotencyField, plainMessage, problemSummary } from '../ui/fields.js';
import { csrfField, errorBox, html, type SafeHtml } from '../ui/html.js';
import {
  bigPrice,
  type BillingInput,
  BILLING_LABELS,
  billingFields,
  billingHidden,
  billingRequest,
  EMPTY_BILLING,
  dollars,
  freeWindowWords,
  type LaunchSettings,
  priceTable,
  weekOf,
} from './launch-common.js';
import { freePlanList, paidPlanList, sectionsWords } from './launch-public.js';
import { formatDay } from '../ui/format.js';

/** What the person typed into the paid route's form, kept across a quote or a refusal. */
export interface PaidInput extends BillingInput {
  week: string;
  featured: boolean;
  categories: string[];
}

export const EMPTY_PAID_INPUT: PaidInput = { week: '', featured: false, categories: [], ...EMPTY_BILLING };

/** The order quote_order and create_checkout get from the paid form: the launch, and a featured week if ticked. */
export function orderRequest(listingId: number, input: PaidInput): Record<string, unknown> {
  const week = input.week.trim();
  const launch: Record<string, unknown> = { product: 'launch', listing_id: listingId };
  if (week) launch.week = week;
  if (input.categories.length > 0) launch.categories = input.categories;
  const items: Record<string, unknown>[] = [launch];
  if (input.featured) items.push({ product: 'featured', listing_id: listingId, ...(week ? { week } : {}) });
  return { items, ...billingRequest(input) };
}

/** The paid form's labels by the tool's error paths (items.0 is the launch, items.1 the featured week). */
export function paidLabel(path: string): string {
  if (path in BILLING_LABELS) return BILLING_LABELS[path as keyof BillingInput];
  if (path.startsWith('items.0.week')) return 'Launch week';
  if (path.startsWith('items.0.categories')) return 'More categories';
  if (path.startsWith('items.1')) return 'Featured week';
  if (path.startsWith('items.0')) return 'This listing';
  return path;
}

export interface CategoryChoice {
  slug: string;
  name: string;
  subcategories: { slug: string; name: string }[];
}

export interface LaunchData {
  listing: OwnListing;
  settings: LaunchSettings;
  products: ProductView[];
  /** The free route, when the listing may take it: the week it would get now (null: every week of the window is full). */
  free?: { week: string | null; earliest: string; latest: string };
  /** The paid route, when the listing may take it: the bookable weeks with their places left. */
  paid?: {
    capacity: number;
    horizon: number;
    weeks: { week: string; left: number }[];
    categories: CategoryChoice[];
    /** An order already holding this listing's launch (unpaid, or paid and being applied). */
    openOrder?: OrderView;
  };
  /** The badge to put on the homepage, once the listing has one. */
  badge?: BadgeEmbed;
  badgeStyle: { shape: string; mode: string };
}

export interface LaunchState {
  notice?: SafeHtml | string;
  freeProblem?: Problem;
  paidProblem?: Problem;
  paidInput?: PaidInput;
  quote?: PricedOrder;
}

const STATUS_WORDS: Record<string, string> = {
  draft: 'Not launched yet',
  awaiting_badge: 'Free launch: waiting for your badge',
  scheduled: 'Scheduled',
  live: 'Live',
  rejected: 'Rejected',
  archived: 'Archived',
};
const PLAN_WORDS: Record<string, string> = { none: 'None chosen yet', free: 'Free', paid: 'Paid' };

function facts(l: OwnListing): SafeHtml {
  return html`<dl class="launch-facts">
<dt>Status</dt><dd><span class="launch-status status-${l.status}">${STATUS_WORDS[l.status] ?? l.status}</span></dd>
<dt>Plan</dt><dd>${PLAN_WORDS[l.plan] ?? l.plan}</dd>
<dt>Launch week</dt><dd>${l.launch_week ? html`<a href="/launches/weeks/${l.launch_week}">${formatDay(l.launch_week)}</a> (Monday, 00:00 UTC)` : 'Not set'}</dd>
${l.status === 'live' && l.launched_at ? html`<dt>Launched</dt><dd>${formatDay(l.launched_at)}</dd>` : ''}
</dl>`;
}

/** Where the listing stands and what happens next, in a sentence or two. */
function whatNext(d: LaunchData): SafeHtml | string {
  const l = d.listing;
  const week = l.launch_week ? weekOf(l.launch_week) : '';
  const site = d.settings.siteName;
  switch (l.status) {
    case 'draft':
      return html`<p class="launch-next">Choose how to launch it below: <strong>free</strong> (a launch week ${freeWindowWords(d.settings)} out, once our badge is on your homepage) or <strong>paid</strong> (live today or in the week you pick).</p>`;
    case 'awaiting_badge':
      return html`<div class="launch-next"><p><strong>Next: put the badge on your homepage.</strong> Your free launch is reserved for ${week}. We look for the badge on ${/^https?:\/\//i.test(l.url) ? html`<a href="${l.url}" rel="nofollow noopener">${l.url}</a>` : l.url} ${d.settings.badgeCheckEvery}; once it is there your launch is scheduled, and it goes live on ${formatDay(l.launch_week ?? '')} at 00:00 UTC.</p>
<p class="muted">If that week starts before the badge is found, the launch moves to the next week with room. In a hurry? The paid launch below skips the wait.</p></div>`;
    case 'scheduled':
      return l.plan === 'paid'
        ? html`<p class="launch-next"><strong>Your paid launch is scheduled</strong> for ${week}: it goes live on ${formatDay(l.launch_week ?? '')} at 00:00 UTC. Nothing else to do; polish your listing meanwhile.</p>`
        : html`<p class="launch-next"><strong>Badge found: your free launch is scheduled</strong> for ${week}. It goes live on ${formatDay(l.launch_week ?? '')} at 00:00 UTC. Keep the badge on your homepage.</p>`;
    case 'live':
      return html`<p class="launch-next"><strong>${l.name} is live</strong> on ${site}: <a href="/listings/${l.slug}">see its page</a>. Share the badge below to bring your visitors to vote.</p>`;
    default:
      return errorBox(
        `This listing is ${STATUS_WORDS[l.status]?.toLowerCase() ?? l.status}, so it cannot be launched.`,
      );
  }
}

const SHAPES: [string, string][] = [
  ['standard', 'Standard'],
  ['outline', 'Outline'],
  ['pill', 'Pill'],
  ['banner', 'Banner'],
  ['square', 'Square'],
];
const MODES: [string, string][] = [
  ['auto', 'Follow the visitor (light or dark)'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/**
 * A badge as it will look on the maker's site: here from its image URL, in
 * the MCP App's draft review (draft-review.ts) drawn inline before the
 * listing exists. `href`: where it links, once there is a listing page.
 */
export function badgePreview(
  img: { src: string; alt: string; width: number; height: number },
  href?: string,
): SafeHtml {
  const image = html`<img src="${img.src}" alt="${img.alt}" width="${img.width}" height="${img.height}">`;
  return html`<p class="launch-badge-preview-label">Preview</p>
<div class="launch-badge-preview">${href ? html`<a href="${href}">${image}</a>` : image}</div>`;
}

function badgeSection(d: LaunchData, csrfToken: string): SafeHtml | string {
  const b = d.badge;
  if (!b) return '';
  const l = d.listing;
  const select = (name: string, label: string, options: [string, string][], value: string) =>
    html`<div class="launch-badge-style-field"><label for="badge-${name}">${label}</label><select id="badge-${name}" name="${name}">${options.map(([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`)}</select></div>`;
  return html`<section class="card launch-badge-card" aria-labelledby="badge-heading" id="badge">
<h2 id="badge-heading">Your badge</h2>
<p>A small image that says “${b.label}” and links to ${(PUBLIC_STATUSES as readonly string[]).includes(l.status) ? html`<a href="${b.link_url}">your listing page</a>` : 'your listing page'}.${l.status === 'awaiting_badge' ? ' Your free launch needs it on your homepage, anywhere (the footer is fine), linking to us as below.' : ' Put it on your site to send visitors to your page.'}</p>
${badgePreview({ src: b.image_url, alt: `${l.name}: ${b.label}`, width: b.width, height: b.height }, b.link_url)}
<form method="get" action="/my/listings/${l.listing_id}/launch#badge" class="launch-badge-style">
${select('shape', 'Shape', SHAPES, d.badgeStyle.shape)}
${select('mode', 'Colours', MODES, d.badgeStyle.mode)}
<button type="submit" class="secondary">Show this style</button>
</form>
<label for="badge-html">Badge HTML to copy</label>
<p class="hint" id="badge-html-hint">Paste it into your homepage’s HTML as it is, then publish the page.</p>
<textarea id="badge-html" class="launch-badge-code" readonly rows="5" aria-describedby="badge-html-hint">${b.html}</textarea>
${l.status === 'awaiting_badge' ? badgeCheck(d, csrfToken) : ''}
</section>`;
}

function badgeCheck(d: LaunchData, csrfToken: string): SafeHtml {
  const check = d.listing.badge_check;
  return html`<div class="launch-badge-check">
<p>${check.checked_at ? html`Last checked ${formatDay(check.checked_at)} at ${check.checked_at.slice(11, 16)} UTC: ${check.result ?? 'no result'}.` : 'Not checked yet.'}</p>
<form method="post" action="/my/listings/${d.listing.listing_id}/launch/check-badge">${csrfField(csrfToken)}
<button type="submit">Check my badge now</button></form>
</div>`;
}

function freeCard(d: LaunchData, state: LaunchState, csrfToken: string): SafeHtml {
  const s = d.settings;
  const free = d.free!;
  const action = `/my/listings/${d.listing.listing_id}/launch/free`;
  return html`<section class="launch-plan" aria-labelledby="route-free" id="free">
<p class="launch-tag">No card needed</p>
<h2 id="route-free">Free launch</h2>
${bigPrice(0, 'no payment')}
<p class="launch-when">${free.week ? html`If you choose it now: <strong>${weekOf(free.week)}</strong>, the first week with room ${freeWindowWords(s)} out.` : html`<strong>Every free week from ${formatDay(free.earliest)} to ${formatDay(free.latest)} is full.</strong> Try again next week, or launch paid.`}</p>
${freePlanList(s)}
<p class="muted">After you choose, you get the badge HTML to paste on your homepage.</p>
${state.freeProblem ? errorBox(state.freeProblem.message) : ''}
${free.week ? html`<form method="post" action="${action}">${csrfField(csrfToken)}${idempotencyField(randomUUID())}<button type="submit" class="secondary">Choose the free launch</button></form>` : ''}
</section>`;
}

/** The short paid card beside the free one: the price and what it includes; the form is below. */
function paidCard(d: LaunchData): SafeHtml {
  const launch = d.products.find((p) => p.key === 'launch')!;
  const premium = d.products.find((p) => p.key === 'premium-profile');
  return html`<section class="launch-plan recommended" aria-labelledby="route-paid">
<p class="launch-tag">Fastest</p>
<h2 id="route-paid">Paid launch</h2>
${bigPrice(launch.price_cents, 'USD, once · plus VAT where it applies')}
<p class="launch-when">Live today, or in the week you choose.</p>
${paidPlanList(d.settings, premium)}
<a class="button" href="#paid">${d.paid?.openOrder ? 'Your checkout' : 'Choose a week and see the price'}</a>
</section>`;
}

function weekPicker(d: LaunchData, input: PaidInput, problem: Problem | undefined): SafeHtml {
  const paid = d.paid!;
  const id = controlId('items.0.week');
  const errors = errorsFor(problem, 'items.0.week');
  const chosen = input.week.trim();
  const listed = new Set(paid.weeks.map((w) => w.week));
  const option = (value: string, title: string, note: string, opts: { disabled?: boolean } = {}) =>
    html`<label class="launch-week${opts.disabled ? ' full' : ''}"><input type="radio" name="week" value="${value}"${value === chosen ? html` checked` : ''}${opts.disabled ? html` disabled` : ''}><span><strong>${title}</strong><small>${note}</small></span></label>`;
  return html`<fieldset id="${id}" class="launch-weeks"${errors.length > 0 ? html` aria-describedby="${id}-error"` : ''}>
<legend>Launch week</legend>
<p class="hint">Weeks run Monday to Sunday, UTC; ${paid.capacity} paid launches a week. Up to ${paid.horizon} weeks ahead.</p>
${errors.length > 0 ? html`<p class="field-error" id="${id}-error">${errors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
<div class="launch-week-options">
${option('', 'Live today', 'as soon as the payment is confirmed')}
${paid.weeks.map((w) =>
  option(w.week, `Week of ${formatDay(w.week)}`, w.left > 0 ? `${w.left} of ${paid.capacity} places left` : 'Full', {
    disabled: w.left === 0 && w.week !== chosen,
  }),
)}
${chosen && !listed.has(chosen) ? option(chosen, `Week of ${formatDay(chosen)}`, 'the week you asked for') : ''}
</div>
</fieldset>`;
}

function extras(d: LaunchData, input: PaidInput, problem: Problem | undefined): SafeHtml | string {
  const featured = d.products.find((p) => p.key === 'featured');
  const featuredErrors = errorsFor(problem, 'items.1');
  const categoryErrors = errorsFor(problem, 'items.0.categories');
  const categories = d.paid!.categories;
  const onListing = new Set(d.listing.categories.map((c) => c.slug));
  const box = (slug: string, name: string) =>
    onListing.has(slug)
      ? ''
      : html`<label class="launch-check"><input type="checkbox" name="categories" value="${slug}"${input.categories.includes(slug) ? html` checked` : ''}> ${name}</label>`;
  const catId = controlId('items.0.categories');
  return html`${
    featured
      ? html`<div class="field${featuredErrors.length > 0 ? ' invalid' : ''}" id="${controlId('items.1.week')}">
<label class="launch-check"><input type="checkbox" name="featured" value="1"${input.featured ? html` checked` : ''}${featuredErrors.length > 0 ? html` aria-invalid="true" aria-describedby="featured-error"` : ''}> Also feature it in its launch week: <strong>+${dollars(featured.price_cents)}</strong></label>
<p class="hint">${featured.description} Needs a week above, not “Live today”.</p>
${featuredErrors.length > 0 ? html`<p class="field-error" id="featured-error">${featuredErrors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
</div>`
      : ''
  }
${
  categories.length > 0
    ? html`<details class="launch-categories" id="${catId}"${input.categories.length > 0 || categoryErrors.length > 0 ? html` open` : ''}>
<summary>More categories (optional, up to ${d.settings.maxExtraCategories}, included)</summary>
${categoryErrors.length > 0 ? html`<p class="field-error">${categoryErrors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
<div class="launch-category-choices">${categories.map(
        (c) =>
          html`<fieldset><legend>${c.name}</legend>${box(c.slug, c.name)}${c.subcategories.map((s) => box(s.slug, s.name))}</fieldset>`,
      )}</div>
</details>`
    : ''
}`;
}

function quoteBlock(d: LaunchData, quote: PricedOrder, input: PaidInput, csrfToken: string): SafeHtml {
  const id = d.listing.listing_id;
  const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;
  return html`<div class="launch-quote" id="quote" role="status">
${priceTable(quote)}
${
  quote.vat.computed
    ? html`<form method="post" action="/my/listings/${id}/launch/checkout">${csrfField(csrfToken)}${idempotencyField(randomUUID())}
${hidden('week', input.week)}${input.featured ? hidden('featured', '1') : ''}${input.categories.map((c) => hidden('categories', c))}${billingHidden(input)}
<button type="submit">Go to checkout</button> <span class="muted">You pay ${dollars(quote.total_cents)} on the next page.</span></form>`
    : html`<p><strong>Add your billing country below to see the VAT; checkout needs it.</strong></p>`
}
</div>`;
}

/** Without the free card beside it, the paid section says itself what it costs and gives. */
function paidIntro(d: LaunchData): SafeHtml {
  const launch = d.products.find((p) => p.key === 'launch')!;
  return html`${bigPrice(launch.price_cents, 'USD, once · plus VAT where it applies')}
<p>Live today or in the week you choose, no badge needed. It also unlocks the ${sectionsWords()} sections and up to ${d.settings.maxExtraCategories} more categories.</p>`;
}

function paidSection(d: LaunchData, state: LaunchState, csrfToken: string): SafeHtml {
  const input = state.paidInput ?? EMPTY_PAID_INPUT;
  const problem = state.paidProblem;
  const listingErrors = errorsFor(problem, 'items.0.listing_id');
  const alone = !d.free;
  return html`<section class="card launch-paid" aria-labelledby="paid-heading" id="paid">
<h2 id="paid-heading">${d.paid?.openOrder ? 'Your paid launch' : alone ? 'Skip the wait: launch paid' : 'Paid launch: choose your week'}</h2>
${alone ? paidIntro(d) : ''}
${problemSummary(problem, paidLabel)}
${listingErrors.length > 0 ? html`<p class="field-error" id="${controlId('items.0.listing_id')}">${listingErrors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
${state.quote ? quoteBlock(d, state.quote, input, csrfToken) : ''}
${d.paid?.openOrder ? openOrderBlock(d.paid.openOrder) : paidForm(d, state, csrfToken)}
</section>`;
}

/** A launch already ordered: pay it (pending) or wait for it to be applied (paid); a second order would be refused. */
function openOrderBlock(o: OrderView): SafeHtml {
  const line = o.lines.find((l) => l.product === 'launch');
  if (o.status === 'paid')
    return html`<p class="notice" role="status">Payment received for order ${o.number}: the launch is being applied. Reload this page in a moment.</p>`;
  return html`<div class="launch-quote"><p><strong>You started a checkout for this launch:</strong> order ${o.number}, ${line?.week ? weekOf(line.week) : 'live at once'}, ${dollars(o.total_cents)} in all.</p>
${o.checkout_url ? html`<p><a class="button" href="${o.checkout_url}">Continue to checkout</a></p>` : ''}
<p class="muted">Unpaid orders expire after 24 hours (this one on ${formatDay(o.expires_at)} at ${o.expires_at.slice(11, 16)} UTC). To choose another week, let it expire, then come back.</p></div>`;
}

function paidForm(d: LaunchData, state: LaunchState, csrfToken: string): SafeHtml {
  const input = state.paidInput ?? EMPTY_PAID_INPUT;
  const problem = state.paidProblem;
  return html`<form method="post" action="/my/listings/${d.listing.listing_id}/launch/quote#paid">${csrfField(csrfToken)}
${weekPicker(d, input, problem)}
${extras(d, input, problem)}
${billingFields(input, problem)}
<button type="submit"${state.quote ? html` class="secondary"` : ''}>${state.quote ? 'Update the price' : 'See the price'}</button>
</form>`;
}

export function launchChoiceBody(d: LaunchData, state: LaunchState, csrfToken: string): SafeHtml {
  const l = d.listing;
  const both = Boolean(d.free && d.paid);
  const isPublic = (PUBLIC_STATUSES as readonly string[]).includes(l.status);
  return html`<nav class="launch-crumbs" aria-label="Breadcrumb"><a href="/my">Dashboard</a> <span aria-hidden="true">›</span> ${isPublic ? html`<a href="/listings/${l.slug}">${l.name}</a>` : l.name}</nav>
<h1>Launch ${l.name}</h1>
${state.notice ?? ''}
${facts(l)}
${whatNext(d)}
${badgeSection(d, csrfToken)}
${d.free ? html`<div class="launch-plans${both ? '' : ' single'}">${freeCard(d, state, csrfToken)}${both ? paidCard(d) : ''}</div>` : ''}
${d.paid ? paidSection(d, state, csrfToken) : ''}
${d.free || d.paid ? html`<p class="launch-fair"><strong>Paying never buys votes or rank:</strong> free and paid launches are ranked by the community’s votes alone.</p>` : ''}`;
}
