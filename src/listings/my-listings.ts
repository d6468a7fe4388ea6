// A maker's own listings: reading them in any status, and editing them.
// Ownership is checked on every call; another user's listing is 404, never
// 403, so listing ids cannot be probed. Every edit publishes at once and is
// kept in listing_versions with its before/after (the admin review feed).
import { z } from 'zod';
import type { Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { type Db, type PageRequest, pageWithTotal } from '../platform/db.js';
import { AppError, notFound } from '../errors.js';
import { listingProfile, profileOf } from './profile.js';
import { listingSummary, summariesByIds } from './summary.js';
import { prepareScreenshots, replaceScreenshots } from '../media/screenshots.js';

export async function ownListing(ctx: Context, userId: number, listingId: number): Promise<Listing> {
  const listing = await ctx.db
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', listingId)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (!listing) throw notFound(`You have no listing ${listingId}. list_my_listings shows yours.`);
  return listing;
}

export const ownListingSummary = listingSummary.extend({ listing_id: z.number().int(), plan: z.string() });
export type OwnListingSummary = z.infer<typeof ownListingSummary>;

export async function listMyListings(
  ctx: Context,
  userId: number,
  page: PageRequest,
): Promise<{ items: OwnListingSummary[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    ctx.db.selectFrom('listings').where('owner_id', '=', userId),
    (query) => query.select(['id', 'plan']).orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  const summaries = await summariesByIds(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    items: summaries.map((s, i) => ({ ...s, listing_id: rows[i]!.id, plan: rows[i]!.plan })),
    total,
  };
}

/** The owner's view of a listing (get_my_listing, update_my_listing): the public profile plus plan and badge check. */
export const ownListingSchema = listingProfile.extend({
  listing_id: z.number().int(),
  plan: z.string().describe('none, free or paid'),
  badge_check: z
    .object({ checked_at: z.string().nullable(), result: z.string().nullable() })
    .describe('The last check of your homepage for our badge (free launches)'),
  site: z.string().describe("The key of the site this listing is on (get_site_info's sites)"),
  other_sites: z
    .array(z.object({ site: z.string(), listing_id: z.number().int() }))
    .describe(
      "Your listings of the same company on other sites, each with its own headline, summary and SEO text: the site keys update_my_listing's apply_to reaches",
    ),
});
export type OwnListing = z.infer<typeof ownListingSchema>;

export async function ownListingView(ctx: Context, listing: Listing): Promise<OwnListing> {
  const [profile, listed] = await Promise.all([
    profileOf(ctx, listing),
    // The company's listings of this owner, this one included, with their sites (as apply_to finds them).
    ctx.db
      .selectFrom('listings as l')
      .innerJoin('sites as s', 's.id', 'l.site_id')
      .select(['l.id', 's.key'])
      .where('l.company_key', '=', listing.company_key)
      .where('l.owner_id', '=', listing.owner_id)
      .orderBy('s.key')
      .orderBy('l.id')
      .execute(),
  ]);
  return {
    ...profile,
    listing_id: listing.id,
    plan: listing.plan,
    badge_check: { checked_at: listing.badge_checked_at ?? null, result: listing.badge_check_result ?? null },
    site: listed.find((l) => l.id === listing.id)?.key ?? 'main',
    other_sites: listed.filter((l) => l.id !== listing.id).map((l) => ({ site: l.key, listing_id: l.id })),
  };
}

// --- Editing ---------------------------------------------------------------

/** Own-listing fields (SPEC Part 2) and how each is stored. */
const ARRAY_FIELDS = ['features', 'usps', 'keywords'] as const;
const SCALAR_FIELDS = [
  'tagline',
  'short_description',
  'description',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'demo_video_url',
  'contact_email',
  'headline',
  'summary',
  'seo_title',
  'seo_description',
] as const;
/**
 * The longest text each own-listing field keeps (SPEC Part 2). Draft fields
 * allow 500 (description 20000), so submit_draft cuts a longer draft value
 * to these, with a warning.
 */
export const OWN_TEXT_MAX = {
  tagline: 200,
  short_description: 300,
  description: 20000,
  pricing_model: 40,
  pricing_summary: 300,
  city: 120,
  demo_video_url: 500,
  contact_email: 254,
  headline: 200,
  summary: 20000,
  seo_title: 200,
  seo_description: 320,
} as const satisfies Partial<Record<ScalarField, number>>;

/** The fields that may travel to the same company's listings on other sites. */
export const SITE_FIELDS = ['headline', 'summary', 'seo_title', 'seo_description'] as const;

type ScalarField = (typeof SCALAR_FIELDS)[number];
type ArrayField = (typeof ARRAY_FIELDS)[number];
export type OwnFields = Partial<Record<ScalarField, string | number | null>> & Partial<Record<ArrayField, string[]>>;

export interface ListingEdit {
  fields?: OwnFields;
  socials?: Record<string, string>;
  faqs?: { question: string; answer: string }[];
  /** Image links: the whole gallery (media/screenshots.ts). */
  screenshots?: string[];
  apply_to?: string[];
}

export type Changes = Record<string, { before: unknown; after: unknown }>;

function stored(field: string, value: unknown): string | number | null {
  if ((ARRAY_FIELDS as readonly string[]).includes(field)) return JSON.stringify(value ?? []);
  if (field === 'country' && typeof value === 'string') return value.toUpperCase();
  return (value ?? null) as string | number | null;
}

function shown(field: string, value: unknown): unknown {
  if ((ARRAY_FIELDS as readonly string[]).includes(field) && typeof value === 'string') return JSON.parse(value);
  return value;
}

/** Writes `fields` to one listing, returning what changed (before/after). */
async function writeFields(trx: Db, listing: Listing, fields: OwnFields, now: string): Promise<Changes> {
  const changes: Changes = {};
  const update: Record<string, string | number | null> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const next = stored(field, value);
    const before = listing[field as keyof Listing];
    if (before === next || (before != null && next != null && String(before) === String(next))) continue;
    update[field] = next;
    changes[field] = { before: shown(field, before), after: shown(field, next) };
  }
  if (Object.keys(update).length > 0)
    await trx
      .updateTable('listings')
      .set({ ...update, updated_at: now })
      .where('id', '=', listing.id)
      .execute();
  return changes;
}

/** Keeps one change set in the listing's history; an admin's carries `by_admin` and the reason they gave. */
export async function recordVersion(
  trx: Db,
  listingId: number,
  userId: number,
  changes: Changes,
  now: string,
  admin?: { reason: string },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx
    .insertInto('listing_versions')
    .values({
      listing_id: listingId,
      user_id: userId,
      changes: JSON.stringify(changes),
      created_at: now,
      ...(admin ? { reason: admin.reason, by_admin: 1 } : {}),
    })
    .execute();
}

/** The sibling listings `apply_to` names: the same company, other sites, same owner. */
async function siblings(trx: Db, listing: Listing, userId: number, applyTo: string[]): Promise<Listing[]> {
  const sites = await trx.selectFrom('sites').select(['id', 'key']).execute();
  const known = new Set(sites.map((s) => s.key));
  applyTo.forEach((key, i) => {
    if (key !== 'all' && !known.has(key)) {
      throw new AppError('invalid', `apply_to names an unknown site "${key}"`, {
        errors: [{ path: `apply_to.${i}`, message: `unknown site; use "all" or one of: ${[...known].join(', ')}` }],
      });
    }
  });
  const siteIds = applyTo.includes('all')
    ? sites.map((s) => s.id)
    : sites.filter((s) => applyTo.includes(s.key)).map((s) => s.id);
  if (siteIds.length === 0) return [];
  return trx
    .selectFrom('listings')
    .selectAll()
    .where('company_key', '=', listing.company_key)
    .where('owner_id', '=', userId)
    .where('id', '!=', listing.id)
    .where('site_id', 'in', siteIds)
    .execute();
}

/**
 * Writes an edit's fields, links and FAQs to one listing (no ownership check:
 * the caller made it) and returns what changed; nothing is recorded yet.
 * update_my_listing and the admin's edit share it, so both write alike.
 */
export async function applyEdit(
  trx: Db,
  listing: Listing,
  edit: Omit<ListingEdit, 'apply_to'>,
  now: string,
): Promise<Changes> {
  const changes = edit.fields ? await writeFields(trx, listing, edit.fields, now) : {};
  if (edit.socials) {
    const before = await trx
      .selectFrom('listing_socials')
      .select(['platform', 'url'])
      .where('listing_id', '=', listing.id)
      .orderBy('platform')
      .execute();
    const beforeObj = Object.fromEntries(before.map((s) => [s.platform, s.url]));
    if (JSON.stringify(beforeObj) !== JSON.stringify(Object.fromEntries(Object.entries(edit.socials).sort()))) {
      await trx.deleteFrom('listing_socials').where('listing_id', '=', listing.id).execute();
      const rows = Object.entries(edit.socials).map(([platform, url]) => ({ listing_id: listing.id, platform, url }));
      if (rows.length > 0) await trx.insertInto('listing_socials').values(rows).execute();
      changes.socials = { before: beforeObj, after: edit.socials };
    }
  }
  if (edit.faqs) {
    const before = await trx
      .selectFrom('listing_faqs')
      .select(['question', 'answer'])
      .where('listing_id', '=', listing.id)
      .orderBy('position')
      .execute();
    if (JSON.stringify(before) !== JSON.stringify(edit.faqs.map(({ question, answer }) => ({ question, answer })))) {
      await trx.deleteFrom('listing_faqs').where('listing_id', '=', listing.id).execute();
      const rows = edit.faqs.map((f, position) => ({
        listing_id: listing.id,
        position,
        question: f.question,
        answer: f.answer,
      }));
      if (rows.length > 0) await trx.insertInto('listing_faqs').values(rows).execute();
      changes.faqs = { before, after: edit.faqs };
    }
  }
  if ((changes.socials || changes.faqs) && !Object.keys(changes).some((k) => k !== 'socials' && k !== 'faqs')) {
    await trx.updateTable('listings').set({ updated_at: now }).where('id', '=', listing.id).execute();
  }
  return changes;
}

export async function updateMyListing(
  ctx: Context,
  userId: number,
  listingId: number,
  edit: ListingEdit,
): Promise<{ listing: OwnListing; applied_to: string[]; changed: string[] }> {
  const appliedTo: string[] = [];
  let changed: string[] = [];
  // New screenshots are fetched before the transaction (a slow image server
  // holds no lock), and only for the owner: anyone else's call is 404 first.
  const gallery = edit.screenshots
    ? await prepareScreenshots(ctx, (await ownListing(ctx, userId, listingId)).id, edit.screenshots)
    : undefined;
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const listing = await ownListing({ ...ctx, db: trx }, userId, listingId);

    const changes = await applyEdit(trx, listing, edit, now);
    if (gallery) Object.assign(changes, await replaceScreenshots(trx, listing.id, gallery, now));
    await recordVersion(trx, listing.id, userId, changes, now);
    changed = Object.keys(changes);

    // Only the site-specific fields that were sent travel to the siblings.
    if (edit.apply_to && edit.apply_to.length > 0) {
      const travelling = Object.fromEntries(
        SITE_FIELDS.filter((f) => edit.fields?.[f] !== undefined).map((f) => [f, edit.fields![f]]),
      ) as OwnFields;
      for (const sibling of await siblings(trx, listing, userId, edit.apply_to)) {
        const siblingChanges = await writeFields(trx, sibling, travelling, now);
        await recordVersion(trx, sibling.id, userId, siblingChanges, now);
        const site = await trx
          .selectFrom('sites')
          .select('key')
          .where('id', '=', sibling.site_id)
          .executeTakeFirstOrThrow();
        appliedTo.push(site.key);
      }
    }
  });
  return {
    listing: await ownListingView(ctx, await ownListing(ctx, userId, listingId)),
    applied_to: appliedTo,
    changed,
  };
}

/** The admin review feed: every edit with its before/after, newest first. */
export async function recentChanges(ctx: Context, opts: { limit: number; sinceId?: number }) {
  let query = ctx.db
    .selectFrom('listing_versions as v')
    .innerJoin('listings as l', 'l.id', 'v.listing_id')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.created_at', 'v.changes', 'v.reason', 'v.by_admin', 'l.slug', 'l.name', 'u.email'])
    .orderBy('v.id', 'desc')
    .limit(opts.limit);
  if (opts.sinceId) query = query.where('v.id', '>', opts.sinceId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    listing: r.slug,
    name: r.name,
    by: r.email,
    by_admin: Number(r.by_admin) === 1,
    reason: r.reason,
    changes: JSON.parse(r.changes) as Changes,
  }));
}
