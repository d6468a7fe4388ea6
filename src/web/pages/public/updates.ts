// GET /updates: the latest-updates page, where makers' posted updates appear
// (post_listing_update), newest first.
import { latestUpdates } from '../../../community/notifications.js';
import { definePage } from '../define.js';
import { html } from '../../ui/html.js';
import { listingPath, pageParams, paginationNav, sendPublicPage } from '../../ui/public-page.js';

export const updatesPages = [
  definePage({
    path: '/updates',
    sitemap: 'self',
    get: async (ctx, req, res) => {
      const { page, per_page } = pageParams(req);
      const { items, total } = await latestUpdates(ctx, { page, per_page });
      sendPublicPage(ctx, req, res, {
        title: 'Latest updates',
        description: 'News from the makers of live products: launches, releases and milestones, newest first.',
        body: html`<p>What makers posted lately. Follow a listing to be told of its updates.</p>
${
  items.length === 0
    ? html`<p class="muted">No updates yet.</p>`
    : html`<ul class="cards">${items.map(
        (u) => html`<li><div><h2><a href="${listingPath(u.listing.slug)}">${u.listing.name}</a>: ${u.title}</h2>
<p><time datetime="${u.created_at}">${u.created_at.slice(0, 10)}</time></p><p>${u.body}</p></div></li>`,
      )}</ul>`
}
${paginationNav(req, page, per_page, total)}`,
      });
    },
  }),
];
