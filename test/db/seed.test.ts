// The demo directory: big enough to feel real, written like a real one,
// consistent with itself, and the same every time for the same clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logoSvg } from '../../db/seed/demo-art.js';
import { isDatabaseEmpty, mondayOf, seedDemo } from '../../db/seed/demo.js';

import { settingDefaults } from '../../src/directory/settings.js';
import { imageHash } from '../../src/media/images.js';
import { drawOwnSvg } from '../../src/media/process.js';
import { setProductPrice } from '../../src/orders/products.js';
import { testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await testContext();
});
afterEach(async () => {
  await ctx.close();
});

const count = async (table: 'listings' | 'categories' | 'votes' | 'awards' | 'blog_posts' | 'founders') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seedDemo', () => {
  it('fills an empty database with a directory the issue asks for', async () => {
    expect(await isDatabaseEmpty(ctx.db)).toBe(true);
    const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    expect(await isDatabaseEmpty(ctx.db)).toBe(false);

    expect(await count('listings')).toBe(summary.listings);
    expect(summary.listings).toBeGreaterThanOrEqual(300);
    const top = await ctx.db.selectFrom('categories').select('id').where('parent_id', 'is', null).execute();
    expect(top.length).toBeGreaterThanOrEqual(20);
    const subs = await ctx.db.selectFrom('categories').select('parent_id').where('parent_id', 'is not', null).execute();
    for (const { id } of top) expect(subs.filter((s) => s.parent_id === id).length).toBeGreaterThanOrEqual(2);
    expect(await count('founders')).toBeGreaterThanOrEqual(summary.listings);
    expect(await count('blog_posts')).toBe(summary.blog_posts);
    expect(summary.awards).toBeGreaterThan(0);

    const statuses = await ctx.db
      .selectFrom('listings')
      .select(['status'])
      .select((eb) => eb.fn.countAll().as('n'))
      .groupBy('status')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['awaiting_badge', 'draft', 'live', 'scheduled']);

    const products = await ctx.db.selectFrom('products').select(['key', 'price_cents']).execute();
    expect(products.every((p) => Number(p.price_cents) > 0)).toBe(true);
  });

  it('reads like a real directory: named products, written copy, people and posts', async () => {
    const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const listings = await ctx.db
      .selectFrom('listings')
      .select(['name', 'slug', 'tagline', 'short_description', 'description', 'pricing_model', 'pricing_summary'])
      .execute();
    const names = listings.map((l) => l.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(listings.length);
    expect(new Set(listings.map((l) => l.tagline)).size).toBe(listings.length);
    for (const l of listings) {
      expect(l.name, l.slug).toMatch(/^[A-Z][A-Za-z' -]+$/); // a word or two, no numbers
      expect(l.short_description!.startsWith(`${l.name} `), l.slug).toBe(true);
      // The description goes on from the short one (shown above it) without repeating it: 3 or 4 sentences.
      expect(l.description!.includes(l.short_description!), l.slug).toBe(false);
      const sentences = l.description!.split(/(?<=[.!?])\s+/).length;
      expect(sentences, l.slug).toBeGreaterThanOrEqual(3);
      expect(sentences, l.slug).toBeLessThanOrEqual(4);
      expect(l.pricing_summary, l.slug).toBeTruthy();
    }

    const founders = await ctx.db.selectFrom('founders').select(['id', 'name', 'bio', 'user_id']).execute();
    expect(new Set(founders.map((f) => f.name)).size).toBe(founders.length);
    // A bio is about the founder's own product.
    const productsOf = await ctx.db
      .selectFrom('listing_founders as lf')
      .innerJoin('listings as l', 'l.id', 'lf.listing_id')
      .select(['lf.founder_id', 'l.name'])
      .execute();
    for (const f of founders) {
      const theirs = productsOf.filter((p) => p.founder_id === f.id).map((p) => p.name);
      expect(
        theirs.some((name) => f.bio!.includes(name)),
        `${f.name}: ${f.bio}`,
      ).toBe(true);
    }
    // Each owner's account carries the name of their founder entry: their replies are signed as the page names them.
    const owners = await ctx.db
      .selectFrom('listings as l')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .innerJoin('listing_founders as lf', (j) => j.onRef('lf.listing_id', '=', 'l.id').on('lf.position', '=', 0))
      .innerJoin('founders as f', 'f.id', 'lf.founder_id')
      .select(['u.name as account', 'f.name as founder', 'f.user_id', 'u.id'])
      .execute();
    expect(owners).toHaveLength(listings.length);
    for (const o of owners) expect([o.account, o.user_id]).toEqual([o.founder, o.id]);

    // No template is left half-filled anywhere people read.
    const texts = [
      ...listings.flatMap((l) => [l.tagline, l.short_description, l.description, l.pricing_summary]),
      ...founders.map((f) => f.bio),
      ...(await ctx.db.selectFrom('reviews').select('body').execute()).map((r) => r.body),
      ...(await ctx.db.selectFrom('comments').select('body').execute()).map((c) => c.body),
      ...(await ctx.db.selectFrom('stories').selectAll().execute()).flatMap((st) => Object.values(st).map(String)),
      ...(await ctx.db.selectFrom('listing_updates').select('body').execute()).map((u) => u.body),
    ];
    for (const text of texts) expect(text ?? '').not.toMatch(/\{\w+\}|undefined|null|NaN|\$ /);

    // Posts with real content: a few hundred words each, an excerpt that is not the title, sections as headings.
    const posts = await ctx.db.selectFrom('blog_posts').selectAll().execute();
    const published = posts.filter((p) => p.published_at);
    expect(published.length).toBeGreaterThanOrEqual(4);
    expect(published.length).toBeLessThanOrEqual(6);
    for (const p of published) {
      expect(p.body_markdown.split(/\s+/).length, p.slug).toBeGreaterThan(250);
      expect(p.body_markdown, p.slug).toMatch(/^# \S/m);
      expect(p.excerpt, p.slug).not.toContain(p.title);
      expect(p.body_markdown, p.slug).not.toMatch(/\$null|undefined/);
    }
    expect(summary.blog_posts).toBe(posts.length);
  });

  it('seeds discussion: threads asked by members, answered by the makers, replies after what they answer', async () => {
    const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const now = ctx.clock.now().toISOString();
    const comments = await ctx.db
      .selectFrom('comments as c')
      .innerJoin('listings as l', 'l.id', 'c.listing_id')
      .select([
        'c.id',
        'c.parent_id',
        'c.user_id',
        'c.created_at',
        'c.listing_id',
        'l.owner_id',
        'l.status',
        'l.launched_at',
      ])
      .execute();
    expect(comments.length).toBe(summary.comments);
    const byId = new Map(comments.map((c) => [c.id, c]));
    const top = comments.filter((c) => c.parent_id === null);
    const replies = comments.filter((c) => c.parent_id !== null);
    expect(top.length).toBeGreaterThanOrEqual(50);
    expect(replies.filter((r) => r.user_id === r.owner_id).length).toBeGreaterThanOrEqual(top.length / 2);
    for (const c of top) {
      expect(c.status).toBe('live');
      expect(c.user_id).not.toBe(c.owner_id);
      expect(c.created_at >= c.launched_at!).toBe(true);
    }
    for (const r of replies) {
      const parent = byId.get(r.parent_id!)!;
      expect(parent.parent_id).toBeNull(); // one level of replies
      expect(parent.listing_id).toBe(r.listing_id);
      expect(r.created_at > parent.created_at).toBe(true);
      expect(r.created_at <= now).toBe(true);
    }
  });

  it('keeps vote counts equal to the votes, only on live listings, within the past 12 weeks', async () => {
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const now = ctx.clock.now().getTime();
    const listingColumns = [
      'listings.id',
      'listings.status',
      'listings.votes_count',
      'listings.launched_at',
      'listings.launch_week',
    ] as const;
    const rows = await ctx.db
      .selectFrom('listings')
      .leftJoin('votes', 'votes.listing_id', 'listings.id')
      .select(listingColumns)
      .select((eb) => eb.fn.count('votes.id').as('n'))
      .groupBy(listingColumns)
      .execute();
    expect(rows.reduce((s, r) => s + Number(r.n), 0)).toBeGreaterThanOrEqual(8000);
    for (const r of rows) {
      expect(Number(r.n)).toBe(Number(r.votes_count));
      if (r.status !== 'live') expect(Number(r.n)).toBe(0);
      if (r.status === 'live') {
        const launched = new Date(r.launched_at!).getTime();
        expect(now - launched).toBeLessThanOrEqual(12 * 7 * 86_400_000);
        expect(r.launch_week).toBe(mondayOf(new Date(r.launched_at!)));
      }
    }
  });

  it('is deterministic and keeps prices the admin already set', async () => {
    await setProductPrice(ctx.db, { key: 'launch', cents: 1234, now: ctx.clock.now() });
    const first = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    const other = await testContext();
    try {
      expect(await seedDemo(other.db, { now: ctx.clock.now(), settings: settingDefaults })).toEqual(first);
    } finally {
      await other.close();
    }
    const launch = await ctx.db
      .selectFrom('products')
      .select('price_cents')
      .where('key', '=', 'launch')
      .executeTakeFirstOrThrow();
    expect(Number(launch.price_cents)).toBe(1234);
  });
});

describe('the demo pictures', () => {
  it('gives every product a logo of its own and the paid live listings two screenshots, the same bytes every time, moving nothing else', async () => {
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults, draw: drawOwnSvg });
    const listings = await ctx.db
      .selectFrom('listings')
      .select(['id', 'slug', 'status', 'plan', 'unlocked_sections', 'logo_url', 'logo_image', 'votes_count'])
      .orderBy('slug')
      .execute();
    expect(listings.every((l) => l.logo_image !== null && l.logo_url === `https://${l.slug}.example/logo.svg`)).toBe(
      true,
    );
    expect(new Set(listings.map((l) => l.logo_image)).size).toBe(listings.length);
    const images = await ctx.db.selectFrom('images').select(['hash', 'content_type', 'width', 'height']).execute();
    const byHash = new Map(images.map((i) => [i.hash, i]));
    for (const l of listings)
      expect(byHash.get(l.logo_image!)).toMatchObject({ content_type: 'image/webp', width: 256, height: 256 });

    const shots = await ctx.db.selectFrom('listing_screenshots').select(['listing_id', 'image_hash']).execute();
    const shown = listings.filter(
      (l) => l.status === 'live' && (JSON.parse(l.unlocked_sections) as string[]).includes('media'),
    );
    expect(shown.length).toBeGreaterThan(10);
    expect(new Set(shots.map((s) => s.listing_id))).toEqual(new Set(shown.map((l) => l.id)));
    for (const s of shots) expect(byHash.get(s.image_hash)).toMatchObject({ width: 1280, height: 800 });
    expect(shots.length).toBe(shown.length * 2);

    // The pictures come from the slug alone: the same bytes again, and the same directory as without them.
    const again = await drawOwnSvg(logoSvg(listings[0]!.slug), 'logo');
    expect(imageHash(again.bytes)).toBe(listings[0]!.logo_image);
    const plain = await testContext();
    try {
      await seedDemo(plain.db, { now: ctx.clock.now(), settings: settingDefaults });
      const without = await plain.db
        .selectFrom('listings')
        .select(['slug', 'status', 'plan', 'votes_count'])
        .orderBy('slug')
        .execute();
      expect(without).toEqual(
        listings.map(({ slug, status, plan, votes_count }) => ({ slug, status, plan, votes_count })),
      );
    } finally {
      await plain.close();
    }
  });
});

describe('mondayOf', () => {
  it('gives the Monday of the week, in UTC', () => {
    expect(mondayOf(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-16'); // a Sunday
    expect(mondayOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});
