// get_badges: the badges a listing may show, with image URLs and HTML to embed.
import { z } from 'zod';
import { badgeEmbedSchema, badgeMode, badgeShape, badgeSize, listingBadges } from '../../src/launches/badges.js';
import { defineTool } from '../define.js';
import { docsOnly, slug } from '../schemas.js';

export default defineTool({
  name: 'get_badges',
  title: "Get a listing's badges",
  description:
    'Returns the badges a live or upcoming listing may show on its site (listed, launched, featured, verified, launch-of-the-week) with ready-to-paste `html`: give the maker that exactly.',
  scope: null,
  http: { method: 'GET', path: '/listings/{slug}/badges' },
  input: z.strictObject({
    slug: slug.describe('Listing slug'),
    shape: badgeShape.default('standard').meta(docsOnly('The badge’s shape')),
    mode: badgeMode.default('auto').meta(docsOnly('Light, dark, or auto (follows the visitor)')),
    size: badgeSize.default('m').meta(docsOnly('Small, medium or large')),
  }),
  output: z.object({
    listing: z.object({ slug: z.string(), name: z.string(), status: z.string(), profile_url: z.string() }),
    shape: badgeShape,
    mode: badgeMode,
    size: badgeSize,
    items: z.array(badgeEmbedSchema),
  }),
  keyOutputs: ['listing', 'items'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => listingBadges(ctx, input),
});
