// The home page: today's race first (today's launches ranked by community
// votes), then the rest of the week, what is trending and what is scheduled
// next, each product once in these lists (a paid Featured product may also
// show in its labelled box); then the site search, the way to launch and
// what the site is for. Every list is a community ranking: paid plans never
// change it.
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
    // Read past what is shown, so each list still fills up once products shown above are left out.
    launchFeed(ctx, 'this-week', FIRST_PAGE(20)),
    launchFeed(ctx, 'trending', FIRST_PAGE(25)),
    launchFeed(ctx, 'upcoming', FIRST_PAGE(5)),
    featuredListingIds(ctx, mondayOf(ctx.clock.now())).then((ids) => summariesByIds(ctx, ids)),
  ]);
  const shown = new Set(today.items.map((l) => l.slug));
  const notShown = <T extends { slug: string }>(items: T[], count: number): T[] => {
    const fresh = items.filter((l) => !shown.has(l.slug)).slice(0, count);
    for (const l of fresh) shown.add(l.slug);
    return fresh;
  };
  const earlier = notShown(week.items, 10);
  const rising = notShown(trending.items, 5);
  const voter = await voteViewer(ctx, req, res, [
    ...today.items,
    ...featured,
    ...earlier,
    ...rising,
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
    body: html`<section aria-labelledby="home-today">
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
<h2 id="home-week">Earlier this week <small>· most votes first</small></h2>
${earlier.length > 0 ? listingCards(earlier, { voter }) : html`<p class="muted">Only today's launches so far this week.</p>`}
<p><a href="/launches/weeks/this">The week's ranking${week.total > 0 ? ` (${week.total} launches)` : ''}</a> · <a href="/launches/weeks/last">Last week's results</a> <span class="muted">(weeks run Monday to Sunday, UTC)</span></p>
</section>
${
  rising.length > 0
    ? html`<section aria-labelledby="home-trending">
<h2 id="home-trending">Trending</h2>
<p class="muted">Recent community votes weigh more; products shown above are left out.</p>
${listingCards(rising, { voter })}
<p><a href="/launches?section=trending">All trending products</a></p>
</section>`
    : ''
}
<section aria-labelledby="home-upcoming">
<h2 id="home-upcoming">Coming up</h2>
${listingCards(upcoming.items, { metric: (l) => (l.launch_week ? `Week of ${formatDay(l.launch_week)}` : 'Scheduled'), voter })}
${more('/launches?section=upcoming', 'All upcoming launches', upcoming.total, upcoming.items.length)}
</section>
<form method="get" action="/search" role="search" aria-label="Search the directory">
<label for="home-q">Search products</label>
<input type="search" id="home-q" name="q" maxlength="200">
<button type="submit">Search</button>
</form>
<aside class="card launch-cta" aria-labelledby="home-launch">
<h2 id="home-launch">Making something?</h2>
<p>Give us your website: we draft your listing from it in about a minute, you check it, then launch free in a few weeks or pick your week.</p>
<p><a class="button" href="/submit">Launch your product</a> <a href="/launch">Free or paid: how launching works</a></p>
</aside>
<p><a href="/categories">Browse by category</a> · <a href="/launches">All launches</a> · <a href="/leaderboards">Leaderboards</a></p>
<p class="muted">${purpose}</p>`,
  });
}

export const homePages = [definePage({ path: '/', sitemap: 'self', get: cachedPage(homePage) })];
