// /llms.txt (https://llmstxt.org): what this site is and where an agent finds
// its listings, the REST API and the MCP endpoint, in Markdown. The name and
// purpose are the admin's settings; the URLs follow PUBLIC_URL.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { getSetting } from '../../directory/settings.js';
import { siteUrls } from '../../directory/site.js';
import { absoluteUrl } from '../ui/public-page.js';
import { sendDocument } from './feeds.js';

const LLMS_CACHE_SECONDS = 3600;

/** One line of a Markdown list; the text is one line, brackets kept out of the link text. */
const line = (text: string) => text.replace(/\s+/g, ' ').trim();

export async function llmsText(ctx: Context): Promise<string> {
  const [name, purpose] = await Promise.all([getSetting(ctx.db, 'site_name'), getSetting(ctx.db, 'site_purpose')]);
  const urls = siteUrls(ctx.config.publicUrl);
  return `# ${line(name)}

> ${line(purpose)}

Everything public is readable without an account. Makers and their assistants act through the REST API or MCP with an
API key or OAuth; the same operations, inputs and errors on both.

## For agents
- [MCP endpoint](${urls.mcp}): Streamable HTTP; every operation is a tool (public tools need no credentials)
- [Connecting an MCP client](${absoluteUrl(ctx, '/docs/mcp')}): ready-to-paste configurations and OAuth sign-in
- [REST API](${urls.api_base}): JSON; start with GET /site
- [OpenAPI document](${urls.openapi}): every operation, its fields and bounds
- [API documentation](${urls.docs})

## Browse
- [Launches](${urls.launches}): this week's and recent launches
- [Leaderboards](${urls.leaderboards})
- [Categories](${urls.categories})
- [Search](${urls.search})
- [Recent launches as JSON Feed](${absoluteUrl(ctx, '/feeds/launches.json')})
- [Sitemap](${absoluteUrl(ctx, '/sitemap.xml')})

## Launch a product
- [How launching works](${absoluteUrl(ctx, '/launch')}): free (a week some weeks out, with our badge on your homepage) or paid
`;
}

export function llmsTxtRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/llms.txt', async (_req, res, next) => {
    try {
      sendDocument(res, 'text/markdown; charset=utf-8', await llmsText(ctx), LLMS_CACHE_SECONDS);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
