// get_alternatives: what else does the same job.
import { z } from 'zod';
import { alternatives, alternativesTo, MAX_ALTERNATIVES } from '../../src/directory/alternatives.js';
import { defineTool } from '../define.js';
import { slug } from '../schemas.js';

export default defineTool({
  name: 'get_alternatives',
  title: 'Get alternatives to a listing',
  description: `Returns up to ${MAX_ALTERNATIVES} live alternatives to a listing (or to your own before launch): owner-approved first (approved=true), then its primary category's most voted. compare_listings compares two.`,
  scope: null,
  http: { method: 'GET', path: '/listings/{slug}/alternatives' },
  input: z.strictObject({ slug: slug.describe('From search_listings or a listing URL') }),
  output: alternatives,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input, caller) => alternativesTo(ctx, input.slug, caller.kind === 'user' ? caller.userId : null),
});
