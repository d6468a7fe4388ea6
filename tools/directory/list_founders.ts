// list_founders: people behind live listings, by name.
import { z } from 'zod';
import { founderCard, listFounders } from '../../src/directory/founders.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_founders',
  title: 'List founders',
  description: `Lists the founders of live listings by name, with their listings; get_founder has the full profile. ${MAKER_TEXT}`,
  scope: null,
  http: { method: 'GET', path: '/founders' },
  input: z.strictObject({
    q: z.string().max(120).optional().describe("Part of the founder's name"),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .optional()
      .describe('Two-letter country code'),
    ...pagination,
  }),
  output: pageOf(founderCard),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => {
    const result = await listFounders(ctx, input);
    return { items: result.items, page: input.page, per_page: input.per_page, total: result.total };
  },
});
