// The leaderboards people read: an index of the five separate boards and one
// page per board. The billboard is money, so its page says "paid" in the title
// and in a box above the list; the third-party boards show date and source.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { AppError } from '../../../errors.js';
import {
  BOARD_LABELS,
  BOARDS,
  type Board,
  type Leaderboard,
  type LeaderboardItem,
  leaderboard,
} from '../../../launches/leaderboards.js';
import { addWeeks, mondayOf, sundayOf } from '../../../launches/weeks.js';
import { definePage } from '../define.js';
import { formatDay } from '../../ui/format.js';
import { errorBox, html, type SafeHtml } from '../../ui/html.js';
import { voteButton, voteNotice, voteViewer, type VoteViewer } from '../../ui/vote-button.js';
import { listingPath, pageParams, paginationNav, sendNotFound, sendPublicPage } from '../../ui/public-page.js';

const isBoard = (value: string): value is Board => (BOARDS as readonly string[]).includes(value);

const BOARD_TITLES: Record<Board, string> = {
  'community-weekly': 'Community leaderboard: this week',
  'community-all-time': 'Community leaderboard: all time',
  billboard: 'Billboard (paid ranking)',
  'domain-rating': 'Domain Rating leaderboard (third-party data)',
  revenue: 'Revenue leaderboard (third-party data)',
};

const PAID_BOX = html`<p class="paid" role="note"><strong>Paid ranking — advertising, not a community vote.</strong>
Listings here are ordered by the money paid for billboard placement. It never changes community ranks, awards, trending or search.</p>
<div class="card billboard-buy"><h2>Put your product here</h2>
<p>A maker pays what they choose, from the minimum up; the total of a listing’s payments sets its place, and it keeps the place for as long as the listing is live. The board is labelled as advertising everywhere it shows.</p>
<p><a class="button" href="/my/promote?product=billboard">Buy a place on the billboard</a> <a href="/launch#extras">All prices</a></p></div>`;

const HOW_RANKING_WORKS = html`<p><a href="/how-ranking-works">How ranking works</a>: what counts as a vote, tie-breaks and why paid placement never changes these ranks.</p>`;

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(cents / 100);
const day = (iso: string | null | undefined) =>
  iso ? html`<time datetime="${iso}">${iso.slice(0, 10)}</time>` : html`<span class="muted">unknown</span>`;

function metricText(board: Board, item: LeaderboardItem): string {
  const { metric } = item;
  switch (board) {
    case 'billboard':
      return `${usd(metric.value)} paid`;
    case 'domain-rating':
      return String(metric.value);
    case 'revenue':
      return usd(metric.value);
    default:
      return `${metric.value} ${metric.value === 1 ? 'vote' : 'votes'}`;
  }
}

function trendText(item: LeaderboardItem): string {
  const { trend, previous } = item.metric;
  if (trend === 'new' || previous === null || previous === undefined) return 'new';
  return trend === 'same' ? `same as before (${previous})` : `${trend} from ${previous}`;
}

const METRIC_HEADINGS: Record<Board, string> = {
  'community-weekly': 'Community votes',
  'community-all-time': 'Community votes',
  billboard: 'Amount paid',
  'domain-rating': 'Domain Rating',
  revenue: 'Revenue',
};

/** A community board's vote cell: the vote button with the count (the count alone before a listing is live). */
function votesCell(board: Leaderboard, item: LeaderboardItem, voter: VoteViewer): SafeHtml | string {
  if (!board.board.startsWith('community-')) return metricText(board.board, item);
  return voteButton(item.listing, voter) || metricText(board.board, item);
}

function boardTable(board: Leaderboard, voter: VoteViewer): SafeHtml {
  if (board.items.length === 0) {
    return html`<p class="muted">${board.board === 'community-weekly' ? 'No live launches in this week yet.' : 'Nothing on this board yet.'}</p>`;
  }
  const thirdParty = board.board === 'domain-rating' || board.board === 'revenue';
  const rows = board.items.map(
    (item) => html`<tr><td>${item.rank}</td>
<th scope="row"><a href="${listingPath(item.listing.slug)}">${item.listing.name}</a>${item.listing.tagline ? html`<br><span class="muted">${item.listing.tagline}</span>` : ''}${voteNotice(item.listing.slug, voter)}</th>
<td>${votesCell(board, item, voter)}</td>${board.board === 'domain-rating' ? html`<td>${trendText(item)}</td>` : ''}${
      thirdParty ? html`<td>${day(item.metric.as_of)}</td><td>${item.metric.source ?? 'unknown'}</td>` : ''
    }</tr>`,
  );
  return html`<div class="table-scroll" role="region" aria-label="${BOARD_TITLES[board.board]}" tabindex="0"><table>
<caption class="visually-hidden">${BOARD_TITLES[board.board]}</caption>
<thead><tr><th scope="col">Rank</th><th scope="col">Product</th><th scope="col">${METRIC_HEADINGS[board.board]}</th>${
    board.board === 'domain-rating' ? html`<th scope="col">Trend</th>` : ''
  }${thirdParty ? html`<th scope="col">As of</th><th scope="col">Source</th>` : ''}</tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** The sources and dates of a third-party board's page, summarised above the table. */
function dataProvenance(board: Leaderboard): SafeHtml | string {
  if (board.board !== 'domain-rating' && board.board !== 'revenue') return '';
  if (board.items.length === 0) return '';
  const sources = [...new Set(board.items.map((i) => i.metric.source ?? 'unknown source'))];
  const dates = board.items.flatMap((i) => (i.metric.as_of ? [i.metric.as_of.slice(0, 10)] : [])).sort();
  const range =
    dates.length === 0
      ? 'on an unknown date'
      : dates[0] === dates.at(-1)
        ? `on ${dates[0]}`
        : `from ${dates[0]} to ${dates.at(-1)}`;
  return html`<p>Data source: ${sources.join(', ')}; measured ${range}. Imported by the site team; each row shows its own date and source.</p>`;
}

function weekPicker(ctx: Context, week: string | null, value: string): SafeHtml {
  const current = mondayOf(ctx.clock.now());
  const nav = week
    ? html`<p><a href="/leaderboards/community-weekly?week=${addWeeks(week, -1)}">Previous week</a>${
        week < current ? html` · <a href="/leaderboards/community-weekly?week=${addWeeks(week, 1)}">Next week</a>` : ''
      } · <a href="/launches/weeks/${week}">All launches of this week</a></p>`
    : '';
  return html`${nav}<form method="get" action="/leaderboards/community-weekly">
<label for="week">Week (this, last, or any date in it)</label>
<input type="text" id="week" name="week" maxlength="10" value="${value}" placeholder="YYYY-MM-DD">
<button type="submit">Show week</button></form>
<p><a href="/leaderboards/community-weekly?week=this">This week</a> · <a href="/leaderboards/community-weekly?week=last">Last week</a></p>`;
}

function itemListLd(ctx: Context, title: string, board: Leaderboard): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    description: board.label,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    numberOfItems: board.total,
    itemListElement: board.items.map((item) => ({
      '@type': 'ListItem',
      position: item.rank,
      name: item.listing.name,
      url: `${ctx.config.publicUrl}${listingPath(item.listing.slug)}`,
    })),
  };
}

function indexPage(ctx: Context, req: Request, res: Response): void {
  const entry = (board: Board, pill: SafeHtml | string = '') =>
    html`<li><a href="/leaderboards/${board}"><strong>${BOARD_TITLES[board]}</strong></a>${pill}<br>${BOARD_LABELS[board]}</li>`;
  sendPublicPage(ctx, req, res, {
    title: 'Leaderboards',
    description:
      'Five separate rankings: community votes this week and of all time, the paid billboard, and third-party Domain Rating and revenue boards.',
    body: html`<p>Launchboard keeps five rankings apart, so money or imported numbers are never mistaken for community votes.</p>
<h2>Community votes</h2>
<ul>${entry('community-weekly')}${entry('community-all-time')}</ul>
${HOW_RANKING_WORKS}
<h2>Paid</h2>
<ul>${entry('billboard', html` <span class="dash-pill wait">Advertising</span>`)}</ul>
<h2>Third-party data</h2>
<ul>${entry('domain-rating')}${entry('revenue')}</ul>`,
  });
}

async function boardPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const boardParam = String(req.params.board);
  if (!isBoard(boardParam)) return sendNotFound(ctx, req, res, 'leaderboard');
  const { page, per_page } = pageParams(req, 25);
  const weekParam =
    boardParam === 'community-weekly' && typeof req.query.week === 'string'
      ? req.query.week.trim().slice(0, 10)
      : undefined;

  let board: Leaderboard;
  try {
    board = await leaderboard(ctx, { board: boardParam, week: weekParam || undefined, page, per_page });
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'invalid') throw err;
    // A week that is not a week, or has not started: say so and offer the picker.
    return sendPublicPage(ctx, req, res, {
      status: 400,
      title: 'Community leaderboard: pick a week',
      body: html`${errorBox(
        `“${weekParam ?? ''}” is not a week this board can show. Use this, last, or a date (YYYY-MM-DD) up to today: a week that has not started has no votes yet.`,
      )}${weekPicker(ctx, null, weekParam ?? '')}${HOW_RANKING_WORKS}`,
    });
  }

  const weekly = board.board === 'community-weekly' && board.week;
  const thisWeek = board.week === mondayOf(ctx.clock.now());
  const title =
    weekly && !thisWeek ? `Community leaderboard: week of ${formatDay(board.week!)}` : BOARD_TITLES[board.board];
  const canonical = new URLSearchParams();
  if (weekly && !thisWeek) canonical.set('week', board.week!);
  if (page > 1) canonical.set('page', String(page));
  const query = canonical.toString();
  const voter = await voteViewer(
    ctx,
    req,
    res,
    board.board.startsWith('community-') ? board.items.map((i) => i.listing) : [],
  );

  sendPublicPage(ctx, req, res, {
    title,
    description: board.label,
    canonicalPath: `/leaderboards/${board.board}${query ? `?${query}` : ''}`,
    jsonLd: itemListLd(ctx, title, board),
    body: html`${board.paid ? PAID_BOX : html`<p>${board.label}</p>`}
${weekly ? html`<p>Live launches of the week ${board.week} to ${sundayOf(board.week!)} (UTC), by community votes.</p>` : ''}
${dataProvenance(board)}
${board.board.startsWith('community-') ? HOW_RANKING_WORKS : ''}
${boardTable(board, voter)}
${paginationNav(req, page, per_page, board.total)}
${weekly ? html`<h2>Other weeks</h2>${weekPicker(ctx, board.week!, weekParam ?? '')}` : ''}
<p><a href="/leaderboards">All leaderboards</a></p>`,
  });
}

export const leaderboardPages = [
  definePage({ path: '/leaderboards', sitemap: 'self', get: indexPage }),
  definePage({
    path: '/leaderboards/:board',
    sitemap: BOARDS.map((board) => `/leaderboards/${board}`),
    get: boardPage,
  }),
];
