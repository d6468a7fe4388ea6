// list_launches: the launch feeds (today, this week, trending, upcoming, ...).
import { z } from 'zod';
import { LAUNCH_SECTIONS, launchFeed } from '../../src/launches/launches.js';
import { listingSummary } from '../../src/listings/summary.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_launches',
  title: 'List launches',
  description:
    'Returns a page of one launch feed (`section`); paid placements never change the order. get_launch_week shows a calendar week. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/launches' },
  input: z.strictObject({
    section: z
      .enum(LAUNCH_SECTIONS)
      .default('this-week')
      .describe('today: launched today (UTC); trending: votes weighted by age; upcoming: scheduled, soonest first'),
    ...pagination,
  }),
  output: pageOf(listingSummary).extend({ section: z.enum(LAUNCH_SECTIONS) }),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => {
    const feed = await launchFeed(ctx, input.section, input);
    return { section: input.section, items: feed.items, page: input.page, per_page: input.per_page, total: feed.total };
  },
});
