// submit_draft: saves a draft as the caller's listing on the main site,
// status `draft` (not published), with a unique slug from its name, its
// categories (the first is primary), founders, FAQs, socials, story and
// milestones. Running it again, or editing the draft afterwards, updates the
// same listing (syncListing); edits of a submitted draft go to the listing's
// version history like any other owner edit.
import { z } from 'zod';
import type { Listing, ListingUpdate } from '../../db/schema.js';
import type { Context } from '../context.js';
import type { Db } from '../platform/db.js';
import { AppError } from '../errors.js';
import type { FieldName } from './drafter/fields.js';
import { type Draft, invitedFounders, notFoundOf, ownDraft, saveDraft } from './drafts.js';
import { STORY_SECTIONS } from '../listings/profile.js';
import { OWN_TEXT_MAX } from '../listings/my-listings.js';
import { ensureMainSite } from '../directory/sites.js';
import { logoUrlChanged } from '../media/logos.js';
import { isFoundedYear, FOUNDED_YEARS } from '../listings/founded-year.js';
import { emitListingEvent } from '../webhooks/events.js';

export type ListingPart = 'fields' | 'faqs' | 'founders' | 'company_socials' | 'story' | 'milestones' | 'seo';
const ALL_PARTS: ListingPart[] = ['fields', 'faqs', 'founders', 'company_socials', 'story', 'milestones', 'seo'];

/** A slug for `text`: lowercase ASCII letters, digits and hyphens (SPEC Part 2 "Slug"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}

async function uniqueSlug(trx: Db, table: 'listings' | 'founders', wanted: string, fallback: string): Promise<string> {
  const base = slugify(wanted) || slugify(fallback) || 'listing';
  for (let n = 1; n < 100; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await trx.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst();
    if (!taken) return slug;
  }
  return `${base}-${Date.now().toString(36)}`;
}

export const submitWarning = z.object({
  field: z.string().describe('The draft field'),
  message: z.string().describe('What the listing did not keep, and why'),
});
/** A value of the draft the listing did not keep (or kept only in part). */
export type SubmitWarning = z.infer<typeof submitWarning>;

const text = (draft: Draft, f: FieldName): string | null => {
  const v = draft.fields[f].value;
  return typeof v === 'string' ? v : null;
};
const list = (draft: Draft, f: FieldName): string[] => {
  const v = draft.fields[f].value;
  return Array.isArray(v) ? v : [];
};

/** Draft text fields whose listing column keeps less than the draft's 500 characters (SPEC Part 2). */
export const CUT_TO_FIT = ['tagline', 'short_description', 'pricing_model', 'pricing_summary', 'city'] as const;

/**
 * `value` cut to `max` characters: at the last word that fits, with an
 * ellipsis (at a hard cut when the last word is too long to leave out).
 */
export function cutToFit(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never half a character
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * The listing columns a draft's fields (and SEO) give. Where the listing
 * keeps less than the draft allows, the value is cut or dropped, and
 * `warnings` says so: nothing is lost silently.
 */
function listingColumns(draft: Draft, parts: Set<ListingPart>, warnings: SubmitWarning[]) {
  const columns: ListingUpdate = {};
  if (parts.has('fields')) {
    const fitted = (f: (typeof CUT_TO_FIT)[number]): string | null => {
      const value = text(draft, f);
      const max = OWN_TEXT_MAX[f];
      if (value === null || value.length <= max) return value;
      warnings.push({
        field: f,
        message: `${value.length} characters; a listing keeps ${max}, so it was cut to fit. Shorten it with update_draft`,
      });
      return cutToFit(value, max);
    };
    const rawYear = text(draft, 'founded_year')?.trim() || null;
    const year = Number(rawYear);
    const founded = rawYear !== null && isFoundedYear(year) ? year : null;
    if (rawYear !== null && founded === null)
      warnings.push({
        field: 'founded_year',
        message: `"${rawYear}" is not a year ${FOUNDED_YEARS.min}-${FOUNDED_YEARS.max}; left out`,
      });
    const rawCountry = text(draft, 'country')?.trim() || null;
    const country = rawCountry && /^[A-Za-z]{2}$/.test(rawCountry) ? rawCountry.toUpperCase() : null;
    if (rawCountry !== null && country === null)
      warnings.push({ field: 'country', message: `"${rawCountry}" is not a two-letter country code; left out` });
    const rawEmail = text(draft, 'contact_email');
    const emailFits = rawEmail === null || rawEmail.length <= OWN_TEXT_MAX.contact_email;
    if (!emailFits)
      warnings.push({
        field: 'contact_email',
        message: `longer than an address can be (${OWN_TEXT_MAX.contact_email} characters); left out`,
      });
    Object.assign(columns, {
      name: (text(draft, 'name') ?? draft.domain).slice(0, 500),
      tagline: fitted('tagline'),
      short_description: fitted('short_description'),
      description: text(draft, 'description'),
      stage: text(draft, 'stage'),
      pricing_model: fitted('pricing_model'),
      pricing_summary: fitted('pricing_summary'),
      country,
      city: fitted('city'),
      founded_year: founded,
      contact_email: emailFits ? rawEmail : null,
      demo_video_url: text(draft, 'demo_video_url'),
      logo_url: text(draft, 'logo_url'),
      features: JSON.stringify(list(draft, 'features')),
      usps: JSON.stringify(list(draft, 'usps')),
      keywords: JSON.stringify(list(draft, 'keywords')),
      tags: JSON.stringify(list(draft, 'tags')),
      not_found: JSON.stringify(notFoundOf(draft)),
    });
  }
  if (parts.has('seo'))
    Object.assign(columns, { seo_title: draft.seo.title ?? null, seo_description: draft.seo.meta ?? null });
  return columns;
}

async function writeCategories(
  trx: Db,
  listing: Pick<Listing, 'id' | 'plan'>,
  names: string[],
  warnings: SubmitWarning[] = [],
): Promise<void> {
  const rows = names.length > 0 ? await trx.selectFrom('categories').select(['id', 'name']).execute() : [];
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  const unknown = names.filter((n) => !byName.has(n.toLowerCase()));
  if (unknown.length > 0)
    warnings.push({
      field: 'categories',
      message: `not categories of this site (list_categories): ${unknown.join(', ')}`,
    });
  // One primary category; paid listings may have up to 3 more (SPEC Part 2).
  // Each category once, by name whatever its case, in the maker's order.
  const known = [
    ...new Map(names.filter((n) => byName.has(n.toLowerCase())).map((n) => [n.toLowerCase(), n])).values(),
  ];
  const limit = listing.plan === 'paid' ? 4 : 1;
  if (known.length > limit) {
    warnings.push({
      field: 'categories',
      message:
        limit === 1
          ? `a free listing keeps one category (${known[0]}); ${known.slice(1).join(', ')} ${known.length === 2 ? 'is' : 'are'} left out: a paid launch adds up to 3 more (their slugs as categories of quote_order's launch item)`
          : `a listing keeps at most 4 categories; ${known.slice(4).join(', ')} left out`,
    });
  }
  const ids = [...new Set(known.map((n) => byName.get(n.toLowerCase())!))].slice(0, limit);
  await trx.deleteFrom('listing_categories').where('listing_id', '=', listing.id).execute();
  if (ids.length > 0)
    await trx
      .insertInto('listing_categories')
      .values(
        ids.map((category_id, position) => ({
          listing_id: listing.id,
          category_id,
          is_primary: position === 0 ? 1 : 0,
          position,
        })),
      )
      .execute();
}

async function writeFounders(ctx: Context, trx: Db, listingId: number, draft: Draft): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const linked = await trx
    .selectFrom('listing_founders as lf')
    .innerJoin('founders as f', 'f.id', 'lf.founder_id')
    .select(['f.id', 'f.user_id'])
    .where('lf.listing_id', '=', listingId)
    .orderBy('lf.position')
    .execute();
  await trx.deleteFrom('listing_founders').where('listing_id', '=', listingId).execute();
  // Profiles made from the draft (no account) are replaced; people who joined with an account stay.
  for (const f of linked.filter((l) => l.user_id === null)) {
    const elsewhere = await trx
      .selectFrom('listing_founders')
      .select('listing_id')
      .where('founder_id', '=', f.id)
      .executeTakeFirst();
    if (!elsewhere) await trx.deleteFrom('founders').where('id', '=', f.id).execute();
  }
  const ids: number[] = [];
  for (const [i, f] of draft.founders.entries()) {
    const slug = await uniqueSlug(trx, 'founders', f.name, 'founder');
    const socials = i === 0 ? draft.founder_socials : {};
    const row = await trx
      .insertInto('founders')
      .values({
        user_id: null,
        slug,
        name: f.name,
        title: f.title,
        bio: f.bio,
        country: null,
        avatar_url: f.avatar_url ?? null,
        socials: JSON.stringify(socials),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  // People who joined with an account: kept, and co-founders who accepted an invite to this draft.
  for (const id of [
    ...linked.filter((l) => l.user_id !== null).map((l) => l.id),
    ...(await invitedFounders(trx, draft.id)).map((f) => f.id),
  ]) {
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > 0)
    await trx
      .insertInto('listing_founders')
      .values(ids.map((founder_id, position) => ({ listing_id: listingId, founder_id, position })))
      .execute();
}

async function writeCollections(
  ctx: Context,
  trx: Db,
  listingId: number,
  draft: Draft,
  parts: Set<ListingPart>,
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  if (parts.has('faqs')) {
    await trx.deleteFrom('listing_faqs').where('listing_id', '=', listingId).execute();
    if (draft.faqs.length > 0)
      await trx
        .insertInto('listing_faqs')
        .values(
          draft.faqs.map((f, position) => ({
            listing_id: listingId,
            position,
            question: f.question,
            answer: f.answer,
          })),
        )
        .execute();
  }
  if (parts.has('company_socials')) {
    const socials = { website: draft.url, ...draft.company_socials };
    await trx.deleteFrom('listing_socials').where('listing_id', '=', listingId).execute();
    await trx
      .insertInto('listing_socials')
      .values(Object.entries(socials).map(([platform, url]) => ({ listing_id: listingId, platform, url })))
      .execute();
  }
  if (parts.has('founders')) await writeFounders(ctx, trx, listingId, draft);
  if (parts.has('story')) {
    await trx.deleteFrom('stories').where('listing_id', '=', listingId).execute();
    if (Object.values(draft.story).some((s) => s?.trim())) {
      const sections = Object.fromEntries(STORY_SECTIONS.map((s) => [s, draft.story[s] ?? null])) as Record<
        (typeof STORY_SECTIONS)[number],
        string | null
      >;
      await trx
        .insertInto('stories')
        .values({ listing_id: listingId, ...sections, updated_at: now })
        .execute();
    }
  }
  if (parts.has('milestones')) {
    await trx.deleteFrom('milestones').where('listing_id', '=', listingId).execute();
    if (draft.milestones.length > 0) {
      await trx
        .insertInto('milestones')
        .values(
          draft.milestones.map((m) => ({
            listing_id: listingId,
            date: m.date,
            title: m.title,
            description: m.description,
            url: m.url,
            created_at: now,
          })),
        )
        .execute();
    }
  }
}

/** Writes the named parts of a submitted draft to its listing, recording the change in the listing's history. */
export async function syncListing(
  ctx: Context,
  trx: Db,
  draft: Draft,
  parts: Set<ListingPart>,
  userId: number,
): Promise<SubmitWarning[]> {
  const warnings: SubmitWarning[] = [];
  const listing = await trx
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', draft.listing_id!)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (!listing) return warnings;
  const now = ctx.clock.now().toISOString();
  const columns = listingColumns(draft, parts, warnings);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(columns)) {
    const before = listing[key as keyof Listing];
    if (String(before ?? '') !== String(after ?? '')) changes[key] = { before, after };
  }
  for (const part of parts)
    if (part !== 'fields' && part !== 'seo') changes[part] = { before: null, after: 'replaced from the draft' };
  await trx
    .updateTable('listings')
    .set({ ...columns, updated_at: now })
    .where('id', '=', listing.id)
    .execute();
  // A new logo link is copied to our side in the background (media/logos.ts).
  if (changes.logo_url) await logoUrlChanged({ ...ctx, db: trx }, listing.id, columns.logo_url ?? null);
  if (parts.has('fields')) await writeCategories(trx, listing, list(draft, 'categories'), warnings);
  await writeCollections(ctx, trx, listing.id, draft, parts);
  if (Object.keys(changes).length > 0) {
    await trx
      .insertInto('listing_versions')
      .values({ listing_id: listing.id, user_id: userId, changes: JSON.stringify(changes), created_at: now })
      .execute();
  }
  return warnings;
}

export const submitted = z.object({
  listing_id: z.number().int(),
  slug: z.string(),
  status: z.string().describe('The listing status (draft until published)'),
  created: z.boolean().describe('False when an earlier submission was updated'),
  warnings: z
    .array(submitWarning)
    .describe('Draft values the listing did not keep, and why (empty when it kept everything)'),
});
/** What submit_draft answers, plus the submitted draft for the service's callers (never sent to clients). */
export type Submitted = z.infer<typeof submitted> & { draft: Draft };

export async function submitDraft(ctx: Context, userId: number, draftId: string): Promise<Submitted> {
  const siteId = await ensureMainSite(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const draft = await ownDraft(ctx, trx, userId, draftId, { lock: true });
    if (draft.status === 'crawling' || draft.status === 'drafting') {
      throw new AppError(
        'conflict',
        `The draft is still ${draft.status}. Poll get_draft until its status is ready, then submit.`,
      );
    }
    if (!text(draft, 'name')) {
      throw new AppError('conflict', 'The draft has no name yet. Set fields.name with update_draft, then submit.');
    }
    const existing = draft.listing_id
      ? await trx
          .selectFrom('listings')
          .select(['id', 'slug', 'status'])
          .where('id', '=', draft.listing_id)
          .where('owner_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (existing) {
      const warnings = await syncListing(ctx, trx, draft, new Set(ALL_PARTS), userId);
      return { draft, listing_id: existing.id, slug: existing.slug, status: existing.status, created: false, warnings };
    }
    const now = ctx.clock.now().toISOString();
    const name = text(draft, 'name')!;
    const slug = await uniqueSlug(trx, 'listings', name, draft.domain);
    const row = await trx
      .insertInto('listings')
      .values({
        site_id: siteId,
        owner_id: userId,
        company_key: draft.domain,
        slug,
        name,
        url: draft.url,
        domain: draft.domain,
        status: 'draft',
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'plan'])
      .executeTakeFirstOrThrow();
    const parts = new Set(ALL_PARTS);
    const warnings: SubmitWarning[] = [];
    const columns = listingColumns(draft, parts, warnings);
    await trx
      .updateTable('listings')
      .set({ ...columns, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    if (columns.logo_url) await logoUrlChanged({ ...ctx, db: trx }, row.id, columns.logo_url);
    await writeCategories(trx, { id: row.id, plan: row.plan }, list(draft, 'categories'), warnings);
    await writeCollections(ctx, trx, row.id, draft, parts);
    draft.listing_id = row.id;
    draft.updated_at = now;
    await saveDraft(trx, draft);
    await emitListingEvent({ ...ctx, db: trx }, 'listing.submitted', row.id);
    return { draft, listing_id: row.id, slug, status: 'draft', created: true, warnings };
  });
}
