// Fixture builders: small rows with sensible defaults, so tests state only
// what matters to them.
import type { NewListing } from '../../db/schema.js';
import type { Context } from '../../src/context.js';

let counter = 0;
const next = () => ++counter;

export function given(ctx: Context) {
  const now = () => ctx.clock.now().toISOString();
  return {
    async category(args: { slug?: string; name?: string; parent?: number; position?: number } = {}) {
      const n = next();
      const row = await ctx.db
        .insertInto('categories')
        .values({
          slug: args.slug ?? `category-${n}`,
          name: args.name ?? `Category ${n}`,
          parent_id: args.parent ?? null,
          position: args.position ?? n,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async listing(args: { slug?: string; status?: string; categories?: number[]; fields?: Partial<NewListing> } = {}) {
      const n = next();
      const site = await ctx.db.selectFrom('sites').select('id').where('key', '=', 'main').executeTakeFirstOrThrow();
      const slug = args.slug ?? `listing-${n}`;
      const row = await ctx.db
        .insertInto('listings')
        .values({
          site_id: site.id,
          company_key: `${slug}.example.com`,
          slug,
          name: `Listing ${n}`,
          url: `https://${slug}.example.com`,
          domain: `${slug}.example.com`,
          status: args.status ?? 'live',
          created_at: now(),
          updated_at: now(),
          ...args.fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, category_id] of (args.categories ?? []).entries()) {
        await ctx.db
          .insertInto('listing_categories')
          .values({ listing_id: row.id, category_id, is_primary: i === 0 ? 1 : 0, position: i })
          .execute();
      }
      return row.id;
    },
    /** A question and answer on a listing's FAQ, at `position` (first by default). */
    async faq(listingId: number, question: string, answer: string, position = 0) {
      await ctx.db.insertInto('listing_faqs').values({ listing_id: listingId, position, question, answer }).execute();
    },
  };
}
