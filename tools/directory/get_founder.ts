// get_founder: one founder's public profile, companies and published stories.
import { z } from 'zod';
import { founderProfile, founderProfileSchema } from '../../src/directory/founders.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, slug } from '../schemas.js';

export default defineTool({
  name: 'get_founder',
  title: 'Get a founder',
  description:
    "Returns a founder's profile, live listings and published founder stories (a paid section, shown only where unlocked). " +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/founders/{slug}' },
  input: z.strictObject({ slug: slug.describe('From list_founders or a listing profile') }),
  output: founderProfileSchema,
  keyOutputs: ['name', 'profile_url', 'companies', 'stories'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => founderProfile(ctx, input.slug),
});
