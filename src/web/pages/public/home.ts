// The home page: today's launches, this week's ranked by community votes,
// what is trending and what is scheduled next, with the site search and the
// launch feeds. Every list is a community ranking: paid plans never change it.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { launchFeed } from '../../../launches/launches.js';
import { mondayOf } from '../../../launches/weeks.js';
import { summariesByIds } from '../../../listings/summary.js';
import { featuredListingIds } from '../../../orders/orders.js';
import { getSetting } from '../../../directory/settings.js';
import { definePage } from '../define.js';
import { html } from '../../ui/html.js';
import { voteViewer } from '../../ui/vote-button.js';
import {
  absoluteUrl,
  cachedPage,
  listingCards,
  sendPublicPage,
  LAUNCH_FEEDS,
  itemListLd,
} from '../../ui/public-page.js';
import { formatDay } from '../../ui/format.js';

const FIRST_PAGE = (perPage: number) => ({ page: 1, per_page: perPage });

async function homePage(ctx: Context, req: Request, res: Response): Promise<void> {
  const [siteName, purpose, today, week, trending, upcoming, featured] = await Promise.all([
    getSetting(ctx.db, 'site_name'),
    getSetting(ctx.db, 'site_purpose'),
    launchFeed(ctx, 'today', FIRST_PAGE(10)),
    launchFeed(ctx, 'this-week', FIRST_PAGE(10)),
    launchFeed(ctx, 'trending', FIRST_PAGE(5)),
    launchFeed(ctx, 'upcoming', FIRST_PAGE(5)),
    featuredListingIds(ctx, mondayOf(ctx.clock.now())).then((ids) => summariesByIds(ctx, ids)),
  ]);
  const voter = await voteViewer(ctx, req, res, [
    ...today.items,
    ...featured,
    ...week.items,
    ...trending.items,
    ...upcoming.items,
  ]);
  const more = (href: string, text: string, total: number, shown: number) =>
    total > shown ? html`<p><a href="${href}">${text} (${total})</a></p>` : '';
  sendPublicPage(ctx, req, res, {
    title: 'Product launches, ranked by the community',
    description: purpose,
    canonicalPath: '/',
    feeds: LAUNCH_FEEDS,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: siteName,
        url: absoluteUrl(ctx, '/'),
        description: purpose,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: absoluteUrl(ctx, '/search?q={search_term_string}') },
          'query-input': 'required name=search_term_string',
        },
      },
      itemListLd("This week's launches", week.items),
    ],
    body: html`<p>${purpose}</p>
<form method="get" action="/search" role="search" aria-label="Search the directory">
<label for="home-q">Search products</label>
<input type="search" id="home-q" name="q" maxlength="200">
<button type="submit">Search</button>
</form>
<section aria-labelledby="home-today">
<h2 id="home-today">Launching today</h2>
${listingCards(today.items, { ranked: true, voter })}
${more('/launches?section=today', "All of today's launches", today.total, today.items.length)}
</section>
${
  featured.length > 0
    ? html`<section aria-labelledby="home-featured" class="paid">
<h2 id="home-featured">Featured this week <small>· paid placement</small></h2>
<p class="muted">Makers paid for this spot (the Featured week product). It never changes votes or rankings.</p>
${listingCards(featured, { voter })}
</section>`
    : ''
}
<section aria-labelledby="home-week">
<h2 id="home-week">This week</h2>
<p class="muted">Ranked by community votes; the week runs Monday to Sunday (UTC).</p>
${listingCards(week.items, { ranked: true, voter })}
<p><a href="/launches/weeks/this">The whole week${week.total > week.items.length ? ` (${week.total} launches)` : ''}</a> · <a href="/launches/weeks/last">Last week's results</a></p>
</section>
<section aria-labelledby="home-trending">
<h2 id="home-trending">Trending</h2>
<p class="muted">Recent community votes weigh more.</p>
${listingCards(trending.items, { ranked: true, voter })}
${more('/launches?section=trending', 'More trending products', trending.total, trending.items.length)}
</section>
<section aria-labelledby="home-upcoming">
<h2 id="home-upcoming">Coming up</h2>
${listingCards(upcoming.items, { metric: (l) => (l.launch_week ? `Week of ${formatDay(l.launch_week)}` : 'Scheduled'), voter })}
${more('/launches?section=upcoming', 'All upcoming launches', upcoming.total, upcoming.items.length)}
</section>
<aside class="card launch-cta" aria-labelledby="home-launch">
<h2 id="home-launch">Making something?</h2>
<p>Give us your website: we draft your listing from it in about a minute, you check it, then launch free in a few weeks or pick your week.</p>
<p><a class="button" href="/submit">Launch your product</a> <a href="/launch">Free or paid: how launching works</a></p>
</aside>
<p><a href="/categories">Browse by category</a> · <a href="/launches">All launches</a> · <a href="/leaderboards">Leaderboards</a></p>`,
  });
}

export const homePages = [definePage({ path: '/', sitemap: 'self', get: cachedPage(homePage) })];
