// What the search index reads of a listing: its row's short describing
// columns, its categories' names (with their ancestors', so a product in
// "Calendars" under "Productivity" is found by both), its FAQ questions and
// its founders' names. (The description is searched in the database.)
// Read for many listings at once: four queries per batch whatever its size.
import type { Kysely } from 'kysely';
import type { Database, Listing } from '../../db/schema.js';
import { parseJsonText, stringArray } from '../platform/json-text.js';
import type { ListingDocument } from './listing-index.js';

/** The listing columns the index reads, with the change feed's. */
export const DOCUMENT_COLUMNS = [
  'id',
  'status',
  'updated_at',
  'name',
  'tagline',
  'short_description',
  'pricing_model',
  'features',
  'usps',
  'keywords',
  'tags',
  'attributes',
] as const;
export type DocumentRow = Pick<Listing, (typeof DOCUMENT_COLUMNS)[number]>;

interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
}

/** The names of a category's ancestors, nearest first. */
function ancestorNames(tree: Map<number, CategoryNode>, id: number): string[] {
  const names: string[] = [];
  const seen = new Set([id]);
  for (let parent = tree.get(id)?.parent_id ?? null; parent !== null && !seen.has(parent); ) {
    seen.add(parent);
    const node = tree.get(parent);
    if (!node) break;
    names.push(node.name);
    parent = node.parent_id;
  }
  return names;
}

/** The category attributes a listing has: `{ "SSO": true, "License": "MIT" }` → ["SSO", "License MIT"]. */
function attributesHeld(json: string): string[] {
  const value = parseJsonText<unknown>(json, {});
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, held]) =>
    held === true ? [name] : typeof held === 'string' && held !== '' ? [`${name} ${held}`] : [],
  );
}

/** The documents of `rows`, by listing id. */
export async function listingDocuments(
  db: Kysely<Database>,
  rows: readonly DocumentRow[],
  categories: readonly CategoryNode[],
): Promise<Map<number, ListingDocument>> {
  const tree = new Map(categories.map((c) => [c.id, c]));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return new Map();
  const [links, faqs, founders] = await Promise.all([
    db
      .selectFrom('listing_categories')
      .select(['listing_id', 'category_id', 'is_primary'])
      .where('listing_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db.selectFrom('listing_faqs').select(['listing_id', 'question']).where('listing_id', 'in', ids).execute(),
    db
      .selectFrom('listing_founders as lf')
      .innerJoin('founders as f', 'f.id', 'lf.founder_id')
      .select(['lf.listing_id', 'f.name'])
      .where('lf.listing_id', 'in', ids)
      .execute(),
  ]);
  const docs = new Map<number, ListingDocument & { category: string[]; otherCategories: string[] }>();
  for (const r of rows) {
    docs.set(r.id, {
      name: [r.name],
      tagline: r.tagline ? [r.tagline] : [],
      shortDescription: r.short_description ? [r.short_description] : [],
      pricingModel: r.pricing_model ? [r.pricing_model.replace(/[-_]/g, ' ')] : [],
      features: [...stringArray(r.features), ...stringArray(r.usps)],
      keywords: [...stringArray(r.keywords), ...stringArray(r.tags)],
      attributes: attributesHeld(r.attributes),
      category: [],
      otherCategories: [],
      faqs: [],
      founders: [],
    });
  }
  for (const c of links) {
    const doc = docs.get(c.listing_id)!;
    const name = tree.get(c.category_id)?.name;
    if (name !== undefined) (c.is_primary ? doc.category : doc.otherCategories).push(name);
    for (const ancestor of ancestorNames(tree, c.category_id))
      if (!doc.otherCategories.includes(ancestor)) doc.otherCategories.push(ancestor);
  }
  for (const f of faqs) (docs.get(f.listing_id)!.faqs as string[]).push(f.question);
  for (const f of founders) (docs.get(f.listing_id)!.founders as string[]).push(f.name);
  return docs;
}
