// The demo directory `npm start` fills an empty database with: categories
// with subcategories, ~320 listings in every status, makers and founders,
// votes spread over the past 12 weeks, follows, reviews, awards, blog posts,
// interview questions and priced products. Deterministic for a given seed and
// clock, portable across SQLite and PostgreSQL, written in one transaction.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import * as data from './demo-data.js';

/** "a" or "an" before a word (by its first letter: good enough for the demo's nouns). */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export interface DemoSeedSummary {
  categories: number;
  listings: number;
  live: number;
  users: number;
  founders: number;
  votes: number;
  follows: number;
  reviews: number;
  awards: number;
  blog_posts: number;
}

const LISTINGS = 320;
const VOTERS = 400;
const MAKERS = 120;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
// Stay well under SQLite's and PostgreSQL's bound-parameter limits.
const MAX_PARAMS = 30_000;

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const listing = await db.selectFrom('listings').select('id').limit(1).executeTakeFirst();
  const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return !listing && !category;
}

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same directory. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample };
}

/** The Monday (UTC, YYYY-MM-DD) of the week holding `date`. */
export function mondayOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

async function insertChunked<T extends keyof Database & string>(
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

async function idsBy<T extends 'users' | 'listings' | 'categories' | 'founders'>(
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

/** What to seed with; `settings` are the site settings' defaults (src/directory/settings.ts: db/ imports no app code). */
export interface DemoSeedOptions {
  now: Date;
  settings: Record<string, unknown>;
  seed?: number;
}

export async function seedDemo(db: Kysely<Database>, options: DemoSeedOptions): Promise<DemoSeedSummary> {
  const rnd = random(options.seed ?? 20261122);
  const now = options.now;
  const nowIso = now.toISOString();
  const thisMonday = new Date(`${mondayOf(now)}T00:00:00.000Z`);

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

    // Sites: `main` (kept if present) and a second, EU edition.
    const siteIds: number[] = [];
    for (const [key, name, base] of [
      ['main', 'Launchboard', 'http://localhost:3000'],
      ['eu', 'Launchboard EU', 'http://localhost:3000/eu'],
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
          { question: `What counts as ${c.name.toLowerCase()}?`, answer: c.description },
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
        c.subs.map(([slug, name], i) => ({
          slug,
          name,
          description: `${name} products in ${c.name}.`,
          parent_id: categoryIds.get(c.slug)!,
          position: i + 1,
          compare_attributes: JSON.stringify(c.attributes),
          created_at: nowIso,
        })),
      ),
    );
    const allCategoryIds = await idsBy(trx, 'categories', 'slug');

    // People: an admin, makers who own listings, and voters.
    const users: Insertable<Database['users']>[] = [
      {
        email: 'admin@demo.launchboard.example',
        name: 'Demo Admin',
        password_hash: null,
        role: 'admin',
        email_verified_at: nowIso,
        created_at: nowIso,
      },
    ];
    const personName = () => `${rnd.pick(data.firstNames)} ${rnd.pick(data.lastNames)}`;
    for (let i = 1; i <= MAKERS; i++) {
      users.push({
        email: `maker${i}@demo.launchboard.example`,
        name: personName(),
        password_hash: null,
        role: 'user',
        email_verified_at: nowIso,
        created_at: new Date(now.getTime() - rnd.int(14, 400) * DAY).toISOString(),
      });
    }
    for (let i = 1; i <= VOTERS; i++) {
      users.push({
        email: `voter${i}@demo.launchboard.example`,
        name: personName(),
        password_hash: null,
        role: 'user',
        email_verified_at: nowIso,
        created_at: new Date(now.getTime() - rnd.int(1, 400) * DAY).toISOString(),
      });
    }
    await insertChunked(trx, 'users', users);
    const userIds = await idsBy(trx, 'users', 'email');
    const makerIds = Array.from({ length: MAKERS }, (_, i) => userIds.get(`maker${i + 1}@demo.launchboard.example`)!);
    const voterIds = Array.from({ length: VOTERS }, (_, i) => userIds.get(`voter${i + 1}@demo.launchboard.example`)!);

    // Listings.
    const names = new Set<string>();
    const subcategories = data.demoCategories.flatMap((c) => c.subs.map(([slug]) => ({ parent: c.slug, slug })));
    interface Plan {
      slug: string;
      status: string;
      categories: number[];
      launchedAt: Date | null;
      owner: number;
    }
    const plans: Plan[] = [];
    const listingRows: Insertable<Database['listings']>[] = [];
    for (let i = 0; i < LISTINGS; i++) {
      let name = `${rnd.pick(data.namePrefixes)}${rnd.pick(data.nameSuffixes)}`;
      while (names.has(name)) name = `${rnd.pick(data.namePrefixes)}${rnd.pick(data.nameSuffixes)} ${rnd.int(2, 99)}`;
      names.add(name);
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const domain = `${slug}.example`;
      const roll = rnd.next();
      const status = roll < 0.8 ? 'live' : roll < 0.9 ? 'scheduled' : roll < 0.95 ? 'awaiting_badge' : 'draft';
      const launchedAt = status === 'live' ? new Date(now.getTime() - rnd.int(60, 84 * 24 * 60) * 60_000) : null;
      const launchWeek =
        status === 'live'
          ? mondayOf(launchedAt!)
          : status === 'scheduled'
            ? mondayOf(new Date(thisMonday.getTime() + rnd.int(1, 5) * WEEK))
            : status === 'awaiting_badge'
              ? mondayOf(new Date(thisMonday.getTime() + rnd.int(6, 8) * WEEK))
              : null;
      const sub = rnd.pick(subcategories);
      const categories = [
        allCategoryIds.get(sub.slug)!,
        ...(rnd.next() < 0.3 ? [allCategoryIds.get(rnd.pick(subcategories).slug)!] : []),
      ];
      const noun = rnd.pick(data.productNouns);
      const audience = rnd.pick(data.audiences);
      const benefit = rnd.pick(data.benefits);
      const features = rnd.sample(data.featureIdeas, rnd.int(3, 6));
      const country = rnd.next() < 0.85 ? rnd.pick(data.countries) : null;
      const pricing = rnd.pick(data.pricingModels);
      const created = new Date((launchedAt ?? now).getTime() - rnd.int(7, 120) * DAY);
      const category = data.demoCategories.find((c) => c.slug === sub.parent)!;
      const plan = status === 'draft' ? 'none' : rnd.next() < 0.15 ? 'paid' : 'free';
      plans.push({ slug, status, categories: [...new Set(categories)], launchedAt, owner: makerIds[i % MAKERS]! });
      listingRows.push({
        site_id: rnd.next() < 0.1 ? euSite : mainSite,
        owner_id: makerIds[i % MAKERS]!,
        company_key: domain,
        slug,
        name,
        url: `https://${domain}`,
        domain,
        tagline: `The ${category.name.toLowerCase()} ${noun} that helps ${audience} ${benefit}`,
        short_description: `${name} is ${article(noun)} ${noun} for ${audience} who want to ${benefit}.`,
        description:
          `${name} is ${article(noun)} ${noun} for ${audience}. It helps them ${benefit} without switching between a dozen tools.\n\n` +
          `Highlights: ${features.join(', ').toLowerCase()}. ` +
          `Teams use it for ${category.description.toLowerCase().replace(/\.$/, '')}, and it fits into the tools they already have.`,
        stage: rnd.pick(data.stages),
        pricing_model: pricing,
        pricing_summary:
          pricing === 'free' || pricing === 'open-source' ? 'Free forever' : `From $${rnd.int(5, 49)}/month`,
        country,
        city: country && rnd.next() < 0.7 ? data.cities[country]! : null,
        founded_year: rnd.int(2015, 2026),
        contact_email: `hello@${domain}`,
        logo_url: null,
        features: JSON.stringify(features),
        usps: JSON.stringify([`Built for ${audience}`, `Set up in minutes`]),
        keywords: JSON.stringify([noun, category.name.toLowerCase(), audience]),
        tags: JSON.stringify([category.slug]),
        attributes: JSON.stringify(Object.fromEntries(category.attributes.map((a) => [a, rnd.next() < 0.5]))),
        not_found: JSON.stringify(
          rnd.sample(['founded_year', 'city', 'demo_video_url', 'contact_email'], rnd.int(0, 2)),
        ),
        status,
        plan,
        unlocked_sections: JSON.stringify(plan === 'paid' ? ['story', 'milestones', 'media'] : []),
        launch_week: launchWeek,
        launched_at: launchedAt?.toISOString() ?? null,
        views_count: status === 'live' ? rnd.int(50, 20_000) : 0,
        domain_rating: rnd.next() < 0.7 ? rnd.int(1, 80) : null,
        domain_rating_previous: null,
        domain_rating_at: null,
        domain_rating_source: null,
        revenue_cents: null,
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
      });
    }
    for (const row of listingRows) {
      if (row.domain_rating != null) {
        row.domain_rating_previous = Math.max(0, row.domain_rating - rnd.int(-3, 6));
        row.domain_rating_at = new Date(now.getTime() - rnd.int(1, 20) * DAY).toISOString();
        row.domain_rating_source = 'demo data';
      }
      if (row.status === 'live' && rnd.next() < 0.3) {
        row.revenue_cents = rnd.int(10, 50_000) * 100;
        row.revenue_at = new Date(now.getTime() - rnd.int(1, 30) * DAY).toISOString();
        row.revenue_source = 'demo data (self-reported)';
      }
    }
    await insertChunked(trx, 'listings', listingRows);
    const listingIds = await idsBy(trx, 'listings', 'slug');
    const idOf = (p: Plan) => listingIds.get(p.slug)!;
    const live = plans.filter((p) => p.status === 'live');

    await insertChunked(
      trx,
      'listing_categories',
      plans.flatMap((p) =>
        p.categories.map((category_id, position) => ({
          listing_id: idOf(p),
          category_id,
          is_primary: position === 0 ? 1 : 0,
          position,
        })),
      ),
    );
    await insertChunked(
      trx,
      'listing_socials',
      plans.flatMap((p) => [
        { listing_id: idOf(p), platform: 'website', url: `https://${p.slug}.example` },
        ...(rnd.next() < 0.6 ? [{ listing_id: idOf(p), platform: 'github', url: `https://github.com/${p.slug}` }] : []),
        ...(rnd.next() < 0.5
          ? [{ listing_id: idOf(p), platform: 'linkedin', url: `https://www.linkedin.com/company/${p.slug}` }]
          : []),
      ]),
    );
    await insertChunked(
      trx,
      'listing_faqs',
      plans.flatMap((p) => [
        {
          listing_id: idOf(p),
          position: 0,
          question: 'Is there a free trial?',
          answer: rnd.next() < 0.6 ? 'Yes, 14 days, no card needed.' : 'There is a free plan with the core features.',
        },
        {
          listing_id: idOf(p),
          position: 1,
          question: 'Can I export my data?',
          answer: 'Yes, at any time, as CSV or JSON.',
        },
      ]),
    );

    // Founders: one or two per listing, some with an account.
    const founderRows: Insertable<Database['founders']>[] = [];
    const founderOf = new Map<string, string[]>();
    for (const [i, p] of plans.entries()) {
      const slugs: string[] = [];
      for (let k = 0; k < (rnd.next() < 0.35 ? 2 : 1); k++) {
        const name = personName();
        const slug = `${name
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z ]/g, '')
          .replace(/ /g, '-')}-${i + 1}-${k + 1}`;
        const country = rnd.pick(data.countries);
        founderRows.push({
          user_id: k === 0 ? p.owner : null,
          slug,
          name,
          title: k === 0 ? rnd.pick(data.founderTitles) : 'Co-founder',
          bio: `${name.split(' ')[0]} builds products for ${rnd.pick(data.audiences)} and lives in ${data.cities[country]}.`,
          country,
          avatar_url: null,
          socials: JSON.stringify({ linkedin: `https://www.linkedin.com/in/${slug}` }),
          created_at: nowIso,
          updated_at: nowIso,
        });
        slugs.push(slug);
      }
      founderOf.set(p.slug, slugs);
    }
    await insertChunked(trx, 'founders', founderRows);
    const founderIds = await idsBy(trx, 'founders', 'slug');
    await insertChunked(
      trx,
      'listing_founders',
      plans.flatMap((p) =>
        founderOf
          .get(p.slug)!
          .map((s, position) => ({ listing_id: idOf(p), founder_id: founderIds.get(s)!, position })),
      ),
    );

    // Votes, follows and reviews: only on live listings, after their launch.
    const between = (from: Date, to: Date) =>
      new Date(from.getTime() + rnd.next() * (to.getTime() - from.getTime())).toISOString();
    const votes: Insertable<Database['votes']>[] = [];
    const follows: Insertable<Database['follows']>[] = [];
    const reviews: Insertable<Database['reviews']>[] = [];
    const voteCount = new Map<string, number>();
    for (const p of live) {
      const voters = rnd.sample(voterIds, Math.floor(6 + 140 * rnd.next() ** 2));
      voteCount.set(p.slug, voters.length);
      for (const user_id of voters)
        votes.push({ listing_id: idOf(p), user_id, created_at: between(p.launchedAt!, now) });
      for (const user_id of voters.slice(0, Math.floor(voters.length * rnd.next() * 0.4)))
        follows.push({ listing_id: idOf(p), user_id, created_at: between(p.launchedAt!, now) });
      for (const user_id of rnd.sample(voters, rnd.int(0, 4))) {
        reviews.push({
          listing_id: idOf(p),
          user_id,
          rating: rnd.next() < 0.8 ? rnd.int(4, 5) : rnd.int(1, 3),
          body: rnd.pick(data.reviewBodies),
          flagged: rnd.next() < 0.05 ? 1 : 0,
          created_at: between(p.launchedAt!, now),
        });
      }
    }
    await insertChunked(trx, 'votes', votes);
    await insertChunked(trx, 'follows', follows);
    await insertChunked(trx, 'reviews', reviews);
    const followCount = new Map<number, number>();
    for (const f of follows) followCount.set(f.listing_id, (followCount.get(f.listing_id) ?? 0) + 1);
    for (const p of live) {
      await trx
        .updateTable('listings')
        .set({ votes_count: voteCount.get(p.slug)!, followers_count: followCount.get(idOf(p)) ?? 0 })
        .where('id', '=', idOf(p))
        .execute();
    }

    // Stories, milestones and updates on a share of live listings.
    const stories: Insertable<Database['stories']>[] = [];
    const milestones: Insertable<Database['milestones']>[] = [];
    const updates: Insertable<Database['listing_updates']>[] = [];
    for (const p of live) {
      if (rnd.next() < 0.3) {
        stories.push({
          listing_id: idOf(p),
          title: `Why we built ${p.slug}`,
          story: 'It started as a weekend project to fix our own workflow.',
          why_started: 'We kept losing time to the same manual steps.',
          problem: 'Existing tools were built for large companies.',
          journey: 'Three months of evenings, then a private beta with twenty friends.',
          challenges: 'Pricing, and saying no to features.',
          achievements: 'Our first hundred paying customers.',
          lessons: 'Talk to users every week.',
          whats_next: 'A public API and mobile apps.',
          updated_at: nowIso,
        });
      }
      if (rnd.next() < 0.5) {
        for (const [k, title] of rnd.sample(data.milestoneTitles, rnd.int(1, 3)).entries()) {
          milestones.push({
            listing_id: idOf(p),
            date: new Date(p.launchedAt!.getTime() - (k + 1) * 30 * DAY).toISOString().slice(0, 10),
            title,
            description: null,
            url: null,
            created_at: nowIso,
          });
        }
      }
      if (rnd.next() < 0.3) {
        updates.push({
          listing_id: idOf(p),
          title: rnd.pick(data.updateTitles),
          body: 'Thanks to everyone who tried it in launch week. Here is what changed since.',
          created_at: between(p.launchedAt!, now),
        });
      }
    }
    await insertChunked(trx, 'stories', stories);
    await insertChunked(trx, 'milestones', milestones);
    await insertChunked(trx, 'listing_updates', updates);

    // Alternatives: other live listings in the same primary category.
    const byCategory = new Map<number, Plan[]>();
    for (const p of live) byCategory.set(p.categories[0]!, [...(byCategory.get(p.categories[0]!) ?? []), p]);
    await insertChunked(
      trx,
      'listing_alternatives',
      live.flatMap((p) =>
        rnd
          .sample(
            byCategory.get(p.categories[0]!)!.filter((o) => o !== p),
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
    const awards: Insertable<Database['awards']>[] = [];
    const titles = ['Launch of the Week #1', 'Launch of the Week #2', 'Launch of the Week #3'];
    for (const [week, entries] of [...byWeek].sort(([a], [b]) => a.localeCompare(b))) {
      // The rollover's rule: most votes, ties to the earlier launch.
      const top = [...entries]
        .sort(
          (a, b) =>
            voteCount.get(b.slug)! - voteCount.get(a.slug)! || a.launchedAt!.getTime() - b.launchedAt!.getTime(),
        )
        .slice(0, 3);
      const awardedAt = new Date(new Date(`${week}T00:00:00.000Z`).getTime() + WEEK).toISOString();
      top.forEach((p, k) => {
        awards.push({
          listing_id: idOf(p),
          week,
          rank: k + 1,
          title: titles[k]!,
          votes: voteCount.get(p.slug)!,
          created_at: awardedAt,
        });
      });
    }
    await insertChunked(trx, 'awards', awards);

    // Blog posts (the last two are unpublished drafts) and interview questions.
    await insertChunked(
      trx,
      'blog_posts',
      data.blogTopics.map((title, i) => {
        const published =
          i < data.blogTopics.length - 2 ? new Date(now.getTime() - (i * 9 + 2) * DAY).toISOString() : null;
        return {
          slug: title
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/(^-|-$)/g, ''),
          title,
          excerpt: `${title}: practical advice from the Launchboard team.`,
          body_markdown: `# ${title}\n\nEvery week makers launch on Launchboard. This post collects what works.\n\n## The short version\n\nBe clear about who the product is for, show it working, and answer questions on launch day.\n`,
          faqs: JSON.stringify([{ question: 'Who is this for?', answer: 'Makers preparing a launch.' }]),
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
      founders: founderRows.length,
      votes: votes.length,
      follows: follows.length,
      reviews: reviews.length,
      awards: awards.length,
      blog_posts: data.blogTopics.length,
    };
  });
}
