// compare_listings: two live listings side by side on their categories'
// compare attributes and on the facts every profile has. A null cell means
// that listing does not state the fact; a row stays even when both are null,
// so a reader sees the fact is on neither listing.
import { z } from 'zod';
import type { Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { parseJsonText, stringArray } from '../platform/json-text.js';
import { listingSummary, summariesByIds } from '../listings/summary.js';
import { listingForViewer } from '../listings/profile.js';

const cell = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable();
type Cell = z.infer<typeof cell>;

export const comparisonRow = z.object({ attribute: z.string(), a: cell, b: cell });
export type ComparisonRow = z.infer<typeof comparisonRow>;

export const listingComparison = z.object({
  a: listingSummary,
  b: listingSummary,
  rows: z.array(comparisonRow),
});
export type ListingComparison = z.infer<typeof listingComparison>;

/** A live listing by slug, or the viewer's own in any status (its owner may compare it before launch), else 404. */
async function comparable(ctx: Context, slug: string, field: 'a' | 'b', viewerId: number | null): Promise<Listing> {
  const listing = await listingForViewer(ctx, slug, viewerId, ['live']);
  if (!listing) throw notFound(`No live listing with slug "${slug}" (parameter ${field}).`);
  return listing;
}

/** Compare attributes of a listing's categories and their parents, in order. */
async function attributeNames(ctx: Context, listingIds: number[]): Promise<string[]> {
  const categories = await ctx.db.selectFrom('categories').select(['id', 'parent_id', 'compare_attributes']).execute();
  const byId = new Map(categories.map((c) => [c.id, c]));
  const links = await ctx.db
    .selectFrom('listing_categories')
    .select('category_id')
    .where('listing_id', 'in', listingIds)
    .orderBy('is_primary', 'desc')
    .orderBy('position')
    .execute();
  const names: string[] = [];
  for (const { category_id } of links) {
    for (let c = byId.get(category_id); c; c = c.parent_id == null ? undefined : byId.get(c.parent_id)) {
      for (const name of parseJsonText<unknown[]>(c.compare_attributes, [])) {
        if (typeof name === 'string' && !names.includes(name)) names.push(name);
      }
    }
  }
  return names;
}

const FACTS: [string, (l: Listing) => Cell][] = [
  ['Pricing model', (l) => l.pricing_model],
  ['Pricing', (l) => l.pricing_summary],
  ['Stage', (l) => l.stage],
  ['Country', (l) => l.country],
  ['Founded', (l) => (l.founded_year == null ? null : Number(l.founded_year))],
  [
    'Features',
    (l) => {
      const features = stringArray(l.features);
      return features.length ? features : null;
    },
  ],
  ['Community votes', (l) => Number(l.votes_count)],
];

export async function compareListings(
  ctx: Context,
  slugA: string,
  slugB: string,
  viewerId: number | null = null,
): Promise<ListingComparison> {
  const [a, b] = [await comparable(ctx, slugA, 'a', viewerId), await comparable(ctx, slugB, 'b', viewerId)];
  const attrsA = parseJsonText<Record<string, unknown>>(a.attributes, {});
  const attrsB = parseJsonText<Record<string, unknown>>(b.attributes, {});
  const cell = (attrs: Record<string, unknown>, name: string): Cell => {
    const v = attrs[name];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  };
  const rows: ComparisonRow[] = [
    ...FACTS.map(([attribute, get]) => ({ attribute, a: get(a), b: get(b) })),
    ...(await attributeNames(ctx, [a.id, b.id])).map((name) => ({
      attribute: name,
      a: cell(attrsA, name),
      b: cell(attrsB, name),
    })),
  ];
  const [summaryA, summaryB] = await summariesByIds(ctx, [a.id, b.id]);
  return { a: summaryA!, b: summaryB!, rows };
}
