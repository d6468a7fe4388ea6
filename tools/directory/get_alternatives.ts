// get_alternatives: what else does the same job.
import { z } from 'zod';
import { alternatives, alternativesTo, MAX_ALTERNATIVES } from '../../src/directory/alternatives.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';

export default defineTool({
  name: 'get_alternatives',
  title: 'Get alternatives to a listing',
  description:
    `Returns up to ${MAX_ALTERNATIVES} live alternatives to a listing: first the ones its owner approved (approved=true), then other live listings in the same primary category, most voted first. ` +
    'Use compare_listings to put two of them side by side. 404 for an unknown or unpublished slug.',
  scope: null,
  http: { method: 'GET', path: '/listings/{slug}/alternatives' },
  input: z.strictObject({ slug: slug.describe('The listing slug, from search_listings or a listing URL') }),
  output: alternatives,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input, caller) => alternativesTo(ctx, input.slug, caller.kind === 'user' ? caller.userId : null),
});
