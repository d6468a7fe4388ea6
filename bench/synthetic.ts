// Synthetic directory data shared by the benchmarks: a seeded text generator
// (Zipf-like vocabulary, ~300-word descriptions), a bulk loader that fills
// a migrated SQLite file with live listings in one transaction, and recent
// votes for the pages that rank by them.
import { openSqliteFile } from '../db/dialect.js';
import type SQLite from 'better-sqlite3';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { ensureMainSite } from '../src/directory/sites.js';
import { DAY_MS, mondayOf } from '../src/launches/weeks.js';

/** mulberry32: a small seeded generator, so every run loads the same directory. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ne', 'ta', 'ri', 'so', 'vu', 'pe', 'da', 'zo', 'fi', 'gu', 'ha', 'jo', 'be'];
/** Words about 30% of all description words are drawn from (the search worst case). */
export const commonWords = [
  'the',
  'and',
  'for',
  'team',
  'data',
  'work',
  'app',
  'tool',
  'fast',
  'simple',
  'cloud',
  'users',
  'build',
  'manage',
  'track',
];
/** Brand-like first words of listing names. */
export const namePrefixes = [
  'Notion',
  'Figma',
  'Linear',
  'Slack',
  'Stripe',
  'Vercel',
  'Supabase',
  'Airtable',
  'Zapier',
  'Canva',
  'Loom',
  'Miro',
];
/** 5,000 made-up words; low indexes are drawn far more often than high ones. */
export const vocabulary = Array.from({ length: 5000 }, (_, i) => {
  let w = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / 16)) w += syllables[n % 16];
  return w;
});

export interface SyntheticText {
  /** The generator's stream; callers that keep drawing from it stay reproducible. */
  rnd: () => number;
  pick<T>(xs: readonly T[]): T;
  word(): string;
  sentence(words: number): string;
}

/** Text with a Zipf-like word frequency: a few very common words, a long tail. */
export function syntheticText(seed = 42): SyntheticText {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const word = () => (rnd() < 0.3 ? pick(commonWords) : vocabulary[Math.floor(vocabulary.length * rnd() ** 2)]!);
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  return { rnd, pick, word, sentence };
}

/** The days listings launched on, evenly at random: `spanDays` days ending with `lastDay`'s. */
export interface LaunchDays {
  lastDay: Date;
  spanDays: number;
}

/** The 320 days from 1 January 2026 (what the search benchmarks have always used). */
const DEFAULT_LAUNCH_DAYS: LaunchDays = { lastDay: new Date(Date.UTC(2026, 0, 1) + 319 * DAY_MS), spanDays: 320 };

/**
 * Inserts `count` live listings of site `siteId` into an already migrated
 * SQLite file, straight through better-sqlite3 in one transaction (the
 * benchmarks measure reads, not inserts). Returns the slugs in insert order.
 */
export function loadSyntheticListings(
  dbFile: string,
  siteId: number,
  count: number,
  text: SyntheticText,
  days: LaunchDays = DEFAULT_LAUNCH_DAYS,
): string[] {
  const { rnd, pick, word, sentence } = text;
  const slugs: string[] = [];
  const firstDay = Math.floor(days.lastDay.getTime() / DAY_MS) * DAY_MS - (days.spanDays - 1) * DAY_MS;
  const raw = openSqliteFile(dbFile);
  try {
    const insert = raw.prepare(
      `INSERT INTO listings (site_id, company_key, slug, name, url, domain, tagline, description, keywords, status, votes_count, views_count, followers_count, country, pricing_model, launched_at, launch_week, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    withFullTextRebuiltAfter(raw, () => {
      raw.transaction(() => {
        for (let i = 0; i < count; i++) {
          const name = `${pick(namePrefixes)} ${pick(vocabulary)}`;
          const slug = `${name.toLowerCase().replace(' ', '-')}-${i}`;
          const at = new Date(firstDay + Math.floor(rnd() * days.spanDays) * DAY_MS);
          insert.run(
            siteId,
            `${slug}.example`,
            slug,
            name,
            `https://${slug}.example`,
            `${slug}.example`,
            sentence(8),
            sentence(300),
            JSON.stringify([word(), word(), word()]),
            Math.floor(rnd() * 500),
            Math.floor(rnd() * 10_000),
            Math.floor(rnd() * 100),
            pick(['US', 'DE', 'GB', 'FR']),
            pick(['free', 'freemium', 'paid']),
            at.toISOString(),
            mondayOf(at),
            at.toISOString(),
            // Edited at some time of their launch day, as listings are (not all on the stroke of midnight, which
            // would put a day's worth of rows in the search change feed's re-read window on every query).
            new Date(at.getTime() + ((i * 7919) % DAY_MS)).toISOString(),
          );
          slugs.push(slug);
        }
      })();
    });
  } finally {
    raw.close();
  }
  return slugs;
}

/**
 * Runs `load` with the triggers that keep the listings' FTS5 tables in step
 * dropped, then rebuilds those tables and puts the triggers back exactly as
 * the migrations wrote them: the same index, built ~4x faster than row by row.
 */
function withFullTextRebuiltAfter(raw: SQLite.Database, load: () => void): void {
  const ftsTables = raw
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%' AND sql LIKE '%content=''listings''%'`,
    )
    .pluck()
    .all() as string[];
  const triggers = (
    raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'listings'`).all() as {
      name: string;
      sql: string;
    }[]
  ).filter((t) => ftsTables.some((fts) => t.sql.includes(fts)));
  for (const t of triggers) raw.exec(`DROP TRIGGER "${t.name}"`);
  try {
    load();
    for (const fts of ftsTables) raw.prepare(`INSERT INTO "${fts}"("${fts}") VALUES ('rebuild')`).run();
  } finally {
    for (const t of triggers) raw.exec(t.sql);
  }
}

/**
 * A fresh SQLite file at `dbFile`: migrated (through buildContext, as `serve`
 * would), with the main site, then `count` synthetic listings.
 */
export async function createSyntheticDatabase(
  dbFile: string,
  count: number,
  seed = 42,
  days?: LaunchDays,
): Promise<{ slugs: string[]; text: SyntheticText }> {
  const config = loadConfig(
    { DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'silent' },
    { publicUrl: 'http://localhost:3000' },
  );
  const ctx = await buildContext(config, { logger: pino({ level: 'silent' }) });
  let siteId: number;
  try {
    await ensureMainSite(ctx);
    siteId = (await ctx.db.selectFrom('sites').select('id').where('key', '=', 'main').executeTakeFirstOrThrow()).id;
  } finally {
    await ctx.close();
  }
  const text = syntheticText(seed);
  return { slugs: loadSyntheticListings(dbFile, siteId, count, text, days), text };
}

/**
 * Votes on the listings launched in the 30 days before `now` (the trending
 * window), from `voters` confirmed accounts created for them: a few launches
 * get hundreds, most a handful (up to 300, ~75 on average), each cast at a
 * random time between the launch and `now`. Returns the number of votes.
 */
export function addRecentVotes(dbFile: string, opts: { now: Date; voters?: number; seed?: number }): number {
  const voters = opts.voters ?? 5000;
  const rnd = random(opts.seed ?? 7);
  const now = opts.now.getTime();
  const raw = openSqliteFile(dbFile);
  try {
    let votes = 0;
    raw.transaction(() => {
      const joined = new Date(now - 400 * DAY_MS).toISOString();
      const addUser = raw.prepare('INSERT INTO users (email, email_verified_at, created_at) VALUES (?, ?, ?)');
      const userIds = Array.from({ length: voters }, (_, i) =>
        Number(addUser.run(`voter${i}@bench.example`, joined, joined).lastInsertRowid),
      );
      const recent = raw
        .prepare("SELECT id, launched_at FROM listings WHERE status = 'live' AND launched_at >= ? AND launched_at <= ?")
        .all(new Date(now - 30 * DAY_MS).toISOString(), new Date(now).toISOString()) as {
        id: number;
        launched_at: string;
      }[];
      const addVote = raw.prepare('INSERT INTO votes (listing_id, user_id, created_at) VALUES (?, ?, ?)');
      for (const listing of recent) {
        const launched = Date.parse(listing.launched_at);
        const n = Math.min(voters, Math.floor(300 * rnd() ** 3));
        const first = Math.floor(rnd() * voters);
        for (let k = 0; k < n; k++) {
          const at = new Date(launched + rnd() * (now - launched)).toISOString();
          addVote.run(listing.id, userIds[(first + k) % voters], at);
        }
        votes += n;
      }
    })();
    return votes;
  } finally {
    raw.close();
  }
}
