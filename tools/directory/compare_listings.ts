// compare_listings: two live listings side by side.
import { z } from 'zod';
import { compareListings, listingComparison } from '../../src/directory/compare.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';

export default defineTool({
  name: 'compare_listings',
  title: 'Compare two listings',
  description:
    'Compares two live listings side by side: pricing, stage, country, founding year, features, votes, then the compare attributes of their categories. ' +
    'A null cell means that listing does not state the fact; when both cells are null, neither listing states it (do not guess). 404 when either slug is not a live listing.',
  scope: null,
  http: { method: 'GET', path: '/compare' },
  input: z.strictObject({
    a: slug.describe('Slug of the first listing'),
    b: slug.describe('Slug of the second listing'),
  }),
  output: listingComparison,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input) => compareListings(ctx, input.a, input.b),
});
