// The relevance benchmark's judged queries (bench/relevance/demo-queries.json)
// name demo listings by slug: a change to the demo seed that moves or renames
// one must come with the queries judged again, not surface as a silent miss.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDemoQueries, unknownExpectations } from '../../bench/relevance/queries.js';
import { seedDemo } from '../../db/seed/demo.js';
import { settingDefaults } from '../../src/directory/settings.js';
import { TEST_NOW, testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await testContext();
});
afterEach(async () => {
  await ctx.close();
});

describe('the demo queries', () => {
  it('expect only live listings of the demo directory, seeded at the clock the benchmark uses', async () => {
    // bench/relevance.ts seeds at this same instant
    expect(ctx.clock.now().toISOString()).toBe(TEST_NOW);
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const live = await ctx.db.selectFrom('listings').select('slug').where('status', '=', 'live').execute();
    const queries = loadDemoQueries();
    expect(queries.length).toBeGreaterThanOrEqual(100);
    expect(unknownExpectations(queries, new Set(live.map((r) => r.slug)))).toEqual([]);
  });
});
