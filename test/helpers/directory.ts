// Fixture builders for the public directory pages: founders and their
// stories, blog posts and listing owners (awards: launches.ts). Same spirit as given.ts.
import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Context } from '../../src/context.js';

let counter = 0;
const next = () => ++counter;

export function directory(ctx: Context) {
  const now = () => ctx.clock.now().toISOString();
  return {
    /** A founder behind the given listings (in that order). */
    async founder(
      args: {
        slug?: string;
        name?: string;
        listings?: number[];
        fields?: Partial<Insertable<Database['founders']>>;
      } = {},
    ) {
      const n = next();
      const row = await ctx.db
        .insertInto('founders')
        .values({
          slug: args.slug ?? `founder-${n}`,
          name: args.name ?? `Founder ${n}`,
          created_at: now(),
          updated_at: now(),
          ...args.fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, listing_id] of (args.listings ?? []).entries()) {
        await ctx.db.insertInto('listing_founders').values({ listing_id, founder_id: row.id, position }).execute();
      }
      return row.id;
    },

    async story(listingId: number, fields: Partial<Omit<Insertable<Database['stories']>, 'listing_id'>> = {}) {
      await ctx.db
        .insertInto('stories')
        .values({ listing_id: listingId, title: 'Our story', story: 'It began.', updated_at: now(), ...fields })
        .execute();
    },

    /** A blog post; `published_at: null` makes a draft. */
    async blogPost(
      args: {
        slug?: string;
        title?: string;
        excerpt?: string;
        body?: string;
        published_at?: string | null;
        faqs?: unknown;
      } = {},
    ) {
      const n = next();
      const row = await ctx.db
        .insertInto('blog_posts')
        .values({
          slug: args.slug ?? `post-${n}`,
          title: args.title ?? `Post ${n}`,
          excerpt: args.excerpt ?? '',
          body_markdown: args.body ?? `Body of post ${n}.`,
          faqs: JSON.stringify(args.faqs ?? []),
          author_name: 'The team',
          published_at: args.published_at === undefined ? now() : args.published_at,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async user(args: { email?: string; verified?: boolean } = {}) {
      const n = next();
      const row = await ctx.db
        .insertInto('users')
        .values({
          email: args.email ?? `user${n}-${Date.now()}@example.org`,
          name: `User ${n}`,
          email_verified_at: args.verified === false ? null : now(),
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
