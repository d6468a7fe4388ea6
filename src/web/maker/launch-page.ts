// The launch pages: /launch (public: free vs paid, live prices) and one
// listing's launch choice, /my/listings/:id/launch, for its owner. Every
// action is a tool (choose_free_listing, quote_order, create_checkout) called
// as the signed-in person; the owner's listing is read through get_my_listing,
// so someone else's is the tool's 404. "Check my badge now" runs the same
// check as the hourly job, for this listing only, throttled.
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { type BadgeEmbed, badgeMode, badgeShape } from '../../launches/badges.js';
import { freeWeekOnOffer } from '../../launches/free-launch.js';
import type { OrderView } from '../../orders/orders.js';
import { paidLaunchWeeks, type PricedOrder } from '../../orders/pricing.js';
import { act, type Problem, read } from '../ui/act.js';
import { field, fields, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { adviceBox, errorBox, html, noticeBox, type SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import { billingInputOf, launchSettings, productsForSale, weekOf } from './launch-common.js';
import {
  type CategoryChoice,
  type LaunchData,
  type LaunchState,
  launchChoiceBody,
  orderRequest,
  type PaidInput,
} from './launch-view.js';
import { ownListingIdOf, ownListingOf, signedIn } from './signed-in.js';
import { formatDay } from '../ui/format.js';

/** How many weeks ahead the week picker lists (the booking horizon may cut it shorter). */
const PICKER_WEEKS = 8;
const FREE_CHOICES_PER_MINUTE = 10;
const QUOTES_PER_MINUTE = 30;
const CHECKOUTS_PER_MINUTE = 10;

const pagePath = (id: number) => `/my/listings/${id}/launch`;

async function loadLaunchData(
  ctx: Context,
  session: WebSession,
  listingId: number,
  style: { shape: string; mode: string },
): Promise<LaunchData> {
  const listing = await ownListingOf(ctx, session, listingId);
  const [settings, products] = await Promise.all([launchSettings(ctx), productsForSale(ctx)]);
  const notPaid = listing.plan !== 'paid';
  const freeOpen = notPaid && listing.status === 'draft';
  const paidOpen =
    notPaid &&
    products.some((p) => p.key === 'launch') &&
    ['draft', 'awaiting_badge', 'scheduled'].includes(listing.status);
  const hasBadge = ['awaiting_badge', 'scheduled', 'live'].includes(listing.status);
  const [free, weeks, categories, orders, badges] = await Promise.all([
    freeOpen ? freeWeekOnOffer(ctx) : undefined,
    paidOpen ? paidLaunchWeeks(ctx, PICKER_WEEKS) : undefined,
    paidOpen ? read<{ items: CategoryChoice[] }>(ctx, session, 'list_categories', { include_empty: true }) : undefined,
    paidOpen ? read<{ items: OrderView[] }>(ctx, session, 'list_my_orders', { per_page: 50 }) : undefined,
    hasBadge
      ? read<{ items: BadgeEmbed[] }>(ctx, session, 'get_badges', { slug: listing.slug, ...style, size: 'm' })
      : undefined,
  ]);
  const badge = badges
    ? (badges.items.find((b) => b.kind === (listing.status === 'live' ? 'launched' : 'listed')) ?? badges.items[0])
    : undefined;
  return {
    listing,
    settings,
    products,
    free,
    paid:
      weeks && categories && orders
        ? { ...weeks, categories: categories.items, openOrder: openLaunchOrder(orders.items, listing.listing_id) }
        : undefined,
    badge,
    badgeStyle: style,
  };
}

/** An order (newest first) with this listing's launch still to happen: unpaid, or paid and being applied. */
function openLaunchOrder(orders: OrderView[], listingId: number): OrderView | undefined {
  return orders.find(
    (o) =>
      ['pending', 'paid'].includes(o.status) &&
      o.lines.some((l) => l.product === 'launch' && l.listing?.listing_id === listingId && !l.fulfilled),
  );
}

/** The notice after a redirect back here (fixed messages by key; nothing from the query is shown). */
function noticeFor(key: string, d: LaunchData, warned: string[] = []): SafeHtml | string {
  const l = d.listing;
  const result = l.badge_check.result ?? 'no result';
  switch (key) {
    case 'submitted': {
      const others = warned.filter((f) => f !== 'categories');
      return html`${noticeBox(`Saved as your listing. Nothing is published yet: choose how to launch ${l.name} below.`)}${
        warned.includes('categories')
          ? adviceBox(
              'A free launch keeps one category, your first. The others you chose come with a paid launch (up to 3 more), or drop them on your listing’s page.',
            )
          : ''
      }${
        others.length > 0
          ? adviceBox(
              `Some values of your draft did not fit the listing (${others.join(', ')}). Check them on your listing’s page.`,
            )
          : ''
      }`;
    }
    case 'free':
      return noticeBox(
        `Free launch chosen: ${l.launch_week ? weekOf(l.launch_week) : 'a week'} is reserved for ${l.name}. Next: copy the badge below onto your homepage, publish it, then press “Check my badge now”.`,
      );
    case 'found':
      return noticeBox(
        l.launch_week
          ? `Badge found on your homepage. ${l.name} is scheduled for ${weekOf(l.launch_week)}: it goes live on ${formatDay(l.launch_week)} at 00:00 UTC.`
          : 'Badge found on your homepage.',
      );
    case 'missing':
      return adviceBox(
        `Badge not found on your homepage (${result}). Paste the HTML below into the page, publish it, and check again. We also keep checking ${d.settings.badgeCheckEvery}.`,
      );
    case 'unreachable':
      return errorBox(
        `We could not reach your homepage (${result}). Make sure it is online, then check again. We also keep checking ${d.settings.badgeCheckEvery}.`,
      );
    case 'not-waiting':
      return noticeBox('This listing is not waiting for a badge, so there is nothing to check.');
    default:
      return '';
  }
}

function badgeStyleOf(req: Request): { shape: string; mode: string } {
  const shape = badgeShape.safeParse(queryString(req, 'shape', 20));
  const mode = badgeMode.safeParse(queryString(req, 'mode', 20));
  return { shape: shape.success ? shape.data : 'standard', mode: mode.success ? mode.data : 'auto' };
}

async function sendChoice(
  ctx: Context,
  req: Request,
  res: Response,
  session: WebSession,
  listingId: number,
  state: LaunchState & { noticeKey?: string; warned?: string[]; status?: number },
): Promise<void> {
  const data = await loadLaunchData(ctx, session, listingId, badgeStyleOf(req));
  const web = webOf(res);
  sendPage(res, {
    status: state.status,
    title: `Launch ${data.listing.name}`,
    customHeading: true,
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: launchChoiceBody(
      data,
      { ...state, notice: state.notice ?? noticeFor(state.noticeKey ?? '', data, state.warned) },
      web.csrfToken,
    ),
  });
}

function paidInputOf(req: Request): PaidInput {
  return {
    week: field(req, 'week', 40),
    featured: field(req, 'featured', 5) === '1',
    categories: fields(req, 'categories').slice(0, 20),
    ...billingInputOf(req),
  };
}

export function launchRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my/listings/:id/launch', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    await sendChoice(ctx, req, res, session, id, {
      noticeKey: queryString(req, 'done', 20) || queryString(req, 'badge', 20),
      warned: queryString(req, 'warned', 200).split(',').filter(Boolean),
    });
  });

  router.post('/my/listings/:id/launch/free', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `free-launch:${session.userId}`, FREE_CHOICES_PER_MINUTE))) return tooManyPage(res);
    const outcome = await act(
      ctx,
      session,
      'choose_free_listing',
      { listing_id: id },
      { idempotencyKey: field(req, '_idem', 255) || undefined },
    );
    if (!outcome.ok)
      return sendChoice(ctx, req, res, session, id, { freeProblem: outcome.problem, status: outcome.problem.status });
    res.redirect(303, `${pagePath(id)}?done=free`);
  });

  router.post('/my/listings/:id/launch/check-badge', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    // check_badge owns the rules: owner only (404), awaiting the badge (409), 4 a minute (429).
    const outcome = await act<{ result: string }>(ctx, session, 'check_badge', { listing_id: id });
    if (outcome.ok) return res.redirect(303, `${pagePath(id)}?badge=${outcome.body.result}`);
    if (outcome.problem.status === 429) return tooManyPage(res);
    res.redirect(303, `${pagePath(id)}?badge=not-waiting`);
  });

  router.post('/my/listings/:id/launch/quote', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `launch-quote:${session.userId}`, QUOTES_PER_MINUTE))) return tooManyPage(res);
    const paidInput = paidInputOf(req);
    const outcome = await act<PricedOrder>(ctx, session, 'quote_order', orderRequest(id, paidInput));
    const state: LaunchState & { status?: number } = outcome.ok
      ? { paidInput, quote: outcome.body }
      : { paidInput, paidProblem: outcome.problem, status: outcome.problem.status };
    await sendChoice(ctx, req, res, session, id, state);
  });

  router.post('/my/listings/:id/launch/checkout', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = ownListingIdOf(req);
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `launch-checkout:${session.userId}`, CHECKOUTS_PER_MINUTE))) return tooManyPage(res);
    const paidInput = paidInputOf(req);
    const outcome = await act<{ checkout_url: string }>(ctx, session, 'create_checkout', orderRequest(id, paidInput), {
      idempotencyKey: field(req, '_idem', 255) || undefined,
    });
    if (!outcome.ok) {
      const problem: Problem = outcome.problem;
      return sendChoice(ctx, req, res, session, id, { paidInput, paidProblem: problem, status: problem.status });
    }
    res.redirect(303, outcome.body.checkout_url);
  });

  return router;
}
