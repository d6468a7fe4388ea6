// The site team's hand on listings: find any listing in any status, hide one
// and bring it back, and edit its public fields as its owner could. Hiding
// sets status `hidden`, which every public read already leaves out (they
// read `live` and `scheduled` only: pages, search, feeds, sitemap, boards,
// the API), and remembers the status it returns to. Every change goes into
// the listing's history with the admin and their reason, and the owner is
// mailed what happened and why.
import { type SqlBool, sql } from 'kysely';
import type { Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { mondayOf } from '../launches/weeks.js';
import { containsPattern, type Db, type PageRequest, pageWithTotal } from '../platform/db.js';
import { parseJsonText } from '../platform/json-text.js';
import { sendMail } from '../platform/mail.js';
import { applyEdit, type Changes, type OwnFields, recordVersion } from './my-listings.js';

export const HIDDEN = 'hidden';

/** Statuses an admin can filter by (ARCHITECTURE §5, plus `hidden`). */
export const LISTING_STATUSES = [
  'draft',
  'awaiting_badge',
  'scheduled',
  'live',
  HIDDEN,
  'rejected',
  'archived',
] as const;

export interface AdminListingRow {
  id: number;
  slug: string;
  name: string;
  domain: string;
  status: string;
  owner: string | null;
  votes: number;
  updated_at: string;
}

/** Listings whose name, slug or domain contains `q`, optionally of one status; newest change first. */
export async function adminListings(
  ctx: Context,
  args: { q?: string; status?: string } & PageRequest,
): Promise<{ items: AdminListingRow[]; total: number }> {
  const q = args.q?.trim() ?? '';
  let filtered = ctx.db.selectFrom('listings as l').leftJoin('users as u', 'u.id', 'l.owner_id');
  if (q) {
    const pattern = containsPattern(q);
    filtered = filtered.where((eb) =>
      eb.or(
        ['l.name', 'l.slug', 'l.domain'].map(
          (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  if (args.status) filtered = filtered.where('l.status', '=', args.status);
  const { rows, total } = await pageWithTotal(
    filtered,
    (query) =>
      query
        .select(['l.id', 'l.slug', 'l.name', 'l.domain', 'l.status', 'l.votes_count', 'l.updated_at', 'u.email'])
        .orderBy('l.updated_at', 'desc')
        .orderBy('l.id', 'desc'),
    args,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      domain: r.domain,
      status: r.status,
      owner: r.email,
      votes: Number(r.votes_count),
      updated_at: r.updated_at,
    })),
    total,
  };
}

export interface AdminHistoryEntry {
  id: number;
  at: string;
  by: string | null;
  by_admin: boolean;
  reason: string | null;
  changes: Changes;
}

export interface AdminListing {
  listing: Listing;
  owner: { id: number; email: string } | null;
  history: AdminHistoryEntry[];
}

export async function adminListing(
  ctx: Context,
  listingId: number,
  opts: { historyLimit?: number } = {},
): Promise<AdminListing> {
  const listing = await ctx.db.selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirst();
  if (!listing) throw notFound(`There is no listing ${listingId}.`);
  const [owner, versions] = await Promise.all([
    listing.owner_id === null
      ? undefined
      : ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', listing.owner_id).executeTakeFirst(),
    ctx.db
      .selectFrom('listing_versions as v')
      .leftJoin('users as u', 'u.id', 'v.user_id')
      .select(['v.id', 'v.created_at', 'v.changes', 'v.by_admin', 'v.reason', 'u.email'])
      .where('v.listing_id', '=', listingId)
      .orderBy('v.id', 'desc')
      .limit(opts.historyLimit ?? 50)
      .execute(),
  ]);
  return {
    listing,
    owner: owner ?? null,
    history: versions.map((v) => ({
      id: v.id,
      at: v.created_at,
      by: v.email,
      by_admin: Number(v.by_admin) === 1,
      reason: v.reason,
      changes: parseJsonText<Changes>(v.changes, {}),
    })),
  };
}

async function listingForUpdate(trx: Db, listingId: number): Promise<Listing> {
  const listing = await trx.selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirst();
  if (!listing) throw notFound(`There is no listing ${listingId}.`);
  return listing;
}

/** Mails the listing's owner (if it has one) what the site team did and why. */
async function tellOwner(ctx: Context, listing: Listing, subject: string, what: string, reason: string) {
  if (listing.owner_id === null) return;
  const owner = await ctx.db.selectFrom('users').select('email').where('id', '=', listing.owner_id).executeTakeFirst();
  if (!owner) return;
  await sendMail(ctx, {
    to: owner.email,
    subject,
    text: `${what}\n\nThe site team's reason:\n\n${reason}\n\nThe change is in your listing's version history:\n\n${ctx.config.publicUrl}/my/listings/${listing.id}#history\n\nReply to this message if you have questions.\n`,
  });
}

/**
 * Hides a listing from every public read. It keeps its votes, follows and
 * orders; its owner still sees and edits it. Conflict when hidden already.
 */
export async function hideListing(
  ctx: Context,
  args: { listingId: number; adminId: number; reason: string },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const listing = await ctx.db.transaction().execute(async (trx) => {
    const listing = await listingForUpdate(trx, args.listingId);
    if (listing.status === HIDDEN) throw new AppError('conflict', `${listing.name} is hidden already.`);
    await trx
      .updateTable('listings')
      .set({
        status: HIDDEN,
        hidden_status: listing.status,
        hidden_at: now,
        hidden_reason: args.reason,
        hidden_by: args.adminId,
        updated_at: now,
      })
      .where('id', '=', listing.id)
      .execute();
    await recordVersion(trx, listing.id, args.adminId, { status: { before: listing.status, after: HIDDEN } }, now, {
      reason: args.reason,
    });
    return listing;
  });
  ctx.logger.info({ adminId: args.adminId, listingId: listing.id }, 'listing hidden');
  await tellOwner(
    ctx,
    listing,
    `Your listing ${listing.name} was hidden`,
    `The site team hid your listing ${listing.name}: it no longer shows on the site, in search or through the API. You can still see and edit it.`,
    args.reason,
  );
}

/**
 * Shows a hidden listing again, in the status it had. A scheduled launch
 * whose week began while it was hidden goes live at once, as the weekly
 * rollover would have made it.
 */
export async function unhideListing(
  ctx: Context,
  args: { listingId: number; adminId: number; reason: string },
): Promise<string> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const { listing, status } = await ctx.db.transaction().execute(async (trx) => {
    const listing = await listingForUpdate(trx, args.listingId);
    if (listing.status !== HIDDEN) throw new AppError('conflict', `${listing.name} is not hidden.`);
    let status = listing.hidden_status ?? 'draft';
    let launchedAt = listing.launched_at;
    if (status === 'scheduled' && listing.launch_week !== null && listing.launch_week <= mondayOf(now)) {
      status = 'live';
      launchedAt ??= `${listing.launch_week}T00:00:00.000Z`;
    }
    await trx
      .updateTable('listings')
      .set({
        status,
        launched_at: launchedAt,
        hidden_status: null,
        hidden_at: null,
        hidden_reason: null,
        hidden_by: null,
        updated_at: nowIso,
      })
      .where('id', '=', listing.id)
      .execute();
    await recordVersion(trx, listing.id, args.adminId, { status: { before: HIDDEN, after: status } }, nowIso, {
      reason: args.reason,
    });
    return { listing, status };
  });
  ctx.logger.info({ adminId: args.adminId, listingId: listing.id, status }, 'listing shown again');
  await tellOwner(
    ctx,
    listing,
    `Your listing ${listing.name} is visible again`,
    `The site team made your listing ${listing.name} visible again (status: ${status.replace(/_/g, ' ')}).`,
    args.reason,
  );
  return status;
}

/**
 * Edits a listing's own fields (the update_my_listing `fields`, already
 * validated by that tool's schema) in the owner's stead; what changed, by
 * key. Nothing changed: nothing recorded, nobody mailed.
 */
export async function adminEditListing(
  ctx: Context,
  args: { listingId: number; adminId: number; reason: string; fields: OwnFields },
): Promise<string[]> {
  const now = ctx.clock.now().toISOString();
  const { listing, changed } = await ctx.db.transaction().execute(async (trx) => {
    const listing = await listingForUpdate(trx, args.listingId);
    const changes = await applyEdit(trx, listing, { fields: args.fields }, now);
    await recordVersion(trx, listing.id, args.adminId, changes, now, { reason: args.reason });
    return { listing, changed: Object.keys(changes) };
  });
  if (changed.length === 0) return changed;
  ctx.logger.info({ adminId: args.adminId, listingId: listing.id, changed }, 'listing edited by an admin');
  await tellOwner(
    ctx,
    listing,
    `The site team edited your listing ${listing.name}`,
    `The site team changed these fields of your listing ${listing.name}: ${changed.map((k) => k.replace(/_/g, ' ')).join(', ')}.`,
    args.reason,
  );
  return changed;
}
