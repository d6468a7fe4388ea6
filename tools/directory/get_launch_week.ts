// get_launch_week: one Monday-to-Sunday launch week, its launches ranked by votes.
import { z } from 'zod';
import { categoryFilter } from '../../src/directory/categories.js';
import { launchWeek, launchWeekSchema } from '../../src/launches/launches.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, WEEK_GRAMMAR } from '../schemas.js';

export default defineTool({
  name: 'get_launch_week',
  title: 'Get a launch week',
  description:
    'A launch week (Monday to Sunday, UTC): if started, its live launches by votes (ties: earlier launch); if future, those scheduled (rank null). Paid placements never change ranks. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/launches/weeks/{week}' },
  input: z.strictObject({
    week: z.string().max(10).describe(WEEK_GRAMMAR),
    category: categoryFilter,
  }),
  output: launchWeekSchema,
  keyOutputs: ['week', 'kind', 'previous_week', 'next_week', 'items'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => launchWeek(ctx, input.week, undefined, input.category),
});
