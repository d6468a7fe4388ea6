// The demo directory `npm start` fills an empty database with: categories
// with subcategories, 336 products written one by one (demo-products.ts,
// planned in demo-plan.ts) in every status, their founders and makers, votes
// spread over the past 12 weeks, follows, reviews and discussion
// (demo-talk.ts), awards, blog posts, interview questions, priced products
// and, given a `draw`, the products' pictures (demo-art.ts). Deterministic for
// a given seed and clock, portable across SQLite and PostgreSQL, written in
// one transaction.
import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import PQueue from 'p-queue';
import type { Database } from '../schema.js';
import { type DrawSvg, logoSvg, screenshotSvg } from './demo-art.js';
import { blogPosts } from './demo-blog.js';
import { founderStory, listingFaqs, listingUpdate, milestoneTitles } from './demo-copy.js';
import * as data from './demo-data.js';
import { DAY, type Founder, mondayOf, type Plan, person, planListings, WEEK } from './demo-plan.js';
import { discussion, reviewsFor } from './demo-talk.js';
import { random } from './random.js';

export { mondayOf } from './demo-plan.js';

export interface DemoSeedSummary {
  categories: number;
  listings: number;
  live: number;
  users: number;
  founders: number;
  votes: number;
  follows: number;
  reviews: number;
  comments: number;
  awards: number;
  blog_posts: number;
}

const VOTERS = 400;
const EMAIL_DOMAIN = 'demo.launchboard.example';

// Stay well under SQLite's and PostgreSQL's bound-parameter limits.
const MAX_PARAMS = 30_000;

export async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // kysely's generic insert typing cannot follow a table name held in a type parameter
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export async function idsBy<T extends 'users' | 'listings' | 'categories' | 'founders'>(
  trx: Transaction<Database>,
  table: T,
  column: 'email' | 'slug',
): Promise<Map<string, number>> {
  // kysely cannot type a select over a table chosen by a type parameter
  const rows = (await trx
    .selectFrom(table as 'users')
    .select(['id', `${column as 'email'} as key`])
    .execute()) as { id: number; key: string }[];
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const listing = await db.selectFrom('listings').select('id').limit(1).executeTakeFirst();
  const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return !listing && !category;
}

/** What the seed read back from settings and products, for the blog. */
async function siteFacts(trx: Transaction<Database>) {
  const settings = new Map(
    (await trx.selectFrom('settings').select(['key', 'value']).execute()).map((s) => [s.key, JSON.parse(s.value)]),
  );
  const prices = new Map(
    (await trx.selectFrom('products').select(['key', 'price_cents', 'active']).execute()).map((p) => [
      p.key,
      Number(p.active) ? Number(p.price_cents) : null,
    ]),
  );
  const dollars = (cents: number | null | undefined) =>
    cents == null ? null : `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
  const min = Number(settings.get('free_launch_weeks_min'));
  const max = Number(settings.get('free_launch_weeks_max'));
  return {
    site: String(settings.get('site_name')),
    freeWindow: min === max ? String(min) : `${min}–${max}`,
    freeCapacity: Number(settings.get('free_weekly_capacity')),
    paidCapacity: Number(settings.get('paid_weekly_capacity')),
    horizonWeeks: Number(settings.get('booking_horizon_weeks')),
    launchPrice: dollars(prices.get('launch')),
    featuredPrice: dollars(prices.get('featured')),
  };
}

/** What to seed with; `settings` are the site settings' defaults (src/directory/settings.ts: db/ imports no app code). */
export interface DemoSeedOptions {
  now: Date;
  settings: Record<string, unknown>;
  seed?: number;
  /**
   * Draws the demo's logos and screenshots (demo-art.ts) into stored images;
   * without it the products have no pictures and pages show their monograms.
   */
  draw?: DrawSvg;
}

/** Pictures drawn at once: sharp draws on libuv's threads, a few at a time keep them busy. */
const DRAWN_AT_ONCE = 4;

/** Draws every item, DRAWN_AT_ONCE at a time, the results in the items' order. */
function drawAll<T, R>(items: readonly T[], draw: (item: T) => Promise<R>): Promise<R[]> {
  const queue = new PQueue({ concurrency: DRAWN_AT_ONCE });
  return Promise.all(items.map((item) => queue.add(() => draw(item), { throwOnTimeout: true })));
}

/** The screenshots a paid, live demo listing shows in its media section. */
const SCREEN_LAYOUTS = ['dashboard', 'board'] as const;

/**
 * The demo's pictures: every product's logo and the paid live listings'
 * screenshots, drawn and hashed; the listing rows get their logo here.
 */
async function drawPictures(plans: readonly Plan[], draw: DrawSvg, nowIso: string) {
  const images = new Map<string, Insertable<Database['images']>>();
  const keep = (image: Awaited<ReturnType<DrawSvg>>) => {
    const hash = createHash('sha256').update(image.bytes).digest('hex');
    images.set(hash, {
      hash,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
      bytes: image.bytes,
      created_at: nowIso,
    });
    return hash;
  };
  const logos = await drawAll(plans, (p) => draw(logoSvg(p.slug), 'logo'));
  plans.forEach((p, i) => {
    p.row.logo_url = `https://${p.slug}.example/logo.svg`;
    p.row.logo_image = keep(logos[i]!);
  });
  const shown = plans.filter((p) => p.status === 'live' && p.row.plan === 'paid');
  const shots = await drawAll(
    shown.flatMap((p) => SCREEN_LAYOUTS.map((layout) => ({ p, layout }))),
    ({ p, layout }) => draw(screenshotSvg(p.slug, layout), 'screenshot'),
  );
  const screenshots = shown.flatMap((p, n) =>
    SCREEN_LAYOUTS.map((layout, position) => ({
      plan: p,
      position,
      source_url: `https://${p.slug}.example/screens/${layout}.png`,
      image_hash: keep(shots[n * SCREEN_LAYOUTS.length + position]!),
    })),
  );
  return { images: [...images.values()], screenshots };
}

export async function seedDemo(db: Kysely<Database>, options: DemoSeedOptions): Promise<DemoSeedSummary> {
  const rnd = random(options.seed ?? 20261122);
  const now = options.now;
  const nowIso = now.toISOString();
  const between = (from: Date, to: Date) => new Date(from.getTime() + rnd.next() * (to.getTime() - from.getTime()));

  return db.transaction().execute(async (trx) => {
    // Settings and products: only what is missing, so an admin's values stay.
    for (const [key, value] of Object.entries(options.settings)) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value), updated_at: nowIso })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    for (const p of data.demoProducts) {
      await trx
        .insertInto('products')
        .values({ ...p, updated_at: nowIso })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }

    // Sites: `main` (kept if present) and a second, EU edition under main's URL
    // (ensureMainSite moves both when PUBLIC_URL changes).
    const siteIds: number[] = [];
    const mainBase =
      (await trx.selectFrom('sites').select('base_url').where('key', '=', 'main').executeTakeFirst())?.base_url ??
      'http://localhost:3000';
    for (const [key, name, base] of [
      ['main', 'Launchboard', mainBase],
      ['eu', 'Launchboard EU', `${mainBase}/eu`],
    ] as const) {
      const existing = await trx.selectFrom('sites').select('id').where('key', '=', key).executeTakeFirst();
      siteIds.push(
        existing?.id ??
          (
            await trx
              .insertInto('sites')
              .values({ key, name, base_url: base, created_at: nowIso })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    }
    const [mainSite, euSite] = siteIds as [number, number];

    // Categories: top level first, then their subcategories.
    await insertChunked(
      trx,
      'categories',
      data.demoCategories.map((c, i) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        position: i + 1,
        faqs: JSON.stringify([
          { question: `What belongs in ${c.name}?`, answer: c.scope },
          {
            question: `How are ${c.name} products ranked?`,
            answer: 'By community votes in their launch week; paid placements are marked as such.',
          },
        ]),
        compare_attributes: JSON.stringify(c.attributes),
        created_at: nowIso,
      })),
    );
    const categoryIds = await idsBy(trx, 'categories', 'slug');
    await insertChunked(
      trx,
      'categories',
      data.demoCategories.flatMap((c) =>
        c.subs.map(([slug, name, description], i) => ({
          slug,
          name,
          description,
          parent_id: categoryIds.get(c.slug)!,
          position: i + 1,
          compare_attributes: JSON.stringify(c.attributes),
          created_at: nowIso,
        })),
      ),
    );
    const allCategoryIds = await idsBy(trx, 'categories', 'slug');

    // Products and their founders, planned; then the people with accounts, then the rows.
    const { plans, founders } = planListings(rnd, now, { main: mainSite, eu: euSite });

    // People with accounts: the admin, every owner (named as their founder entry) and voters.
    const email = (who: string, n: number) => `${who}${n}@${EMAIL_DOMAIN}`;
    const users: Insertable<Database['users']>[] = [
      {
        email: `admin@${EMAIL_DOMAIN}`,
        name: 'Demo Admin',
        password_hash: null,
        role: 'admin',
        email_verified_at: nowIso,
        created_at: nowIso,
      },
    ];
    for (const f of founders)
      if (f.maker !== null)
        users.push({
          email: email('maker', f.maker),
          name: f.name,
          password_hash: null,
          role: 'user',
          email_verified_at: nowIso,
          created_at: new Date(now.getTime() - rnd.int(130, 400) * DAY).toISOString(),
        });
    for (let i = 1; i <= VOTERS; i++) {
      users.push({
        email: email('voter', i),
        name: person(rnd).name,
        password_hash: null,
        role: 'user',
        email_verified_at: nowIso,
        created_at: new Date(now.getTime() - rnd.int(1, 400) * DAY).toISOString(),
      });
    }
    await insertChunked(trx, 'users', users);
    const userIds = await idsBy(trx, 'users', 'email');
    const makerId = (f: Founder) => userIds.get(email('maker', f.maker!))!;
    const voterIds = Array.from({ length: VOTERS }, (_, i) => userIds.get(email('voter', i + 1))!);
    const live = plans.filter((p) => p.status === 'live');

    // Votes and follows are drawn before the listings are written, so the counts go in with them.
    const votersOf = new Map<Plan, number[]>();
    const followersOf = new Map<Plan, number[]>();
    for (const p of live) {
      const voters = rnd.sample(voterIds, Math.floor(6 + 95 * rnd.next() ** 2));
      votersOf.set(p, voters);
      followersOf.set(p, voters.slice(0, Math.floor(voters.length * rnd.next() * 0.3)));
    }
    for (const p of plans) {
      const row = p.row;
      row.owner_id = makerId(p.founders[0]!);
      row.votes_count = votersOf.get(p)?.length ?? 0;
      row.followers_count = followersOf.get(p)?.length ?? 0;
      if (rnd.next() < 0.7) {
        row.domain_rating = rnd.int(1, 80);
        row.domain_rating_previous = Math.max(0, row.domain_rating - rnd.int(-3, 6));
        row.domain_rating_at = new Date(now.getTime() - rnd.int(1, 20) * DAY).toISOString();
        row.domain_rating_source = 'demo data';
      }
      if (p.status === 'live' && p.kind !== 'game' && rnd.next() < 0.3) {
        row.revenue_cents = rnd.int(10, 50_000) * 100;
        row.revenue_at = new Date(now.getTime() - rnd.int(1, 30) * DAY).toISOString();
        row.revenue_source = 'demo data (self-reported)';
      }
    }
    const pictures = options.draw ? await drawPictures(plans, options.draw, nowIso) : null;
    if (pictures) await insertChunked(trx, 'images', pictures.images);
    await insertChunked(
      trx,
      'listings',
      plans.map((p) => p.row),
    );
    const listingIds = await idsBy(trx, 'listings', 'slug');
    const idOf = (p: Plan) => listingIds.get(p.slug)!;
    if (pictures)
      await insertChunked(
        trx,
        'listing_screenshots',
        pictures.screenshots.map(({ plan, ...shot }) => ({ ...shot, listing_id: idOf(plan), created_at: nowIso })),
      );

    await insertChunked(
      trx,
      'listing_categories',
      plans.flatMap((p) =>
        p.categories.map((slug, position) => ({
          listing_id: idOf(p),
          category_id: allCategoryIds.get(slug)!,
          is_primary: position === 0 ? 1 : 0,
          position,
        })),
      ),
    );
    await insertChunked(
      trx,
      'listing_socials',
      // Only the product's own (made-up, .example) site: the products and
      // people are invented, and a GitHub or LinkedIn link under their names
      // would point at some real person's account.
      plans.map((p) => ({ listing_id: idOf(p), platform: 'website', url: `https://${p.slug}.example` })),
    );
    await insertChunked(
      trx,
      'listing_faqs',
      plans.flatMap((p) =>
        listingFaqs(p.pricing, p.kind, p.openSource, p.consumer).map(([question, answer], position) => ({
          listing_id: idOf(p),
          position,
          question,
          answer,
        })),
      ),
    );

    await insertChunked(
      trx,
      'founders',
      founders.map((f) => ({
        user_id: f.maker === null ? null : makerId(f),
        slug: f.slug,
        name: f.name,
        title: f.title,
        bio: f.bio,
        country: f.country,
        avatar_url: null,
        socials: JSON.stringify({}),
        created_at: nowIso,
        updated_at: nowIso,
      })),
    );
    const founderIds = await idsBy(trx, 'founders', 'slug');
    await insertChunked(
      trx,
      'listing_founders',
      plans.flatMap((p) =>
        p.founders.map((f, position) => ({ listing_id: idOf(p), founder_id: founderIds.get(f.slug)!, position })),
      ),
    );

    // Votes, follows, reviews and discussion: only on live listings, after their launch.
    const votes: Insertable<Database['votes']>[] = [];
    const follows: Insertable<Database['follows']>[] = [];
    const reviews: Insertable<Database['reviews']>[] = [];
    for (const p of live) {
      for (const user_id of votersOf.get(p)!)
        votes.push({ listing_id: idOf(p), user_id, created_at: between(p.launchedAt!, now).toISOString() });
      for (const user_id of followersOf.get(p)!)
        follows.push({ listing_id: idOf(p), user_id, created_at: between(p.launchedAt!, now).toISOString() });
      reviews.push(...reviewsFor(rnd, now, p, idOf(p), votersOf.get(p)!));
    }
    await insertChunked(trx, 'votes', votes);
    await insertChunked(trx, 'follows', follows);
    await insertChunked(trx, 'reviews', reviews);
    const threads = discussion(rnd, now, live, {
      idOf,
      votersOf,
      makerOf: (p) => makerId(p.founders[0]!),
      alternatives: (p) =>
        live.filter((o) => o !== p && o.sub === p.sub && o.launchedAt! < p.launchedAt!).map((o) => o.idea.name),
    });
    // Top-level comments first, so the replies can name their ids.
    const before = await trx
      .selectFrom('comments')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await insertChunked(
      trx,
      'comments',
      threads.map((t) => t.top),
    );
    // A multi-row insert numbers its rows in order: the new ids, ascending, are the threads in order.
    const ids = await trx
      .selectFrom('comments')
      .select('id')
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('id')
      .execute();
    await insertChunked(
      trx,
      'comments',
      threads.flatMap((t, i) => t.replies.map((r) => ({ ...r, parent_id: ids[i]!.id }))),
    );
    const comments = threads.reduce((n, t) => n + 1 + t.replies.length, 0);

    // Stories, milestones and updates on a share of live listings.
    const stories: Insertable<Database['stories']>[] = [];
    const milestones: Insertable<Database['milestones']>[] = [];
    const updates: Insertable<Database['listing_updates']>[] = [];
    for (const p of live) {
      if (rnd.next() < 0.3)
        stories.push({
          listing_id: idOf(p),
          ...founderStory(rnd, p.idea.name, p.idea.audience, p.kind, rnd.int(3, 9), p.pricing !== 'free'),
          updated_at: nowIso,
        });
      if (rnd.next() < 0.5) {
        const titles = milestoneTitles[p.kind].slice(0, rnd.int(1, 3));
        // Oldest first, each some weeks before the next, the last before the launch.
        const dated: number[] = [];
        for (let date = p.launchedAt!.getTime(), k = 0; k < titles.length; k++) {
          date -= rnd.int(25, 75) * DAY;
          dated.unshift(date);
        }
        titles.forEach((title, k) => {
          milestones.push({
            listing_id: idOf(p),
            date: new Date(dated[k]!).toISOString().slice(0, 10),
            title,
            description: null,
            url: null,
            created_at: nowIso,
          });
        });
      }
      if (rnd.next() < 0.3)
        updates.push({
          listing_id: idOf(p),
          ...listingUpdate(rnd, p.idea.name, p.kind, p.pricing !== 'free'),
          created_at: between(p.launchedAt!, now).toISOString(),
        });
    }
    await insertChunked(trx, 'stories', stories);
    await insertChunked(trx, 'milestones', milestones);
    await insertChunked(trx, 'listing_updates', updates);

    // Alternatives: other live listings in the same subcategory.
    await insertChunked(
      trx,
      'listing_alternatives',
      live.flatMap((p) =>
        rnd
          .sample(
            live.filter((o) => o !== p && o.sub === p.sub),
            3,
          )
          .map((o) => ({ listing_id: idOf(p), alternative_id: idOf(o), approved: 1 })),
      ),
    );

    // Awards: the top three by votes of every completed launch week.
    const byWeek = new Map<string, Plan[]>();
    for (const p of live) {
      const week = mondayOf(p.launchedAt!);
      if (week < mondayOf(now)) byWeek.set(week, [...(byWeek.get(week) ?? []), p]);
    }
    const votesOf = (p: Plan) => votersOf.get(p)!.length;
    const awards: Insertable<Database['awards']>[] = [];
    const titles = ['Launch of the Week #1', 'Launch of the Week #2', 'Launch of the Week #3'];
    for (const [week, entries] of [...byWeek].sort(([a], [b]) => a.localeCompare(b))) {
      // The rollover's rule: most votes, ties to the earlier launch.
      const top = [...entries]
        .sort((a, b) => votesOf(b) - votesOf(a) || a.launchedAt!.getTime() - b.launchedAt!.getTime())
        .slice(0, 3);
      const awardedAt = new Date(new Date(`${week}T00:00:00.000Z`).getTime() + WEEK).toISOString();
      top.forEach((p, k) => {
        awards.push({
          listing_id: idOf(p),
          week,
          rank: k + 1,
          title: titles[k]!,
          votes: votesOf(p),
          created_at: awardedAt,
        });
      });
    }
    await insertChunked(trx, 'awards', awards);

    // Blog posts (the last is an unpublished draft) and interview questions.
    const posts = blogPosts(await siteFacts(trx));
    await insertChunked(
      trx,
      'blog_posts',
      posts.map((post, i) => {
        const published = post.draft ? null : new Date(now.getTime() - (i * 9 + 2) * DAY).toISOString();
        return {
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          body_markdown: post.body,
          faqs: JSON.stringify(post.faqs),
          author_name: 'The Launchboard team',
          published_at: published,
          created_at: published ?? nowIso,
          updated_at: published ?? nowIso,
        };
      }),
    );
    if (!(await trx.selectFrom('interview_questions').select('id').limit(1).executeTakeFirst())) {
      await insertChunked(
        trx,
        'interview_questions',
        data.interviewQuestions.map((question, i) => ({ position: i + 1, question, active: 1 })),
      );
    }

    return {
      categories: allCategoryIds.size,
      listings: plans.length,
      live: live.length,
      users: users.length,
      founders: founders.length,
      votes: votes.length,
      follows: follows.length,
      reviews: reviews.length,
      comments,
      awards: awards.length,
      blog_posts: posts.length,
    };
  });
}
