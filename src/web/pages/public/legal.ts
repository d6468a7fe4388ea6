// The Terms and Privacy pages: Markdown the admin sets in the site settings
// (the defaults say what this software does with data), rendered like blog
// posts (raw HTML shown as text).
import { getSetting } from '../../../directory/settings.js';
import { definePage, type PageHandler } from '../define.js';
import { sendPublicPage } from '../../ui/public-page.js';
import { renderMarkdown } from '../../ui/text.js';

function legalPage(title: string, key: 'terms_markdown' | 'privacy_markdown', description: string): PageHandler {
  return async (ctx, req, res) => {
    const body = await renderMarkdown(await getSetting(ctx.db, key));
    sendPublicPage(ctx, req, res, { title, description, body });
  };
}

export const legalPages = [
  definePage({
    path: '/terms',
    sitemap: 'self',
    get: legalPage('Terms', 'terms_markdown', 'The rules for listing, launching, voting and reviewing here.'),
  }),
  definePage({
    path: '/privacy',
    sitemap: 'self',
    get: legalPage('Privacy', 'privacy_markdown', 'What this site keeps about you and why.'),
  }),
];
