// The launch calendar pages: the feed with its section tabs (/launches) and
// one Monday-to-Sunday week (/launches/weeks/:week), ranked by community
// votes only. Also the calendar vocabulary the other browse pages share:
// how a day reads and how a list of listings becomes schema.org ItemList.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { AppError } from '../../../errors.js';
import {
  LAUNCH_SECTIONS,
  launchFeed,
  launchWeek,
  type LaunchSection,
  type LaunchWeek,
} from '../../../launches/launches.js';
import type { ListingSummary } from '../../../listings/summary.js';
import { parseDate, WEEK_MS } from '../../../launches/weeks.js';
import { definePage } from '../define.js';
import { weekShareImage } from '../../share/urls.js';
import { html, type SafeHtml, plural } from '../../ui/html.js';
import { voteViewer } from '../../ui/vote-button.js';
import {
  absoluteUrl,
  cachedPage,
  listingCards,
  pageParams,
  paginationNav,
  sendNotFound,
  sendPublicPage,
  pageNumber,
  LAUNCH_FEEDS,
  itemListLd,
} from '../../ui/public-page.js';
import { formatDay } from '../../ui/format.js';

/** The RSS and Atom feeds of launches, linked from the calendar pages. */
interface SectionInfo {
  tab: string;
  title: string;
  description: string;
  ranked: boolean;
  metric?: (l: ListingSummary) => string;
}

const SECTIONS: Record<LaunchSection, SectionInfo> = {
  today: {
    tab: 'Today',
    title: "Today's launches",
    description: 'Products that launched today, ranked by community votes.',
    ranked: true,
  },
  'this-week': {
    tab: 'This week',
    title: "This week's launches",
    description: "This week's product launches, ranked by community votes.",
    ranked: true,
  },
  trending: {
    tab: 'Trending',
    title: 'Trending launches',
    description: 'Products with the most recent community votes (newer votes weigh more).',
    ranked: true,
  },
  'most-voted': {
    tab: 'Most voted',
    title: 'Most voted launches of all time',
    description: 'Every live product, ranked by all-time community votes.',
    ranked: true,
  },
  recent: {
    tab: 'Recent',
    title: 'Recently launched products',
    description: 'The newest product launches first.',
    ranked: false,
  },
  'most-viewed': {
    tab: 'Most viewed',
    title: 'Most viewed launches',
    description: 'Live products by the number of times their page was viewed.',
    ranked: true,
    metric: (l) => plural(l.views, 'view', 'views'),
  },
  'most-followed': {
    tab: 'Most followed',
    title: 'Most followed launches',
    description: 'Live products by the number of people following them.',
    ranked: true,
    metric: (l) => plural(l.followers, 'follower', 'followers'),
  },
  upcoming: {
    tab: 'Upcoming',
    title: 'Upcoming launches',
    description: 'Products scheduled to launch in the coming weeks, soonest first.',
    ranked: false,
    metric: (l) => (l.launch_week ? `Week of ${formatDay(l.launch_week)}` : 'Scheduled'),
  },
};

const DEFAULT_SECTION: LaunchSection = 'this-week';

const isSection = (value: string): value is LaunchSection => (LAUNCH_SECTIONS as readonly string[]).includes(value);

function sectionTabs(current: LaunchSection | null): SafeHtml {
  return html`<nav aria-label="Launch sections"><ul style="list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0">${LAUNCH_SECTIONS.map(
    (s) =>
      html`<li><a href="${s === DEFAULT_SECTION ? '/launches' : `/launches?section=${s}`}"${s === current ? html` aria-current="page"` : ''}>${SECTIONS[s].tab}</a></li>`,
  )}</ul></nav>`;
}

const weekLinks = html`<p>Browse by week: <a href="/launches/weeks/last">last week</a> · <a href="/launches/weeks/this">this week</a> · <a href="/launches/weeks/next">next week</a>.</p>`;

async function feedPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const raw = req.query.section;
  const requested = (typeof raw === 'string' ? raw : Array.isArray(raw) ? String(raw[0]) : '') || DEFAULT_SECTION;
  if (!isSection(requested)) {
    sendPublicPage(ctx, req, res, {
      status: 400,
      title: 'Unknown launch section',
      description: 'Product launches on Launchboard, by section.',
      canonicalPath: '/launches',
      body: html`<p class="error" role="alert">There is no launch section called “${requested}”. Pick one of these:</p>${sectionTabs(null)}`,
    });
    return;
  }
  const section = requested;
  const info = SECTIONS[section];
  const { page, per_page } = pageParams(req);
  const { items, total } = await launchFeed(ctx, section, { page, per_page });
  const voter = await voteViewer(ctx, req, res, items);
  const first = (page - 1) * per_page + 1;
  const query = new URLSearchParams();
  if (section !== DEFAULT_SECTION) query.set('section', section);
  if (page > 1) query.set('page', String(page));
  if (per_page !== 20) query.set('per_page', String(per_page));
  const canonical = `/launches${query.toString() ? `?${query}` : ''}`;
  sendPublicPage(ctx, req, res, {
    title: page > 1 ? `${info.title} (page ${page})` : info.title,
    description: info.description,
    canonicalPath: canonical,
    feeds: LAUNCH_FEEDS,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: info.title,
        description: info.description,
        url: absoluteUrl(ctx, canonical),
      },
      itemListLd(info.title, items, first),
    ],
    body: html`${sectionTabs(section)}
<p>${info.description} ${total > 0 ? `${plural(total, 'product', 'products')}.` : ''}</p>
${listingCards(items, { ranked: info.ranked, firstRank: first, metric: info.metric, voter })}
${paginationNav(req, page, per_page, total)}
${weekLinks}`,
  });
}

/** Monday-to-Sunday as `16 – 22 Nov 2026`. */
function weekRange(week: LaunchWeek): string {
  return `${formatDay(week.starts_on)} – ${formatDay(week.ends_on)}`;
}

/** A week's launches per page: a busy week has hundreds, and a page of them all weighs hundreds of KB. */
const WEEK_PAGE_SIZE = 50;

async function weekPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const input = String(req.params.week);
  const { page, per_page } = pageParams(req, WEEK_PAGE_SIZE);
  const first = (page - 1) * per_page;
  let week: LaunchWeek;
  try {
    // The API bounds `week` at 10 characters; longer text is no week either.
    if (input.length > 10) throw new AppError('invalid', 'not a week');
    week = await launchWeek(ctx, input, { offset: first, limit: per_page });
    // weeks.ts snaps years 0-99 into the 1900s (Date.UTC's two-digit years): such a date is no week here.
    const date = parseDate(input);
    if (date && Math.abs(date.getTime() - Date.parse(`${week.week}T00:00:00.000Z`)) >= WEEK_MS)
      throw new AppError('invalid', 'not a week');
  } catch (err) {
    if (err instanceof AppError && (err.kind === 'invalid' || err.kind === 'not_found')) {
      sendNotFound(ctx, req, res, 'launch week');
      return;
    }
    throw err;
  }
  // A date inside the week has one address: its Monday's.
  if (parseDate(input) && input !== week.week) {
    res.redirect(301, `/launches/weeks/${week.week}`);
    return;
  }
  const intro = {
    past: 'The live launches of that week, ranked by community votes.',
    current:
      'The live launches of this week so far, ranked by community votes. Ranks can change until Sunday ends (UTC).',
    future: 'Launches scheduled for this week. They are ranked by community votes once the week begins.',
  }[week.kind];
  const title =
    week.kind === 'current' ? `This week's launches, ${weekRange(week)}` : `Launches of the week ${weekRange(week)}`;
  const listings = week.items.map((i) => i.listing);
  const voter = await voteViewer(ctx, req, res, listings);
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (per_page !== WEEK_PAGE_SIZE) query.set('per_page', String(per_page));
  sendPublicPage(ctx, req, res, {
    title: page > 1 ? `${title} (page ${page})` : title,
    description: `${intro} Week of ${formatDay(week.starts_on)} (Monday to Sunday, UTC).`,
    canonicalPath: `/launches/weeks/${week.week}${query.size > 0 ? `?${query}` : ''}`,
    ogImage: weekShareImage(ctx, week.week, weekRange(week)),
    feeds: LAUNCH_FEEDS,
    jsonLd: itemListLd(title, listings, first + 1),
    body: html`<p>${intro} ${plural(week.total, 'launch', 'launches')}.</p>
${listingCards(listings, { ranked: week.kind !== 'future', firstRank: first + 1, voter })}
${paginationNav(req, page, per_page, week.total)}
<nav aria-label="Weeks"><p><a href="/launches/weeks/${week.previous_week}" rel="prev"><span aria-hidden="true">←</span> Week of ${formatDay(week.previous_week)}</a> · <a href="/launches/weeks/${week.next_week}" rel="next">Week of ${formatDay(week.next_week)} <span aria-hidden="true">→</span></a></p></nav>
<p><a href="/launches">All launch sections</a> · <a href="/awards">Launch of the Week awards</a></p>`,
  });
}

export const launchPages = [
  definePage({ path: '/launches', sitemap: 'self', get: feedPage }),
  definePage({ path: '/launches/weeks', get: (_ctx, _req, res) => res.redirect(302, '/launches/weeks/this') }),
  definePage({
    path: '/launches/weeks/:week',
    get: cachedPage(weekPage, { query: { page: pageNumber(1000), per_page: pageNumber(100) } }),
  }),
];
