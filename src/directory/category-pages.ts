// One category's page (get_category): its text and FAQs, where it sits in the
// tree, and its live listings (including those of its subcategories) most
// voted first. Community votes only: paid plans never change this order.
import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { listingSummary, summariesByIds } from '../listings/summary.js';
import { subtreeIds } from './categories.js';
import { faq, parseFaqs } from './faqs.js';

const categoryRef = z.object({ slug: z.string(), name: z.string() });

export const categoryPageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  faqs: z.array(faq),
  parent: categoryRef.nullable().describe('The parent category; null for a top-level category'),
  subcategories: z.array(
    categoryRef.extend({ listing_count: z.number().int().describe('Live listings in it and its own subcategories') }),
  ),
  items: z.array(listingSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

export async function categoryPage(
  ctx: Context,
  args: { slug: string; page: number; per_page: number },
): Promise<CategoryPage> {
  // The whole tree is small (tens to hundreds of rows): walk it in memory.
  const categories = await ctx.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'description', 'parent_id', 'faqs', 'position'])
    .orderBy('position')
    .orderBy('name')
    .execute();
  const category = categories.find((c) => c.slug === args.slug);
  if (!category) throw notFound(`No category with slug "${args.slug}". Call list_categories for the valid slugs.`);

  const descendants = subtreeIds(categories, category.id);
  const children = categories.filter((c) => c.parent_id === category.id);

  // One count per direct child (a handful), each listing once even when it
  // sits in the child and in one of the child's own subcategories.
  const childCounts = await Promise.all(
    children.map(async (child) => {
      const row = await ctx.db
        .selectFrom('listing_categories as lc')
        .innerJoin('listings as l', 'l.id', 'lc.listing_id')
        .select(sql<number>`count(distinct lc.listing_id)`.as('n'))
        .where('l.status', '=', 'live')
        .where('lc.category_id', 'in', subtreeIds(categories, child.id))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );

  const inCategory = (eb: ExpressionBuilder<Database, 'listings'>) =>
    eb.and([
      eb('listings.status', '=', 'live'),
      eb.exists(
        eb
          .selectFrom('listing_categories as lc')
          .select('lc.listing_id')
          .whereRef('lc.listing_id', '=', 'listings.id')
          .where('lc.category_id', 'in', descendants),
      ),
    ]);
  const [countRow, rows] = await Promise.all([
    ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(inCategory).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('listings')
      .select('listings.id')
      .where(inCategory)
      .orderBy('listings.votes_count', 'desc')
      // coalesce: NULLs sort first in PostgreSQL DESC and last in SQLite; '' sorts last in both.
      .orderBy(sql`coalesce(listings.launched_at, '')`, 'desc')
      .orderBy('listings.id', 'desc')
      .limit(args.per_page)
      .offset((args.page - 1) * args.per_page)
      .execute(),
  ]);

  const parentRow = category.parent_id == null ? undefined : categories.find((c) => c.id === category.parent_id);
  return {
    slug: category.slug,
    name: category.name,
    description: category.description,
    faqs: parseFaqs(category.faqs),
    parent: parentRow ? { slug: parentRow.slug, name: parentRow.name } : null,
    subcategories: children.map((c, i) => ({ slug: c.slug, name: c.name, listing_count: childCounts[i] })),
    items: await summariesByIds(
      ctx,
      rows.map((r) => r.id),
    ),
    page: args.page,
    per_page: args.per_page,
    total: Number(countRow.n),
  };
}
