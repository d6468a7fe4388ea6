// Launch of the Week awards, newest week first, grouped by week with a link to
// that week's launches; `?listing=slug` shows one listing's awards. Awards come
// from community votes only (see /how-ranking-works).
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { type AwardView, listAwards } from '../../../launches/awards.js';
import { sundayOf } from '../../../launches/weeks.js';
import { liveListingOptions } from '../../../directory/listing-options.js';
import { definePage } from '../define.js';
import { formatDay } from '../../ui/format.js';
import { listingSuggestions } from '../../ui/pickers.js';
import { errorBox, html, type SafeHtml } from '../../ui/html.js';
import { listingPath, pageParams, paginationNav, sendPublicPage, isSlug } from '../../ui/public-page.js';

function weekSection(week: string, awards: AwardView[]): SafeHtml {
  return html`<section aria-labelledby="week-${week}"><h2 id="week-${week}">Week of ${formatDay(week)}</h2>
<p class="muted">${formatDay(week)} to ${formatDay(sundayOf(week))} · <a href="/launches/weeks/${week}">All launches of that week</a></p>
<ol class="cards">${awards.map(
    (a) => html`<li><span class="rank">#${a.rank}</span>
<div><strong>${a.title}</strong>: <a href="${listingPath(a.listing.slug)}">${a.listing.name}</a>${a.listing.tagline ? html`<br><span>${a.listing.tagline}</span>` : ''}</div>
<span class="votes">${a.votes} ${a.votes === 1 ? 'vote' : 'votes'}</span></li>`,
  )}</ol></section>`;
}

async function awardsPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const { page, per_page } = pageParams(req, 30);
  const listingParam = typeof req.query.listing === 'string' ? req.query.listing.trim().toLowerCase() : '';
  const listingValid = listingParam === '' || isSlug(listingParam);
  const listing = listingValid && listingParam !== '' ? listingParam : undefined;
  const [result, options] = await Promise.all([listAwards(ctx, { listing, page, per_page }), liveListingOptions(ctx)]);

  const weeks = new Map<string, AwardView[]>();
  for (const award of result.items) weeks.set(award.week, [...(weeks.get(award.week) ?? []), award]);
  const listingName = listing ? result.items[0]?.listing.name : undefined;
  const title = listing ? `Awards of ${listingName ?? listing}` : 'Launch of the Week awards';

  sendPublicPage(ctx, req, res, {
    status: listingValid ? 200 : 400,
    title,
    description: 'Launch of the Week #1, #2 and #3 of every week, won by community votes only.',
    canonicalPath: listing
      ? `/awards?listing=${encodeURIComponent(listing)}`
      : `/awards${page > 1 ? `?page=${page}` : ''}`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      numberOfItems: result.total,
      itemListElement: result.items.map((a, i) => ({
        '@type': 'ListItem',
        position: (page - 1) * per_page + i + 1,
        name: `${a.title} (week of ${formatDay(a.week)}): ${a.listing.name}`,
        url: `${ctx.config.publicUrl}${listingPath(a.listing.slug)}`,
      })),
    },
    body: html`<p>When a launch week ends, its three live launches with the most community votes become Launch of the Week #1, #2 and #3. Paid placement never earns an award. <a href="/how-ranking-works">How ranking works</a>.</p>
<form method="get" action="/awards">
<label for="awards-listing">Only the awards of one product</label>
<input type="text" id="awards-listing" name="listing" maxlength="220" value="${listingParam}" list="award-listings" autocomplete="off" aria-describedby="awards-hint">
<p class="hint" id="awards-hint">Start typing a name and pick a live product.</p>
${listingSuggestions('award-listings', options)}
<button type="submit">Filter</button></form>
${listingValid ? '' : errorBox('A listing slug has only lowercase letters, digits and hyphens; showing every award.')}
${listing ? html`<p>${listingName ? html`<a href="${listingPath(listing)}">${listingName}</a> · ` : ''}<a href="/awards">All awards</a></p>` : ''}
${result.items.length === 0 ? html`<p class="muted">${listing ? 'This listing has no awards yet.' : 'No awards yet.'}</p>` : [...weeks].map(([week, awards]) => weekSection(week, awards))}
${paginationNav(req, page, per_page, result.total)}`,
  });
}

export const awardPages = [definePage({ path: '/awards', sitemap: 'self', get: awardsPage })];
