// Founders as the public sees them (list_founders, get_founder): only people
// behind at least one live listing, with those listings and the founder
// stories their listings have unlocked.
import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { containsPattern, pageWithTotal } from '../platform/db.js';
import { parseJsonText } from '../platform/json-text.js';
import { STORY_SECTIONS, type StorySection, storySchema, unlockedSections } from '../listings/profile.js';
import { listingSummary, summariesByIds } from '../listings/summary.js';

export const founderCard = z.object({
  slug: z.string(),
  name: z.string(),
  title: z.string().nullable().describe('Role, e.g. CEO'),
  country: z.string().nullable(),
  avatar_url: z.string().nullable(),
  profile_url: z.string().describe('The founder page on this site'),
  companies: z
    .array(z.object({ slug: z.string(), name: z.string() }))
    .describe('Live listings they are behind, newest launch first'),
});
export type FounderCard = z.infer<typeof founderCard>;

/** A published story on the founder's page: the listing it belongs to, then every section. */
export const founderStory = z.object({
  listing: z.object({ slug: z.string(), name: z.string(), profile_url: z.string() }),
  ...storySchema.shape,
});
export type FounderStory = z.infer<typeof founderStory>;

export const founderProfileSchema = z.object({
  slug: z.string(),
  name: z.string(),
  title: z.string().nullable().describe('Role, e.g. CEO'),
  bio: z.string().nullable(),
  country: z.string().nullable(),
  avatar_url: z.string().nullable(),
  socials: z.record(z.string(), z.string()).describe('Platform key → link'),
  profile_url: z.string().describe('The founder page on this site'),
  companies: z.array(listingSummary).describe('Live listings they are behind, newest launch first'),
  stories: z.array(founderStory),
});
export type FounderProfile = z.infer<typeof founderProfileSchema>;

/** Founders with at least one live listing. */
export const behindLiveListing = (eb: ExpressionBuilder<Database, 'founders'>) =>
  eb.exists(
    eb
      .selectFrom('listing_founders as lf')
      .innerJoin('listings as l', 'l.id', 'lf.listing_id')
      .select('lf.listing_id')
      .whereRef('lf.founder_id', '=', 'founders.id')
      .where('l.status', '=', 'live'),
  );

export async function listFounders(
  ctx: Context,
  args: { q?: string; country?: string; page: number; per_page: number },
): Promise<{ items: FounderCard[]; total: number }> {
  const q = args.q?.trim() ?? '';
  const filters = (eb: ExpressionBuilder<Database, 'founders'>) => {
    const conditions = [behindLiveListing(eb)];
    // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
    if (q !== '') conditions.push(eb(sql`lower(founders.name)`, 'like', sql`${containsPattern(q)} escape '\\'`));
    if (args.country) conditions.push(eb(eb.fn('upper', ['founders.country']), '=', args.country.toUpperCase()));
    return eb.and(conditions);
  };
  const { rows, total } = await pageWithTotal(
    ctx.db.selectFrom('founders').where(filters),
    (query) =>
      query
        .select([
          'founders.id',
          'founders.slug',
          'founders.name',
          'founders.title',
          'founders.country',
          'founders.avatar_url',
        ])
        .orderBy(sql`lower(founders.name)`)
        .orderBy('founders.id'),
    args,
  );

  const companies = await liveCompanies(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      title: r.title,
      country: r.country,
      avatar_url: r.avatar_url,
      profile_url: `${ctx.config.publicUrl}/founders/${r.slug}`,
      companies: (companies.get(r.id) ?? []).map(({ slug, name }) => ({ slug, name })),
    })),
    total,
  };
}

/** Live listings per founder, newest launch first. */
async function liveCompanies(
  ctx: Context,
  founderIds: number[],
): Promise<Map<number, { id: number; slug: string; name: string }[]>> {
  const byFounder = new Map<number, { id: number; slug: string; name: string }[]>();
  if (founderIds.length === 0) return byFounder;
  const rows = await ctx.db
    .selectFrom('listing_founders as lf')
    .innerJoin('listings as l', 'l.id', 'lf.listing_id')
    .select(['lf.founder_id', 'l.id', 'l.slug', 'l.name'])
    .where('lf.founder_id', 'in', founderIds)
    .where('l.status', '=', 'live')
    .orderBy(sql`coalesce(l.launched_at, '')`, 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  for (const r of rows)
    byFounder.set(r.founder_id, [...(byFounder.get(r.founder_id) ?? []), { id: r.id, slug: r.slug, name: r.name }]);
  return byFounder;
}

function parseSocials(json: string): Record<string, string> {
  const value = parseJsonText<unknown>(json, {});
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Of these founder slugs, the ones with a public page (behind a live listing). */
export async function foundersWithPages(ctx: Context, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('founders')
    .select('slug')
    .where('slug', 'in', [...slugs])
    .where(behindLiveListing)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export async function founderProfile(ctx: Context, slug: string): Promise<FounderProfile> {
  const founder = await ctx.db.selectFrom('founders').selectAll().where('slug', '=', slug).executeTakeFirst();
  const companies = founder ? ((await liveCompanies(ctx, [founder.id])).get(founder.id) ?? []) : [];
  // A founder with no live listing is not public yet (their listing may be a draft).
  if (!founder || companies.length === 0)
    throw notFound(`No founder with slug "${slug}" behind a live listing. Call list_founders to find founders.`);

  const listingIds = companies.map((c) => c.id);
  const storyRows = await ctx.db
    .selectFrom('stories as s')
    .innerJoin('listings as l', 'l.id', 's.listing_id')
    .select([
      'l.slug as listing_slug',
      'l.name as listing_name',
      'l.unlocked_sections',
      ...STORY_SECTIONS.map((k) => `s.${k}` as const),
      's.updated_at',
    ])
    .where('s.listing_id', 'in', listingIds)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.listing_id', 'desc')
    .execute();
  const stories = storyRows
    // The story is a paid section: shown only where the listing has unlocked it.
    .filter((r) => unlockedSections(r).includes('story'))
    .filter((r) => STORY_SECTIONS.some((k) => (r[k] ?? '').trim() !== ''))
    .map(
      (r): FounderStory => ({
        listing: {
          slug: r.listing_slug,
          name: r.listing_name,
          profile_url: `${ctx.config.publicUrl}/listings/${r.listing_slug}`,
        },
        ...(Object.fromEntries(STORY_SECTIONS.map((k) => [k, r[k]])) as Record<StorySection, string | null>),
        updated_at: r.updated_at,
      }),
    );

  return {
    slug: founder.slug,
    name: founder.name,
    title: founder.title,
    bio: founder.bio,
    country: founder.country,
    avatar_url: founder.avatar_url,
    socials: parseSocials(founder.socials),
    profile_url: `${ctx.config.publicUrl}/founders/${founder.slug}`,
    companies: await summariesByIds(ctx, listingIds),
    stories,
  };
}
