// get_category: one category with its FAQs, place in the tree and live listings.
import { z } from 'zod';
import { categoryPage, categoryPageSchema } from '../../src/directory/category-pages.js';
import { defineTool } from '../define.js';
import { MAKER_TEXT, pagination, slug } from '../schemas.js';

export default defineTool({
  name: 'get_category',
  title: 'Get a category',
  description:
    'Returns a category (FAQs, parent, subcategories) and a page of its live listings, subcategories included, by community votes; paid plans never change this order. ' +
    MAKER_TEXT,
  scope: null,
  http: { method: 'GET', path: '/categories/{slug}' },
  input: z.strictObject({
    slug: slug.describe('Category slug, e.g. developer-tools'),
    ...pagination,
  }),
  output: categoryPageSchema,
  keyOutputs: ['name', 'subcategories', 'items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input) => categoryPage(ctx, input),
});
