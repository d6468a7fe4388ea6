import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_categories.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
  const g = given(ctx);
  const dev = await g.category({ slug: 'developer-tools', name: 'Developer tools', position: 1 });
  const api = await g.category({ slug: 'api-tools', name: 'API tools', parent: dev });
  await g.category({ slug: 'testing', name: 'Testing', parent: dev });
  const design = await g.category({ slug: 'design', name: 'Design', position: 2 });
  await g.category({ slug: 'empty', name: 'Empty', position: 3 });
  await g.listing({ categories: [api] });
  await g.listing({ categories: [api, dev] }); // counted once for developer-tools
  await g.listing({ categories: [dev] });
  await g.listing({ categories: [design], status: 'draft' }); // not live: not counted
});
afterAll(async () => ctx?.close());

const list = async (input: object) => ((await invokeTool(ctx, tool, input, anonymous())).body as any).items;

describe('list_categories', () => {
  it('returns the tree with live listing counts, a listing counted once for its parent', async () => {
    const items = await list({});
    expect(items.map((c: any) => [c.slug, c.listing_count])).toEqual([
      ['developer-tools', 3],
      ['design', 0],
      ['empty', 0],
    ]);
    expect(items[0].subcategories.map((c: any) => [c.slug, c.listing_count])).toEqual([
      ['api-tools', 2],
      ['testing', 0],
    ]);
  });

  it('hides empty categories when include_empty is false', async () => {
    const items = await list({ include_empty: false });
    expect(items.map((c: any) => c.slug)).toEqual(['developer-tools']);
    expect(items[0].subcategories.map((c: any) => c.slug)).toEqual(['api-tools']);
  });
});
