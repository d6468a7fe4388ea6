// The vote audit: listings whose votes raised velocity flags (new accounts,
// bursts from one network), with a button to discount a listing's flagged
// votes (they stop counting in every community rank) or restore them, and the
// log of every vote event. Networks are shown as a short hash prefix only.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { VOTE_FLAGS } from '../../community/votes.js';
import { flaggedVoteSummary, voteAuditLog } from '../../community/vote-audit.js';
import { csrfField, html, plural } from '../ui/html.js';
import { adminGet, adminOf, adminPost, noticeOf, positiveId, sendAdminPage, when } from './common.js';
import { perform } from '../ui/act.js';

const NOTICES = {
  discounted: (n: number) =>
    `Discounted ${plural(n, 'vote')}: ${n === 1 ? 'it no longer counts' : 'they no longer count'} in community ranks, awards or trending.`,
  restored: (n: number) => `Restored ${plural(n, 'vote')}: ${n === 1 ? 'it counts' : 'they count'} again.`,
};

const FLAG_LABELS: Record<string, string> = { new_account: 'New account', network_burst: 'Network burst' };
const flagLabel = (flag: string) => FLAG_LABELS[flag] ?? flag;
const shortNetwork = (network: string | null) => (network ? `${network.slice(0, 10)}…` : '');

export function voteRoutes(ctx: Context): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, opts: { error?: string; status?: number } = {}) => {
    const admin = adminOf(res);
    const listingFilter =
      typeof req.query.listing === 'string' && /^\d{1,10}$/.test(req.query.listing)
        ? Number(req.query.listing)
        : undefined;
    const [flagged, log] = await Promise.all([
      flaggedVoteSummary(ctx, { limit: 50 }),
      voteAuditLog(ctx, { limit: 200, listingId: listingFilter }),
    ]);
    const button = (listingId: number, name: string, action: 'discount' | 'restore', label: string) =>
      html`<form class="inline" method="post" action="/admin/votes/${listingId}/${action}">${csrfField(admin.csrfToken)}<button type="submit" aria-label="${label} of ${name}">${label}</button></form>`;
    const summaryRows = flagged.map(
      (
        f,
      ) => html`<tr><th scope="row"><a href="/listings/${f.listing.slug}">${f.listing.name}</a></th><td>${f.flagged_votes}</td><td>${f.discounted}</td>
${VOTE_FLAGS.map((flag) => html`<td>${f.by_flag[flag] ?? 0}</td>`)}
<td>${f.flagged_votes > 0 ? button(f.listing.id, f.listing.name, 'discount', 'Discount flagged votes') : ''}
${f.discounted > 0 ? button(f.listing.id, f.listing.name, 'restore', 'Restore discounted votes') : ''}
<a href="/admin/votes?listing=${f.listing.id}#log">log</a></td></tr>`,
    );
    const logRows = log.map(
      (
        e,
      ) => html`<tr><th scope="row">${when(e.created_at)}</th><td>${e.action}</td><td>${e.user ?? html`<span class="muted">a deleted account</span>`}</td>
<td><a href="/listings/${e.listing.slug}">${e.listing.name}</a></td><td>${e.network ? html`<code title="${e.network}">${shortNetwork(e.network)}</code>` : ''}</td>
<td>${e.flags.map(flagLabel).join(', ')}</td></tr>`,
    );
    sendAdminPage(res, {
      path: '/admin/votes',
      title: 'Votes',
      status: opts.status,
      error: opts.error,
      notice: noticeOf(req, NOTICES),
      body: html`<h2>Flagged votes by listing</h2>
<p>A vote is flagged when it came from a new account (${flagLabel('new_account')}) or with several others from one network within a short time (${flagLabel('network_burst')}).
Flagged votes count until you discount them; discounted votes stay stored and can be restored.</p>
${
  flagged.length === 0
    ? html`<p>No flagged votes.</p>`
    : html`<table><caption class="visually-hidden">Listings with flagged votes</caption>
<thead><tr><th scope="col">Listing</th><th scope="col">Flagged, still counted</th><th scope="col">Discounted</th>${VOTE_FLAGS.map((flag) => html`<th scope="col">${flagLabel(flag)}</th>`)}<th scope="col">Action</th></tr></thead>
<tbody>${summaryRows}</tbody></table>`
}
<h2 id="log">Vote log</h2>
<p>${listingFilter === undefined ? html`The latest ${plural(log.length, 'vote event')}, newest first.` : html`The latest ${plural(log.length, 'event')} of one listing. <a href="/admin/votes#log">Show every listing</a>.`}</p>
${
  log.length === 0
    ? html`<p>No vote events.</p>`
    : html`<table><caption class="visually-hidden">Vote events</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Who</th><th scope="col">Listing</th><th scope="col">Network</th><th scope="col">Flags</th></tr></thead>
<tbody>${logRows}</tbody></table>`
}`,
    });
  };

  router.get('/admin/votes', adminGet(render));

  const actions = [
    { path: 'discount', discounted: true, done: 'discounted' },
    { path: 'restore', discounted: false, done: 'restored' },
  ];
  for (const action of actions)
    router.post(
      `/admin/votes/:listingId/${action.path}`,
      adminPost(render, async (req, _res, admin) => {
        const { votes } = await perform<{ votes: number }>(ctx, admin.session, 'set_votes_discounted', {
          listing_id: positiveId(req.params.listingId, 'listing'),
          discounted: action.discounted,
        });
        return `/admin/votes?done=${action.done}&n=${votes}`;
      }),
    );
  return router;
}
