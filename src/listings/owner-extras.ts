// What a listing's owner sees on its management page besides get_my_listing:
// the sections the public profile leaves out until they are unlocked
// (milestones, founder story, demo video and screenshots), why the logo
// could not be copied, the edit history kept in
// listing_versions, and the sites the same company is listed on (where
// `apply_to` can send the site fields). Ownership is checked as everywhere:
// another user's listing is 404.
import type { Context } from '../context.js';
import { parseJsonText } from '../platform/json-text.js';
import { ownListing } from './my-listings.js';
import { STORY_SECTIONS, type StorySection } from './profile.js';
import { type Screenshot, screenshotsOf } from '../media/screenshots.js';

/** One saved edit: when, each field's value before and after, and whether the site team made it (and why). */
export interface ListingVersion {
  id: number;
  at: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  by_admin: boolean;
  /** The site team's reason; null for the owner's own edits. */
  reason: string | null;
}

export interface OwnerExtras {
  demo_video_url: string | null;
  /** The screenshot gallery, shown publicly once the media section is unlocked. */
  screenshots: Screenshot[];
  /** Why the logo link could not be copied (null: it was, or is still queued, or there is none). */
  logo_error: string | null;
  /** The draft this listing was submitted from (where its logo link is edited), if any. */
  draft_id: string | null;
  milestones: { id: number; date: string; title: string; description: string | null; url: string | null }[];
  story: (Record<StorySection, string | null> & { updated_at: string }) | null;
  /** Site keys where the owner has a listing of the same company (targets of `apply_to`). */
  sibling_sites: string[];
  /** The newest edits first, at most `historyLimit`. */
  history: ListingVersion[];
}

export async function ownerExtras(
  ctx: Context,
  userId: number,
  listingId: number,
  opts: { historyLimit?: number } = {},
): Promise<OwnerExtras> {
  const listing = await ownListing(ctx, userId, listingId);
  const [milestones, story, siblings, versions, screenshots, draft] = await Promise.all([
    ctx.db
      .selectFrom('milestones')
      .select(['id', 'date', 'title', 'description', 'url'])
      .where('listing_id', '=', listing.id)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    ctx.db.selectFrom('stories').selectAll().where('listing_id', '=', listing.id).executeTakeFirst(),
    ctx.db
      .selectFrom('listings as l')
      .innerJoin('sites as s', 's.id', 'l.site_id')
      .select('s.key')
      .where('l.company_key', '=', listing.company_key)
      .where('l.owner_id', '=', userId)
      .where('l.id', '!=', listing.id)
      .orderBy('s.key')
      .execute(),
    ctx.db
      .selectFrom('listing_versions')
      .select(['id', 'created_at', 'changes', 'by_admin', 'reason'])
      .where('listing_id', '=', listing.id)
      .orderBy('id', 'desc')
      .limit(opts.historyLimit ?? 50)
      .execute(),
    screenshotsOf(ctx, listing.id),
    ctx.db
      .selectFrom('drafts')
      .select('id')
      .where('listing_id', '=', listing.id)
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .executeTakeFirst(),
  ]);
  return {
    demo_video_url: listing.demo_video_url,
    screenshots,
    logo_error: listing.logo_url ? listing.logo_error : null,
    draft_id: draft?.id ?? null,
    milestones,
    story: story
      ? {
          ...(Object.fromEntries(STORY_SECTIONS.map((s) => [s, story[s]])) as Record<StorySection, string | null>),
          updated_at: story.updated_at,
        }
      : null,
    sibling_sites: [...new Set(siblings.map((s) => s.key))],
    history: versions.map((v) => ({
      id: v.id,
      at: v.created_at,
      changes: parseJsonText<ListingVersion['changes']>(v.changes, {}),
      by_admin: Number(v.by_admin) === 1,
      reason: v.reason,
    })),
  };
}
