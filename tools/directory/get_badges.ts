// get_badges: the badges a listing may show, with image URLs and HTML to embed.
import { z } from 'zod';
import { badgeEmbedSchema, badgeMode, badgeShape, badgeSize, listingBadges } from '../../src/launches/badges.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';

export default defineTool({
  name: 'get_badges',
  title: "Get a listing's badges",
  description:
    'Returns the badges a live or upcoming listing may show on its own website, each with a label, an SVG image URL, the listing page it links to, and ready-to-paste HTML (`html`). ' +
    "Kinds: `listed` (every live or upcoming listing), `launched` (live), `featured` (paid placement), `verified` (the owner's verified email is at the product's domain), " +
    'and one `launch-of-the-week` per award won (with its rank and week). `shape`, `mode` and `size` choose the look. ' +
    'Give the maker the `html` exactly as returned. 404 for an unknown listing or one not yet scheduled or live.',
  scope: null,
  http: { method: 'GET', path: '/listings/{slug}/badges' },
  input: z.strictObject({
    slug: slug.describe('Listing slug'),
    shape: badgeShape.default('standard').describe('Badge shape'),
    mode: badgeMode.default('auto').describe("Colour scheme; auto follows the visitor's light or dark preference"),
    size: badgeSize.default('m').describe('Badge size'),
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
