// get_site_info: the service's name, purpose, public URLs and live counts.
import { z } from 'zod';
import { siteInfo } from '../../src/directory/site.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'get_site_info',
  title: 'Site information',
  description:
    "Start here: the site's name, purpose, URLs (pages, REST base, OpenAPI, docs, MCP), counts, house rules (`rules`), `sites` (keys for apply_to) and `filters` (stages, pricing models, countries in use). No sign-in needed.",
  scope: null,
  http: { method: 'GET', path: '/site' },
  input: z.strictObject({}),
  output: z.object({
    name: z.string(),
    purpose: z.string(),
    version: z.string(),
    urls: z.object({
      home: z.string(),
      search: z.string(),
      launches: z.string(),
      leaderboards: z.string(),
      categories: z.string(),
      founders: z.string(),
      blog: z.string(),
      awards: z.string(),
      api_base: z.string(),
      openapi: z.string(),
      docs: z.string(),
      mcp: z.string(),
    }),
    counts: z.object({ live_listings: z.number().int(), categories: z.number().int() }),
    sites: z
      .array(z.object({ key: z.string(), name: z.string(), url: z.string() }))
      .describe(
        "The directories this installation publishes, `main` first. A listing is on one; a company may be listed on several, each with that site's own headline, summary and SEO text (update_my_listing apply_to takes these keys)",
      ),
    filters: z
      .object({
        stages: z.array(z.string()).describe('e.g. beta, launched'),
        pricing_models: z.array(z.string()).describe('Lower-case, e.g. freemium'),
        countries: z.array(z.string()).describe('Two-letter codes'),
      })
      .describe("Values search_listings' stage, pricing_model and country filters take that live listings have now"),
    api: z.object({ base_url: z.string(), openapi_url: z.string(), docs_url: z.string(), openapi_version: z.string() }),
    mcp: z.object({ url: z.string(), transport: z.string(), protocol_versions: z.array(z.string()) }),
    rules: z.array(z.string()),
  }),
  keyOutputs: ['name', 'purpose', 'urls', 'counts', 'rules', 'sites', 'filters'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: (ctx) => siteInfo(ctx),
});
