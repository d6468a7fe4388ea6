// list_awards: Launch of the Week awards, newest week first.
import { z } from 'zod';
import { awardView, listAwards } from '../../src/launches/awards.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, pageOf, pagination, slug } from '../schemas.js';

export default defineTool({
  name: 'list_awards',
  title: 'List awards',
  description:
    "Returns Launch of the Week awards, newest first: each week's three most voted live launches (ties: earlier launch); paid placements never earn one. " +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/awards' },
  input: z.strictObject({
    listing: slug.optional().describe("Only this listing's awards (slug)"),
    ...pagination,
  }),
  output: pageOf(awardView),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => {
    const result = await listAwards(ctx, input);
    return { items: result.items, page: input.page, per_page: input.per_page, total: result.total };
  },
});
