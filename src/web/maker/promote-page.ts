// Paid extras for a listing that is already on the site: a featured week on
// the home page, a place on the billboard, a premium profile
// (/my/listings/:id/promote). The person ticks what they want, sees the price
// with VAT (quote_order) and goes to checkout (create_checkout), the same
// tools and rules an assistant uses; one order holds everything ticked.
// /my/promote?product=billboard is where the public pages send a buyer: it
// picks the listing (straight to it when the person has one).
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { addWeeks, mondayOf } from '../../launches/weeks.js';
import type { OwnListing, OwnListingSummary } from '../../listings/my-listings.js';
import { PAID_SECTIONS } from '../../listings/profile.js';
import type { PricedOrder } from '../../orders/pricing.js';
import type { ProductView } from '../../orders/products.js';
import { act, type Problem, read } from '../ui/act.js';
import { control, controlId, errorsFor, idempotencyField, plainMessage, problemSummary } from '../ui/fields.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { csrfField, html, type SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import {
  type BillingInput,
  BILLING_LABELS,
  billingFields,
  billingHidden,
  billingInputOf,
  billingRequest,
  dollars,
  EMPTY_BILLING,
  launchSettings,
  priceTable,
  productsForSale,
} from './launch-common.js';
import { sectionsWords } from './launch-public.js';
import { ownListingIdOf, ownListingOf, signedIn } from './signed-in.js';
import { formatDay } from '../ui/format.js';

/** The extras this page sells, in the order the page and the order list them. */
const EXTRAS = ['featured', 'billboard', 'premium-profile'] as const;
type Extra = (typeof EXTRAS)[number];
const isExtra = (value: string): value is Extra => (EXTRAS as readonly string[]).includes(value);

/** How many Mondays ahead the featured week picker offers. */
const FEATURED_WEEKS = 8;
const QUOTES_PER_MINUTE = 30;
const CHECKOUTS_PER_MINUTE = 10;

/** What the person ticked and typed, kept across a quote or a refusal. */
interface PromoteInput extends BillingInput {
  chosen: Extra[];
  week: string;
  /** The billboard amount in dollars, as typed. */
  amount: string;
}

const EMPTY_INPUT: PromoteInput = { chosen: [], week: '', amount: '', ...EMPTY_BILLING };

interface PromoteData {
  listing: OwnListing;
  products: Map<Extra, ProductView>;
  billboardMinimumCents: number;
  /** What the billboard's first place holds today (0: nobody is on it). */
  billboardTopCents: number;
  weeks: string[];
}

interface PromoteState {
  input?: PromoteInput;
  problem?: Problem;
  quote?: PricedOrder;
  status?: number;
}

const pagePath = (id: number) => `/my/listings/${id}/promote`;

function inputOf(req: Request): PromoteInput {
  const ticked = req.body?.extras;
  const values = (Array.isArray(ticked) ? ticked : [ticked]).filter((v): v is string => typeof v === 'string');
  return {
    chosen: EXTRAS.filter((e) => values.includes(e)),
    week: field(req, 'week', 40),
    amount: field(req, 'amount', 40),
    ...billingInputOf(req),
  };
}

/**
 * The billboard amount typed in dollars ("150", "$1,500.50") as cents; null
 * when it is not an amount. The tool checks the minimum and the maximum.
 */
function centsOf(amount: string): number | null {
  const plain = amount.replace(/[$,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/** The order quote_order and create_checkout get: one item per ticked extra, in EXTRAS order. */
function orderRequest(listingId: number, input: PromoteInput): Record<string, unknown> {
  const items = input.chosen.map((product) => {
    const item: Record<string, unknown> = { product, listing_id: listingId };
    if (product === 'featured' && input.week) item.week = input.week;
    if (product === 'billboard') {
      // Not an amount: a value the tool refuses at items.N.amount_cents, which the page shows at the field.
      const cents = input.amount ? (centsOf(input.amount) ?? -1) : null;
      if (cents !== null) item.amount_cents = cents;
    }
    return item;
  });
  return { items, ...billingRequest(input) };
}

/** The tool's error paths (items.N.*) as the controls of this form. */
function controlPath(input: PromoteInput, path: string): string {
  const item = /^items\.(\d+)\.(\w+)/.exec(path);
  if (!item) return path;
  const product = input.chosen[Number(item[1])];
  if (product === 'featured') return 'week';
  if (product === 'billboard') return 'amount';
  return `extra-${product ?? 'none'}`;
}

const LABELS: Record<string, string> = {
  week: 'Featured week',
  amount: 'Billboard amount',
  'extra-premium-profile': 'Premium profile',
  ...BILLING_LABELS,
  items: 'What to buy',
};

/** The billboard amount's problem in dollars (the tool speaks in cents). */
function amountMessage(input: PromoteInput, minimumCents: number, message: string): string {
  const cents = centsOf(input.amount);
  if (cents === null) return `Enter an amount in dollars, at least ${dollars(minimumCents)}, e.g. 150`;
  if (cents < minimumCents) return `At least ${dollars(minimumCents)}: the billboard minimum`;
  return /<=\s*10000000\b/.test(message) ? 'At most $100,000 in one order' : message;
}

/** The problem with its paths moved onto this form's controls, so each message sits at its field. */
function onControls(d: PromoteData, input: PromoteInput, problem: Problem | undefined): Problem | undefined {
  if (!problem) return undefined;
  const errors = problem.errors.map((e) => {
    const path = controlPath(input, e.path);
    const message = path === 'amount' ? amountMessage(input, d.billboardMinimumCents, e.message) : e.message;
    return { ...e, path, message };
  });
  return { ...problem, errors };
}

async function loadData(ctx: Context, session: WebSession, listingId: number): Promise<PromoteData> {
  const listing = await ownListingOf(ctx, session, listingId);
  const [settings, products, board] = await Promise.all([
    launchSettings(ctx),
    productsForSale(ctx),
    read<{ items: { metric: { value: number } }[] }>(ctx, session, 'get_leaderboard', {
      board: 'billboard',
      per_page: 1,
    }),
  ]);
  const thisWeek = mondayOf(ctx.clock.now());
  return {
    listing,
    products: new Map(products.flatMap((p) => (isExtra(p.key) ? [[p.key, p] as const] : []))),
    billboardMinimumCents: settings.billboardMinimumCents,
    billboardTopCents: board.items[0]?.metric.value ?? 0,
    weeks: Array.from({ length: FEATURED_WEEKS }, (_, i) => addWeeks(thisWeek, i + 1)),
  };
}

const hasPremium = (l: OwnListing) => l.plan === 'paid' || l.unlocked_sections.length === PAID_SECTIONS.length;

function fieldErrors(problem: Problem | undefined, path: string): SafeHtml | string {
  const errors = errorsFor(problem, path);
  if (errors.length === 0) return '';
  return html`<p class="field-error" id="${controlId(path)}-error">${errors.map((e) => plainMessage(e.message)).join(' ')}</p>`;
}

function tick(extra: Extra, input: PromoteInput, label: SafeHtml): SafeHtml {
  return html`<label class="launch-check promote-tick"><input type="checkbox" name="extras" value="${extra}"${input.chosen.includes(extra) ? html` checked` : ''}> ${label}</label>`;
}

function featuredCard(d: PromoteData, input: PromoteInput, problem: Problem | undefined): SafeHtml | string {
  const product = d.products.get('featured');
  if (!product) return '';
  const l = d.listing;
  const publicNow = l.status === 'live' || l.status === 'scheduled';
  const id = controlId('week');
  return html`<section class="card promote-card" aria-labelledby="promote-featured" id="${controlId('extra-featured')}">
<h2 id="promote-featured">Featured week <span class="launch-extra-price">${dollars(product.price_cents)}</span></h2>
<p>${l.name} shows in “Featured this week · paid placement” at the top of the home page for one week, Monday to Sunday (UTC), with a Featured badge on its page.</p>
${
  publicNow
    ? html`${tick('featured', input, html`Feature ${l.name}`)}
<div class="field${errorsFor(problem, 'week').length > 0 ? ' invalid' : ''}"><label for="${id}">Week</label>
${fieldErrors(problem, 'week')}
<select id="${id}" name="week"${errorsFor(problem, 'week').length > 0 ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${d.weeks.map(
        (w) => html`<option value="${w}"${w === input.week ? html` selected` : ''}>Week of ${formatDay(w)}</option>`,
      )}</select></div>`
    : html`<p class="muted">A listing can be featured once it is live or scheduled: <a href="/my/listings/${l.listing_id}/launch">launch it first</a>.</p>`
}
</section>`;
}

function billboardCard(d: PromoteData, input: PromoteInput, problem: Problem | undefined): SafeHtml | string {
  if (!d.products.has('billboard')) return '';
  const l = d.listing;
  const top = d.billboardTopCents;
  return html`<section class="card promote-card" aria-labelledby="promote-billboard" id="${controlId('extra-billboard')}">
<h2 id="promote-billboard">Billboard <span class="launch-extra-price">from ${dollars(Math.max(d.billboardMinimumCents, 1))}</span></h2>
<p>A place on the <a href="/leaderboards/billboard">billboard</a>, the paid ranking: listings are ordered by what they paid in total, so your payments add up. The place lasts as long as the listing is live.</p>
<p class="hint">${top > 0 ? `The first place holds ${dollars(top)} today.` : 'Nobody is on the billboard yet: any amount from the minimum takes the first place.'}${l.status === 'live' ? '' : ' Your place shows once the listing is live.'}</p>
${tick('billboard', input, html`Put ${l.name} on the billboard`)}
${control({ path: 'amount', label: 'Amount in US dollars (before VAT)', value: input.amount, hint: `At least ${dollars(d.billboardMinimumCents)}.`, problem, maxlength: 15, placeholder: String(Math.max(d.billboardMinimumCents, top + 100) / 100) })}
</section>`;
}

function premiumCard(d: PromoteData, input: PromoteInput, problem: Problem | undefined): SafeHtml | string {
  const product = d.products.get('premium-profile');
  if (!product) return '';
  const l = d.listing;
  return html`<section class="card promote-card" aria-labelledby="promote-premium" id="${controlId('extra-premium-profile')}">
<h2 id="promote-premium">Premium profile <span class="launch-extra-price">${dollars(product.price_cents)}</span></h2>
<p>Unlocks the ${sectionsWords()} sections of ${l.name}’s page, for good.</p>
${fieldErrors(problem, 'extra-premium-profile')}
${hasPremium(l) ? html`<p class="muted">${l.name} already has them.</p>` : tick('premium-profile', input, html`Unlock them`)}
</section>`;
}

function quoteBlock(d: PromoteData, quote: PricedOrder, input: PromoteInput, csrfToken: string): SafeHtml {
  const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;
  return html`<div class="launch-quote" id="quote" role="status">
${priceTable(quote)}
${
  quote.vat.computed
    ? html`<form method="post" action="${pagePath(d.listing.listing_id)}/checkout">${csrfField(csrfToken)}${idempotencyField(randomUUID())}
${input.chosen.map((e) => hidden('extras', e))}${hidden('week', input.week)}${hidden('amount', input.amount)}${billingHidden(input)}
<button type="submit">Go to checkout</button> <span class="muted">You pay ${dollars(quote.total_cents)} on the next page.</span></form>`
    : html`<p><strong>Add your billing country below to see the VAT; checkout needs it.</strong></p>`
}
</div>`;
}

function promoteBody(d: PromoteData, state: PromoteState, csrfToken: string): SafeHtml {
  const l = d.listing;
  const input = state.input ?? EMPTY_INPUT;
  const problem = onControls(d, input, state.problem);
  const cards = [featuredCard(d, input, problem), billboardCard(d, input, problem), premiumCard(d, input, problem)];
  const onSale = cards.some((c) => c !== '');
  return html`<nav class="launch-crumbs" aria-label="Breadcrumb"><a href="/my">Dashboard</a> <span aria-hidden="true">›</span> <a href="/my/listings/${l.listing_id}">${l.name}</a></nav>
<h1>Promote ${l.name}</h1>
<p class="lead">Paid extras on top of your launch. Each is labelled as paid wherever it shows. <strong>Paying never buys votes or rank.</strong></p>
${problemSummary(problem, (path) => LABELS[path] ?? path)}
${state.quote ? quoteBlock(d, state.quote, input, csrfToken) : ''}
${
  onSale
    ? html`<form method="post" action="${pagePath(l.listing_id)}/quote#quote" class="promote-form">${csrfField(csrfToken)}
<div class="promote-cards">${cards}</div>
${billingFields(input, problem)}
<button type="submit"${state.quote ? html` class="secondary"` : ''}>${state.quote ? 'Update the price' : 'See the price'}</button>
</form>`
    : html`<p class="muted">No extras are on sale right now.</p>`
}`;
}

async function sendPromote(
  ctx: Context,
  res: Response,
  session: WebSession,
  listingId: number,
  state: PromoteState,
): Promise<void> {
  const data = await loadData(ctx, session, listingId);
  const web = webOf(res);
  sendPage(res, {
    status: state.status,
    title: `Promote ${data.listing.name}`,
    customHeading: true,
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: promoteBody(data, state, web.csrfToken),
  });
}

/** Nothing ticked is the person's mistake, said at the top like any other refusal. */
const NOTHING_CHOSEN: Problem = {
  status: 400,
  message: 'Tick at least one extra: a featured week, the billboard or the premium profile.',
  errors: [],
};

/** /my/promote?product=…: the listing to promote, chosen for the person when they have only one. */
async function chooseListing(ctx: Context, req: Request, res: Response, session: WebSession): Promise<void> {
  const product = queryString(req, 'product', 40);
  const anchor = isExtra(product) ? `#${controlId(`extra-${product}`)}` : '';
  const mine = await read<{ items: OwnListingSummary[] }>(ctx, session, 'list_my_listings', { per_page: 100 });
  if (mine.items.length === 1) return res.redirect(303, `${pagePath(mine.items[0]!.listing_id)}${anchor}`);
  const web = webOf(res);
  sendPage(res, {
    title: 'Promote a listing',
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body:
      mine.items.length === 0
        ? html`<p>You have no listing yet. <a class="button" href="/submit">Add your product</a> first; its extras are bought from its page.</p>`
        : html`<p>Which listing do you want to promote?</p>
<ul class="cards">${mine.items.map((l) => html`<li><div><a class="card-name" href="${pagePath(l.listing_id)}${anchor}"><strong>${l.name}</strong></a>${l.tagline ? html`<span class="card-tagline">${l.tagline}</span>` : ''}</div></li>`)}</ul>`,
  });
}

export function promoteRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my/promote', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    await chooseListing(ctx, req, res, session);
  });

  router.get('/my/listings/:id/promote', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    await sendPromote(ctx, res, session, ownListingIdOf(req), {});
  });

  router.post('/my/listings/:id/promote/quote', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `promote-quote:${session.userId}`, QUOTES_PER_MINUTE))) return tooManyPage(res);
    const input = inputOf(req);
    if (input.chosen.length === 0)
      return sendPromote(ctx, res, session, id, { input, problem: NOTHING_CHOSEN, status: 400 });
    const outcome = await act<PricedOrder>(ctx, session, 'quote_order', orderRequest(id, input));
    await sendPromote(
      ctx,
      res,
      session,
      id,
      outcome.ok ? { input, quote: outcome.body } : { input, problem: outcome.problem, status: outcome.problem.status },
    );
  });

  router.post('/my/listings/:id/promote/checkout', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `promote-checkout:${session.userId}`, CHECKOUTS_PER_MINUTE))) return tooManyPage(res);
    const input = inputOf(req);
    if (input.chosen.length === 0)
      return sendPromote(ctx, res, session, id, { input, problem: NOTHING_CHOSEN, status: 400 });
    const outcome = await act<{ checkout_url: string }>(ctx, session, 'create_checkout', orderRequest(id, input), {
      idempotencyKey: field(req, '_idem', 255) || undefined,
    });
    if (!outcome.ok)
      return sendPromote(ctx, res, session, id, { input, problem: outcome.problem, status: outcome.problem.status });
    res.redirect(303, outcome.body.checkout_url);
  });

  return router;
}
