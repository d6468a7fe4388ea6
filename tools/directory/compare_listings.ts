// compare_listings: two live listings side by side (or the caller's own, before launch).
import { z } from 'zod';
import { compareListings, listingComparison } from '../../src/directory/compare.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';

export default defineTool({
  name: 'compare_listings',
  title: 'Compare two listings',
  description:
    'Compares two live listings (or your own before launch): pricing, stage, country, founding year, features, votes and category attributes. A null cell: not stated; never guess.',
  scope: null,
  http: { method: 'GET', path: '/compare' },
  input: z.strictObject({
    a: slug.describe('First listing slug'),
    b: slug.describe('Second listing slug'),
  }),
  output: listingComparison,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input, caller) =>
    compareListings(ctx, input.a, input.b, caller.kind === 'user' ? caller.userId : null),
});
