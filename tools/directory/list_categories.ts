// list_categories: the category tree with live listing counts.
import { z } from 'zod';
import { categoryTree, topCategory } from '../../src/directory/categories.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'list_categories',
  title: 'List categories',
  description:
    "Returns the category tree: top-level categories, each with its subcategories, and the number of live listings in each (a listing in a subcategory also counts for its parent). Use the slugs to filter search_listings or with get_category; use the names in a draft's `categories` field.",
  scope: null,
  http: { method: 'GET', path: '/categories' },
  input: z.strictObject({
    include_empty: z.boolean().default(true).describe('Include categories without live listings (default true)'),
  }),
  output: z.object({ items: z.array(topCategory) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => {
    const tree = await categoryTree(ctx, { includeEmpty: input.include_empty });
    return {
      items: tree.map((c) => ({ ...c, subcategories: c.subcategories.map(({ subcategories: _, ...s }) => s) })),
    };
  },
});
