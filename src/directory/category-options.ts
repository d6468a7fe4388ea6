// The bare category list for the browsing pages' filter menus (without the
// live counts of categoryTree, which read every listing's links).
import type { Context } from '../context.js';

export interface CategoryOption {
  slug: string;
  name: string;
  /** 0 for top-level categories, 1 for their subcategories, and so on. */
  depth: number;
}

/** Every category in tree order (parents before their children), for a select menu. */
export async function categoryOptions(ctx: Context): Promise<CategoryOption[]> {
  const rows = await ctx.db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'parent_id'])
    .orderBy('position')
    .orderBy('name')
    .execute();
  const childrenOf = new Map<number | null, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A parent that no longer exists makes its children top-level rather than hiding them.
    const parent = row.parent_id != null && ids.has(row.parent_id) ? row.parent_id : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  const out: CategoryOption[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const row of childrenOf.get(parent) ?? []) {
      if (seen.has(row.id)) continue; // a cycle in bad data must not loop forever
      seen.add(row.id);
      out.push({ slug: row.slug, name: row.name, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
