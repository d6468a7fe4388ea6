// GET /my: the maker's dashboard. Your listings (status in plain words, plan,
// launch week and the one next thing to do), your drafts, your orders and
// your claims, each read through its tool (list_my_listings, list_my_drafts,
// list_my_orders, list_my_claims) with the signed-in person as the caller.
// The order page and the claim pages are mounted here too.
import express, { type Router } from 'express';
import type { ClaimView } from '../../claims/claims.js';
import type { Context } from '../../context.js';
import type { OwnListingSummary } from '../../listings/my-listings.js';
import type { OrderView } from '../../orders/orders.js';
import { read } from '../ui/act.js';
import { html, plural, type SafeHtml, sendPage } from '../ui/html.js';
import { webOf } from '../ui/session.js';
import { productLogo } from '../ui/public-page.js';
import { claimRoutes } from './dashboard-claims.js';
import { orderRoutes } from './dashboard-orders.js';
import {
  claimStatusPill,
  draftStatusPill,
  listingStatusPill,
  orderStatusPill,
  planWords,
  usd,
  weekWords,
} from './dashboard-ui.js';
import { signedIn } from './signed-in.js';
import { formatDay, formatTime } from '../ui/format.js';

/** A row of list_my_drafts. */
export interface DraftRow {
  id: string;
  url: string;
  domain: string;
  name: string | null;
  status: string;
  failure_reason: string | null;
  completeness: number;
  missing: string[];
  listing_id: number | null;
  created_at: string;
}

interface Page<T> {
  items: T[];
  total: number;
}

/** How many of each the dashboard lists; the rest are counted ("and 3 more"). */
const SHOWN = { listings: 100, drafts: 20, orders: 20, claims: 20 };

interface Action {
  label: string;
  href: string;
}

/** The one next thing to do with a listing, and a quieter second way when there is one. */
export function nextSteps(listing: OwnListingSummary, draft: DraftRow | undefined): [Action, Action?] {
  const manage = `/my/listings/${listing.listing_id}`;
  const launch = `${manage}/launch`;
  switch (listing.status) {
    case 'draft': {
      const choose = { label: 'Choose how to launch', href: launch };
      if (!draft) return [choose];
      const edit = {
        label: draft.missing.length > 0 ? 'Finish the draft' : 'Edit the draft',
        href: `/drafts/${draft.id}`,
      };
      return draft.missing.length > 0 ? [edit, choose] : [choose, edit];
    }
    case 'awaiting_badge':
      return [{ label: 'Put the badge on your homepage', href: launch }];
    case 'scheduled':
      return [
        { label: 'View your upcoming page', href: listing.profile_url },
        { label: 'Tell your story', href: `${manage}#story` },
      ];
    case 'live':
      return [
        { label: 'Post an update', href: `${manage}#update` },
        { label: 'View it', href: listing.profile_url },
      ];
    default:
      return [{ label: 'Manage', href: manage }];
  }
}

function more(shown: number, total: number, what: string): SafeHtml | '' {
  return total > shown ? html`<p class="muted">And ${plural(total - shown, what)} more, not shown here.</p>` : '';
}

function empty(text: string, action?: Action & { quiet?: boolean }): SafeHtml {
  return html`<div class="dash-empty"><p>${text}</p>${action ? html`<a class="button${action.quiet ? ' secondary' : ''}" href="${action.href}">${action.label}</a>` : ''}</div>`;
}

/** A launch of the listing bought and not applied yet: waiting for payment, or paid and being applied. */
function launchInOrder(orders: OrderView[], listingId: number): OrderView | undefined {
  return orders.find(
    (o) =>
      (o.status === 'pending' || o.status === 'paid') &&
      o.lines.some((l) => l.product === 'launch' && l.listing?.listing_id === listingId && !l.fulfilled),
  );
}

/** What an order holding the listing's launch means for it, and what to do: pay, or look at the order. */
function orderedLaunch(order: OrderView): { words: string; steps: [Action, Action?] } {
  const receipt = { label: 'See the order', href: `/my/orders/${order.number}` };
  if (order.status === 'pending' && order.checkout_url)
    return {
      words: `Paid launch in order ${order.number}, waiting for payment until ${formatTime(order.expires_at)}`,
      steps: [{ label: 'Pay for the launch', href: order.checkout_url }, receipt],
    };
  return { words: 'Paid launch: payment received, being applied', steps: [receipt] };
}

function listingsSection(listings: Page<OwnListingSummary>, drafts: DraftRow[], orders: OrderView[]): SafeHtml {
  const draftOf = new Map(drafts.filter((d) => d.listing_id !== null).map((d) => [d.listing_id!, d]));
  const rows = listings.items.map((l) => {
    const ordered = l.status === 'draft' ? launchInOrder(orders, l.listing_id) : undefined;
    const held = ordered ? orderedLaunch(ordered) : null;
    const [primary, secondary] = held ? held.steps : nextSteps(l, draftOf.get(l.listing_id));
    const meta = [
      held ? held.words : planWords(l.plan),
      weekWords(l.launch_week),
      l.status === 'live' || l.status === 'scheduled' ? plural(l.votes, 'vote') : null,
      l.status === 'live' ? plural(l.followers, 'follower') : null,
    ].filter(Boolean);
    return html`<li class="dash-item">${productLogo(l, 48)}
<div class="dash-main"><p class="dash-title"><a href="/my/listings/${l.listing_id}">${l.name}</a> ${listingStatusPill(l.status)}</p>
<p class="dash-meta">${meta.join(' · ')}</p></div>
<div class="dash-actions"><a class="button" href="${primary.href}">${primary.label}</a>${
      secondary ? html`<a class="button secondary" href="${secondary.href}">${secondary.label}</a>` : ''
    }</div></li>`;
  });
  return html`<section aria-labelledby="listings"><h2 id="listings">Your listings</h2>
${
  listings.items.length === 0
    ? empty('No listings yet. Give us your website and we draft the listing for you.', {
        label: 'Launch your product',
        href: '/submit',
      })
    : html`<ul class="dash-list">${rows}</ul>${more(listings.items.length, listings.total, 'listing')}`
}</section>`;
}

function draftAction(d: DraftRow): Action {
  if (d.listing_id !== null) return { label: 'Open the draft', href: `/drafts/${d.id}` };
  if (d.status === 'ready') return { label: 'Finish the draft', href: `/drafts/${d.id}` };
  if (d.status === 'failed') return { label: 'See what happened', href: `/drafts/${d.id}` };
  return { label: 'See progress', href: `/drafts/${d.id}` };
}

function draftsSection(drafts: Page<DraftRow>, listingName: Map<number, string>): SafeHtml {
  const rows = drafts.items.map((d) => {
    const action = draftAction(d);
    const submitted = d.listing_id !== null ? listingName.get(d.listing_id) : undefined;
    return html`<li class="dash-item">
<div class="dash-main"><p class="dash-title"><a href="/drafts/${d.id}">${d.name ?? d.domain}</a> ${draftStatusPill(d.status)}</p>
<p class="dash-meta">${d.name ? html`${d.domain} · ` : ''}Started ${formatDay(d.created_at)}${
      d.listing_id !== null
        ? html` · Submitted as <a href="/my/listings/${d.listing_id}">${submitted ?? 'your listing'}</a>`
        : ''
    }</p>
${
  d.status === 'failed' && d.failure_reason
    ? html`<p class="dash-meta">${d.failure_reason}</p>`
    : html`<p class="dash-progress"><progress max="100" value="${d.completeness}" aria-label="Completeness of the ${d.domain} draft">${d.completeness} %</progress> <span>${d.completeness} % complete${d.missing.length > 0 ? html` · ${plural(d.missing.length, 'thing')} missing` : ''}</span></p>`
}</div>
<div class="dash-actions"><a class="button${d.listing_id !== null ? ' secondary' : ''}" href="${action.href}">${action.label}</a></div></li>`;
  });
  return html`<section aria-labelledby="drafts"><h2 id="drafts">Your drafts</h2>
${
  drafts.items.length === 0
    ? empty('No drafts. A draft is what we write from your website before it becomes a listing.')
    : html`<ul class="dash-list">${rows}</ul>${more(drafts.items.length, drafts.total, 'draft')}`
}</section>`;
}

function ordersSection(orders: Page<OrderView>): SafeHtml {
  const rows = orders.items.map((o) => {
    const what = [
      ...new Set(o.lines.map((l) => (l.listing ? `${l.product_name} · ${l.listing.name}` : l.product_name))),
    ];
    const receipt = o.status === 'paid' || o.status === 'fulfilled' || o.status === 'refunded';
    return html`<li class="dash-item">
<div class="dash-main"><p class="dash-title"><a href="/my/orders/${o.number}">${o.number}</a> ${orderStatusPill(o.status)}</p>
<p class="dash-meta">${formatDay(o.created_at)} · <strong>${usd(o.total_cents)}</strong>${what.length > 0 ? html` · ${what.join(', ')}` : ''}</p></div>
<div class="dash-actions">${
      o.status === 'pending' && o.checkout_url
        ? html`<a class="button" href="${o.checkout_url}">Pay now</a>`
        : html`<a class="button secondary" href="/my/orders/${o.number}">${receipt ? 'Receipt' : 'See the order'}</a>`
    }</div></li>`;
  });
  return html`<section aria-labelledby="orders"><h2 id="orders">Your orders</h2>
${
  orders.items.length === 0
    ? empty('No orders. A paid launch lets you choose your week and go live without the badge.', {
        label: 'See what launching costs',
        href: '/launch',
        quiet: true,
      })
    : html`<ul class="dash-list">${rows}</ul>${more(orders.items.length, orders.total, 'order')}`
}</section>`;
}

const METHOD_WORDS: Record<string, string> = {
  dns: 'DNS record',
  meta: 'meta tag',
  file: 'verification file',
  email: 'email link',
};

function claimsSection(claims: Page<ClaimView>): SafeHtml {
  const rows = claims.items.map(
    (c) => html`<li class="dash-item">
<div class="dash-main"><p class="dash-title"><a href="/my/claims/${c.claim_id}">${c.listing.name}</a> ${claimStatusPill(c.status)}</p>
<p class="dash-meta">${c.listing.domain} · by ${METHOD_WORDS[c.method] ?? c.method} · started ${formatDay(c.created_at)}</p></div>
<div class="dash-actions"><a class="button secondary" href="/my/claims/${c.claim_id}">${c.status === 'pending' ? 'Instructions and verify' : 'See the claim'}</a></div></li>`,
  );
  return html`<section aria-labelledby="claims"><h2 id="claims">Your claims</h2>
${
  claims.items.length === 0
    ? empty(
        'No claims. If your product is already listed here, open its page and choose “Is this your product? Claim it” to manage it.',
      )
    : html`<ul class="dash-list">${rows}</ul>${more(claims.items.length, claims.total, 'claim')}`
}</section>`;
}

export function dashboardRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const [listings, drafts, orders, claims] = await Promise.all([
      read<Page<OwnListingSummary>>(ctx, session, 'list_my_listings', { per_page: SHOWN.listings }),
      read<Page<DraftRow>>(ctx, session, 'list_my_drafts', { per_page: SHOWN.drafts }),
      read<Page<OrderView>>(ctx, session, 'list_my_orders', { per_page: SHOWN.orders }),
      read<Page<ClaimView>>(ctx, session, 'list_my_claims', { per_page: SHOWN.claims }),
    ]);
    const names = new Map(listings.items.map((l) => [l.listing_id, l.name]));
    const counts: [string, string, number][] = [
      ['#listings', 'Listings', listings.total],
      ['#drafts', 'Drafts', drafts.total],
      ['#orders', 'Orders', orders.total],
      ['#claims', 'Claims', claims.total],
    ];
    sendPage(res, {
      title: 'Your dashboard',
      csrfToken: webOf(res).csrfToken,
      signedInAs: session.email,
      customHeading: true,
      body: html`<div class="dash-head"><div><h1>Your dashboard</h1>
<p class="muted">Your launches, drafts, orders and claims. <a href="/account">Account</a> · <a href="/account/api-keys">API keys</a></p></div>
<a class="button" href="/submit">Launch a product</a></div>
<nav class="dash-jump" aria-label="On this page"><ul>${counts.map(
        ([href, label, n]) => html`<li><a href="${href}">${label} <span class="count">${n}</span></a></li>`,
      )}</ul></nav>
${listingsSection(listings, drafts.items, orders.items)}
${draftsSection(drafts, names)}
${ordersSection(orders)}
${claimsSection(claims)}`,
    });
  });

  router.use(orderRoutes(ctx), claimRoutes(ctx));
  return router;
}
