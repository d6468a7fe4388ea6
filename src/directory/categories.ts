// The category tree (top level + subcategories) with live listing counts; a
// listing counts for its categories and for their parents.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import type { Db } from '../platform/db.js';

/** One category with its live listing count (list_categories shows two levels). */
export const categoryCount = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  listing_count: z.number().int(),
});
export const topCategory = categoryCount.extend({ subcategories: z.array(categoryCount) });

/** The tree as built here: any depth (list_categories cuts it at two levels, the pages show it whole). */
export type CategoryNode = z.infer<typeof categoryCount> & { subcategories: CategoryNode[] };

export async function categoryTree(ctx: Context, opts: { includeEmpty: boolean }): Promise<CategoryNode[]> {
  const categories = await ctx.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'description', 'parent_id', 'position'])
    .orderBy('position')
    .orderBy('name')
    .execute();
  const links = await ctx.db
    .selectFrom('listing_categories as lc')
    .innerJoin('listings as l', 'l.id', 'lc.listing_id')
    .select(['lc.category_id', 'lc.listing_id'])
    .where('l.status', '=', 'live')
    .execute();

  const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
  // Distinct listings per category, counting each listing once for an ancestor.
  const listingsIn = new Map<number, Set<number>>();
  for (const link of links) {
    for (let id: number | null | undefined = link.category_id; id != null; id = parentOf.get(id)) {
      let set = listingsIn.get(id);
      if (!set) {
        set = new Set();
        listingsIn.set(id, set);
      }
      set.add(link.listing_id);
    }
  }
  const node = (c: (typeof categories)[number]): CategoryNode => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    listing_count: listingsIn.get(c.id)?.size ?? 0,
    subcategories: categories
      .filter((child) => child.parent_id === c.id)
      .map(node)
      .filter((n) => opts.includeEmpty || n.listing_count > 0),
  });
  return categories
    .filter((c) => c.parent_id === null)
    .map(node)
    .filter((n) => opts.includeEmpty || n.listing_count > 0);
}

/**
 * The most voted live listings of each top-level category, its subcategories'
 * included: at most `n` listing ids a category slug, most votes first.
 */
export async function topListingIdsByCategory(ctx: Context, n: number): Promise<Map<string, number[]>> {
  const [categories, links] = await Promise.all([
    ctx.db.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute(),
    ctx.db
      .selectFrom('listing_categories as lc')
      .innerJoin('listings as l', 'l.id', 'lc.listing_id')
      .select(['lc.category_id', 'l.id as listing_id'])
      .where('l.status', '=', 'live')
      .orderBy('l.votes_count', 'desc')
      .orderBy('l.id')
      .execute(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const rootOf = (id: number) => {
    let c = byId.get(id);
    for (let hops = 0; c?.parent_id != null && hops < categories.length; hops++) c = byId.get(c.parent_id);
    return c;
  };
  const top = new Map<string, number[]>();
  for (const link of links) {
    const root = rootOf(link.category_id);
    if (!root) continue;
    const ids = top.get(root.slug) ?? [];
    if (ids.length < n && !ids.includes(link.listing_id)) ids.push(link.listing_id);
    top.set(root.slug, ids);
  }
  return top;
}

export async function countCategories(ctx: Context): Promise<number> {
  const row = await ctx.db.selectFrom('categories').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A category and every category below it (ids, root first), walked in memory over the whole tree. */
export function subtreeIds(categories: readonly { id: number; parent_id: number | null }[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const c of categories) if (c.parent_id === ids[i] && !ids.includes(c.id)) ids.push(c.id);
  }
  return ids;
}

/** The optional `category` input of a ranking (get_leaderboard, get_launch_week): a category's slug. */
export const categoryFilter = z.string().max(100).optional().describe('Category slug; subcategories too');

/**
 * The ids of the category `slug` and of every category below it, for a
 * ranking's filter; a slug that names no category is a 400 on `category`.
 */
export async function categoryFilterIds(ctx: Context, slug: string): Promise<number[]> {
  const categories = await ctx.db.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute();
  const category = categories.find((c) => c.slug === slug);
  if (!category) {
    const message = 'no category has this slug; list_categories names them';
    throw new AppError('invalid', `category: ${message}.`, { errors: [{ path: 'category', message }] });
  }
  return subtreeIds(categories, category.id);
}

/** The ids of the listings filed under any of `categoryIds`: a subquery for `where('listings.id', 'in', …)`. */
export const listingIdsInCategories = (db: Db, categoryIds: readonly number[]) =>
  db.selectFrom('listing_categories').select('listing_categories.listing_id').where('category_id', 'in', categoryIds);
