// list_categories: the category tree with live listing counts.
import { z } from 'zod';
import { categoryTree, topCategory } from '../../src/directory/categories.js';
import { defineTool } from '../define.js';
import { docsOnly } from '../schemas.js';

export default defineTool({
  name: 'list_categories',
  title: 'List categories',
  description:
    "Returns the category tree with live listing counts. Slugs filter search_listings and open get_category; names go in a draft's `categories`.",
  scope: null,
  http: { method: 'GET', path: '/categories' },
  input: z.strictObject({
    include_empty: z.boolean().default(true).meta(docsOnly('Also categories without live listings')),
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
