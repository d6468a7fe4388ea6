// get_leaderboard: one of the separate ranking systems, each labelled for what it is.
import { z } from 'zod';
import { categoryFilter } from '../../src/directory/categories.js';
import { BOARDS, leaderboard, leaderboardSchema } from '../../src/launches/leaderboards.js';
import { defineTool } from '../define.js';
import { docsOnly, MAKER_TEXT, pagination } from '../schemas.js';

export default defineTool({
  name: 'get_leaderboard',
  title: 'Get a leaderboard',
  description:
    'Returns one board (rank, listing, metric). Boards never mix: community-weekly and community-all-time rank by community votes; ' +
    '`billboard` is PAID, ranked by money paid: present it as paid advertising, never as popularity; domain-rating (third-party) and revenue (USD cents) are imported, with their source. ' +
    '`category` ranks only the listings in that category and its subcategories. Check `paid` and `label` first. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/leaderboards/{board}' },
  input: z.strictObject({
    board: z.enum(BOARDS).meta(docsOnly('Which ranking; billboard is the paid one')),
    week: z
      .string()
      .max(10)
      .optional()
      .describe('community-weekly only: this (default), last, or YYYY-MM-DD of a week that has started'),
    category: categoryFilter,
    ...pagination,
  }),
  output: leaderboardSchema,
  keyOutputs: ['paid', 'label', 'items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => leaderboard(ctx, input),
});
