// The Terms and Privacy pages: Markdown the admin sets in the site settings
// (the defaults say what this software does with data), rendered like blog
// posts (raw HTML shown as text).
import type { Request, Response, Router } from 'express';
import type { Context } from '../../context.js';
import { getSetting } from '../../directory/settings.js';
import { renderMarkdown } from './blog-page.js';
import { pageRouter, sendPublicPage } from './common.js';

function legalPage(title: string, key: 'terms_markdown' | 'privacy_markdown', description: string) {
  return async (ctx: Context, req: Request, res: Response) => {
    const body = await renderMarkdown(await getSetting(ctx.db, key));
    sendPublicPage(ctx, req, res, { title, description, body });
  };
}

export function legalPages(ctx: Context): Router {
  return pageRouter(ctx, {
    '/terms': legalPage('Terms', 'terms_markdown', 'The rules for listing, launching, voting and reviewing here.'),
    '/privacy': legalPage('Privacy', 'privacy_markdown', 'What this site keeps about you and why.'),
  });
}
