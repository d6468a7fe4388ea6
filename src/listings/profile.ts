// The public listing profile (get_listing, SPEC Part 2): everything a visitor
// or an assistant needs about one product. Paid-only sections (story,
// milestones, media) appear only when unlocked for that listing.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { faq } from '../directory/faqs.js';
import { cachedOutput, type CachedOutput, deepFreeze, PreparedOutput } from '../platform/prepared-output.js';
import { PUBLIC_STATUSES } from './summary.js';
import { stringArray } from '../platform/json-text.js';
import { imagesByHash, imageView, storedImage } from '../media/images.js';
import { screenshotsOf } from '../media/screenshots.js';

/** The sections of a founder story (SPEC Part 2), in reading order. */
export const STORY_SECTIONS = [
  'title',
  'story',
  'why_started',
  'problem',
  'journey',
  'challenges',
  'achievements',
  'lessons',
  'whats_next',
] as const;
export type StorySection = (typeof STORY_SECTIONS)[number];

/** Each section's name as people read it (page headings, form labels). */
export const STORY_SECTION_NAMES: Record<StorySection, string> = {
  title: 'Title',
  story: 'The story',
  why_started: 'Why we started',
  problem: 'The problem',
  journey: 'The journey',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons learned',
  whats_next: 'What’s next',
};

/** A published founder story: every section (null when not written) and when it changed. */
export const storySchema = z.object({
  ...(Object.fromEntries(STORY_SECTIONS.map((s) => [s, z.string().nullable()])) as Record<
    StorySection,
    z.ZodNullable<z.ZodString>
  >),
  updated_at: z.string(),
});

export const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;

export const listingProfile = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  domain: z.string(),
  status: z.string(),
  tagline: z.string().nullable(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  headline: z.string().nullable().describe("This site's headline for the listing"),
  summary: z.string().nullable().describe("This site's summary"),
  features: z.array(z.string()),
  usps: z.array(z.string()),
  keywords: z.array(z.string()),
  tags: z.array(z.string()),
  pricing: z.object({ model: z.string().nullable(), summary: z.string().nullable() }),
  stage: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  founded_year: z.number().int().nullable(),
  contact_email: z.string().nullable(),
  logo_url: z.string().nullable().describe("The maker's link to the logo"),
  logo: storedImage.nullable().describe('Our copy of the logo (square WebP); null until copied'),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), primary: z.boolean() })),
  founders: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      title: z.string().nullable(),
      avatar_url: z.string().nullable(),
      profile_url: z.string(),
    }),
  ),
  faqs: z.array(faq),
  socials: z.record(z.string(), z.string()),
  latest_updates: z.array(z.object({ title: z.string(), body: z.string(), created_at: z.string() })),
  rating: z.object({
    average: z.number().nullable().describe('Mean of genuine reviews (flagged reviews excluded), 1..5'),
    count: z.number().int(),
  }),
  domain_rating: z
    .object({
      value: z.number().int(),
      previous: z.number().int().nullable(),
      trend: z.enum(['up', 'down', 'flat', 'new']),
      measured_at: z.string().nullable(),
      source: z.string().nullable(),
    })
    .nullable()
    .describe('Third-party Domain Rating, imported by the site admin'),
  votes: z.number().int().describe('Community votes that count'),
  votes_discounted: z
    .number()
    .int()
    .describe('Votes the site team discounted as suspicious (velocity flags); not in votes'),
  followers: z.number().int(),
  views: z
    .number()
    .int()
    .describe(
      'People who opened the listing page on this site, each counted once a day; crawlers and API reads are not counted',
    ),
  launch_week: z.string().nullable(),
  launched_at: z.string().nullable(),
  awards: z.array(z.object({ week: z.string(), rank: z.number().int(), title: z.string() })),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable() }),
  not_found_on_website: z
    .array(z.string())
    .describe("Facts the company's own site did not state: left blank on purpose"),
  unlocked_sections: z.array(z.enum(PAID_SECTIONS)),
  story: storySchema.optional().describe('Founder story (paid section, only when unlocked)'),
  milestones: z
    .array(
      z.object({
        id: z.number().int(),
        date: z.string(),
        title: z.string(),
        description: z.string().nullable(),
        url: z.string().nullable(),
      }),
    )
    .optional()
    .describe('Milestones (paid section, only when unlocked)'),
  media: z
    .object({ demo_video_url: z.string().nullable(), screenshots: z.array(storedImage) })
    .optional()
    .describe('Media (paid section, only when unlocked)'),
  links: z.object({
    website: z.string(),
    profile: z.string(),
    badges: z.string(),
    alternatives: z.string(),
    compare: z.string(),
  }),
});
export type ListingProfile = z.infer<typeof listingProfile>;

export function unlockedSections(listing: Pick<Listing, 'unlocked_sections'>): (typeof PAID_SECTIONS)[number][] {
  const unlocked = stringArray(listing.unlocked_sections);
  return PAID_SECTIONS.filter((s) => unlocked.includes(s));
}

/**
 * The 404 for a slug with no public listing. To the listing's owner it says
 * why (its status) and where to see it; to anyone else it says nothing of a
 * listing that is not public.
 */
async function noPublicListing(ctx: Context, slug: string, viewerId: number | null = null) {
  const own =
    viewerId === null
      ? undefined
      : await ctx.db
          .selectFrom('listings')
          .select(['id', 'status'])
          .where('slug', '=', slug)
          .where('owner_id', '=', viewerId)
          .executeTakeFirst();
  return notFound(
    own
      ? `Your listing "${slug}" is ${own.status}: its public profile exists once it is scheduled or live. get_my_listing (listing_id ${own.id}) shows it now.`
      : `No public listing with slug "${slug}". Use search_listings to find one.`,
  );
}

/**
 * The listing `slug` when its status is one of `statuses`, or when it is the
 * viewer's own in any status (its owner may compare it and see its
 * alternatives before launch; nobody else learns it exists); else undefined.
 */
export async function listingForViewer(
  ctx: Context,
  slug: string,
  viewerId: number | null,
  statuses: readonly string[] = PUBLIC_STATUSES,
): Promise<Listing | undefined> {
  return ctx.db
    .selectFrom('listings')
    .selectAll()
    .where('slug', '=', slug)
    .where((eb) =>
      eb.or([eb('status', 'in', [...statuses]), ...(viewerId === null ? [] : [eb('owner_id', '=', viewerId)])]),
    )
    .executeTakeFirst();
}

/** A public (live or scheduled) listing by slug, or 404 (which tells its owner why). */
export async function publicListingBySlug(
  ctx: Context,
  slug: string,
  viewerId: number | null = null,
): Promise<Listing> {
  const listing = await ctx.db
    .selectFrom('listings')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .executeTakeFirst();
  if (!listing) throw await noPublicListing(ctx, slug, viewerId);
  return listing;
}

function trendOf(value: number, previous: number | null): 'up' | 'down' | 'flat' | 'new' {
  if (previous == null) return 'new';
  return value > previous ? 'up' : value < previous ? 'down' : 'flat';
}

/** What a profile shows from tables other than listings: the part migration 0010's triggers version. */
export interface ProfileParts {
  categories: ListingProfile['categories'];
  founders: ListingProfile['founders'];
  faqs: ListingProfile['faqs'];
  socials: ListingProfile['socials'];
  latest_updates: ListingProfile['latest_updates'];
  rating: ListingProfile['rating'];
  awards: ListingProfile['awards'];
  logo: ListingProfile['logo'];
  story?: ListingProfile['story'];
  milestones?: ListingProfile['milestones'];
  screenshots?: NonNullable<ListingProfile['media']>['screenshots'];
}

async function readProfileParts(
  ctx: Context,
  id: number,
  logoImage: string | null,
  unlocked: readonly string[],
): Promise<ProfileParts> {
  const base = ctx.config.publicUrl;
  const [categories, founders, faqs, socials, updates, rating, awards, story, milestones] = await Promise.all([
    ctx.db
      .selectFrom('listing_categories as lc')
      .innerJoin('categories as c', 'c.id', 'lc.category_id')
      .select(['c.slug', 'c.name', 'lc.is_primary'])
      .where('lc.listing_id', '=', id)
      .orderBy('lc.is_primary', 'desc')
      .orderBy('lc.position')
      .execute(),
    ctx.db
      .selectFrom('listing_founders as lf')
      .innerJoin('founders as f', 'f.id', 'lf.founder_id')
      .select(['f.slug', 'f.name', 'f.title', 'f.avatar_url'])
      .where('lf.listing_id', '=', id)
      .orderBy('lf.position')
      .execute(),
    ctx.db
      .selectFrom('listing_faqs')
      .select(['question', 'answer'])
      .where('listing_id', '=', id)
      .orderBy('position')
      .execute(),
    ctx.db
      .selectFrom('listing_socials')
      .select(['platform', 'url'])
      .where('listing_id', '=', id)
      .orderBy('platform')
      .execute(),
    ctx.db
      .selectFrom('listing_updates')
      .select(['title', 'body', 'created_at'])
      .where('listing_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
    ctx.db
      .selectFrom('reviews')
      .select([sql<number | null>`avg(rating)`.as('average'), sql<number>`count(*)`.as('count')])
      .where('listing_id', '=', id)
      .where('flagged', '=', 0)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('awards')
      .select(['week', 'rank', 'title'])
      .where('listing_id', '=', id)
      .orderBy('week', 'desc')
      .execute(),
    unlocked.includes('story')
      ? ctx.db.selectFrom('stories').selectAll().where('listing_id', '=', id).executeTakeFirst()
      : undefined,
    unlocked.includes('milestones')
      ? ctx.db
          .selectFrom('milestones')
          .select(['id', 'date', 'title', 'description', 'url'])
          .where('listing_id', '=', id)
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .execute()
      : undefined,
  ]);
  // The logo's copy (on the listings row) and the gallery (a paid section).
  const [logo, screenshots] = await Promise.all([
    logoImage ? imagesByHash(ctx.db, [logoImage]).then((found) => found.get(logoImage)) : undefined,
    unlocked.includes('media') ? screenshotsOf(ctx, id) : undefined,
  ]);
  const parts: ProfileParts = {
    categories: categories.map((c) => ({ slug: c.slug, name: c.name, primary: Number(c.is_primary) === 1 })),
    founders: founders.map((f) => ({ ...f, profile_url: `${base}/founders/${f.slug}` })),
    faqs,
    socials: Object.fromEntries(socials.map((s) => [s.platform, s.url])),
    latest_updates: updates,
    rating: {
      average: rating.average == null ? null : Math.round(Number(rating.average) * 10) / 10,
      count: Number(rating.count),
    },
    awards: awards.map((a) => ({ week: a.week, rank: Number(a.rank), title: a.title })),
    logo: logo ? imageView(ctx, logo) : null,
  };
  if (screenshots) parts.screenshots = screenshots.map(({ url, width, height }) => ({ url, width, height }));
  if (story) {
    const { listing_id: _, ...sections } = story;
    parts.story = sections;
  }
  if (milestones) parts.milestones = milestones;
  return parts;
}

/**
 * The parts of one listing's profile, from the cache while its version
 * holds. Reads inside a transaction bypass the cache: they may see writes
 * that are later rolled back.
 */
async function profileParts(ctx: Context, listing: Listing, unlocked: readonly string[]): Promise<ProfileParts> {
  // The paid sections are a listings column: the version covers them too.
  const version = Number(listing.profile_version);
  const cached = ctx.profiles.get(listing.id, version);
  if (cached) return cached;
  const parts = await readProfileParts(ctx, listing.id, listing.logo_image, unlocked);
  // Frozen: every profile built from the entry shares these objects, so a caller that mutated one would corrupt the others.
  if (!ctx.db.isTransaction) ctx.profiles.set(listing.id, version, deepFreeze(parts));
  return parts;
}

/** Builds the profile of a listing row (any status: owners see their own). */
export async function profileOf(ctx: Context, listing: Listing): Promise<ListingProfile> {
  const base = ctx.config.publicUrl;
  const unlocked = unlockedSections(listing);
  const parts = await profileParts(ctx, listing, unlocked);
  const profile: ListingProfile = {
    slug: listing.slug,
    name: listing.name,
    url: listing.url,
    domain: listing.domain,
    status: listing.status,
    tagline: listing.tagline,
    short_description: listing.short_description,
    description: listing.description,
    headline: listing.headline,
    summary: listing.summary,
    features: stringArray(listing.features),
    usps: stringArray(listing.usps),
    keywords: stringArray(listing.keywords),
    tags: stringArray(listing.tags),
    pricing: { model: listing.pricing_model, summary: listing.pricing_summary },
    stage: listing.stage,
    country: listing.country,
    city: listing.city,
    founded_year: listing.founded_year,
    contact_email: listing.contact_email,
    logo_url: listing.logo_url,
    logo: parts.logo,
    categories: parts.categories,
    founders: parts.founders,
    faqs: parts.faqs,
    socials: parts.socials,
    latest_updates: parts.latest_updates,
    rating: parts.rating,
    domain_rating:
      listing.domain_rating == null
        ? null
        : {
            value: Number(listing.domain_rating),
            previous: listing.domain_rating_previous == null ? null : Number(listing.domain_rating_previous),
            trend: trendOf(
              Number(listing.domain_rating),
              listing.domain_rating_previous == null ? null : Number(listing.domain_rating_previous),
            ),
            measured_at: listing.domain_rating_at,
            source: listing.domain_rating_source,
          },
    votes: Number(listing.votes_count),
    votes_discounted: Number(listing.votes_discounted),
    followers: Number(listing.followers_count),
    views: Number(listing.views_count),
    launch_week: listing.launch_week,
    launched_at: listing.launched_at,
    awards: parts.awards,
    seo: { title: listing.seo_title, description: listing.seo_description },
    not_found_on_website: stringArray(listing.not_found),
    unlocked_sections: unlocked,
    links: {
      website: listing.url,
      profile: `${base}/listings/${listing.slug}`,
      badges: `${base}/api/v1/listings/${listing.slug}/badges`,
      alternatives: `${base}/api/v1/listings/${listing.slug}/alternatives`,
      compare: `${base}/api/v1/compare?a=${listing.slug}&b=`,
    },
  };
  if (parts.story) profile.story = parts.story;
  if (parts.milestones) profile.milestones = parts.milestones;
  if (unlocked.includes('media'))
    profile.media = { demo_video_url: listing.demo_video_url, screenshots: parts.screenshots ?? [] };
  return profile;
}

/**
 * The public profile by slug. A repeat read answers from ctx.publicProfiles,
 * checked and serialised when cached, after reading only the row's version
 * and view count; the view count is added per read. Reading through the API
 * counts no view: views are people on the listing page (stats.ts).
 */
export async function viewListing(
  ctx: Context,
  slug: string,
  viewerId: number | null = null,
): Promise<PreparedOutput<ListingProfile>> {
  const head = await ctx.db
    .selectFrom('listings')
    .select(['id', 'profile_version', 'views_count'])
    .where('slug', '=', slug)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .executeTakeFirst();
  if (!head) throw await noPublicListing(ctx, slug, viewerId);
  const cached = ctx.publicProfiles.get(head.id, Number(head.profile_version)) ?? (await cachePublicProfile(ctx, slug));
  return new PreparedOutput<ListingProfile>(cached, { views: Number(head.views_count) });
}

/** Builds, checks and serialises a public profile without its view count, and caches it outside transactions. */
async function cachePublicProfile(ctx: Context, slug: string): Promise<CachedOutput> {
  const listing = await publicListingBySlug(ctx, slug);
  const { views: _, ...profile } = listingProfile.parse(await profileOf(ctx, listing));
  const cached = cachedOutput(profile);
  if (!ctx.db.isTransaction) ctx.publicProfiles.set(listing.id, Number(listing.profile_version), cached);
  return cached;
}
