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
    'One board (rank, listing, metric); boards never mix. community-weekly, community-all-time: by votes. ' +
    '`billboard` is PAID (by money paid): show it as advertising, never popularity. domain-rating, revenue (USD cents): imported third-party figures with their source. ' +
    'Check `paid` and `label`. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/leaderboards/{board}' },
  input: z.strictObject({
    board: z.enum(BOARDS).meta(docsOnly('Which ranking; billboard is the paid one')),
    week: z.string().max(10).optional().describe('community-weekly: this (default), last, or a date in a started week'),
    category: categoryFilter,
    ...pagination,
  }),
  output: leaderboardSchema,
  keyOutputs: ['paid', 'label', 'items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => leaderboard(ctx, input),
});
