// search_listings: search by words (forms, prefixes, typos) and filtered browsing.
import { z } from 'zod';
import { searchExtras, searchHit, searchListings } from '../../src/search/search.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, pageOf, pagination, slug } from '../schemas.js';

export default defineTool({
  name: 'search_listings',
  title: 'Search listings',
  description:
    'Searches listings (typos tolerated; matches of every word first). Returns summaries, a total and, with q, did_you_mean and matching categories. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/listings' },
  input: z.strictObject({
    q: z.string().max(200).optional().describe('Empty to browse'),
    category: slug.optional().describe('Category slug; includes subcategories'),
    stage: slug.optional().describe('e.g. beta; in use: get_site_info filters'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .optional()
      .describe('Two-letter country code'),
    pricing_model: z.string().max(40).optional().describe('e.g. freemium; in use: get_site_info filters'),
    domain: z.string().max(253).optional().describe('Website domain, e.g. example.com'),
    status: z.enum(['live', 'upcoming']).default('live').describe('upcoming: scheduled launches'),
    sort: z
      .enum(['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'])
      .default('relevance')
      .describe('trending favours recent votes'),
    ...pagination,
  }),
  output: pageOf(searchHit).extend(searchExtras),
  keyOutputs: ['items', 'total', 'did_you_mean'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => {
    const result = await searchListings(ctx, input);
    return { ...result, page: input.page, per_page: input.per_page };
  },
});
