// What makers add to their own listings besides the profile fields: updates
// (followers are told through notify), milestones and the founder story. Ownership is checked
// by the caller through ownListing (another user's listing is 404).
import { z } from 'zod';
import type { Context } from '../context.js';
import { notify } from '../community/notifications.js';
import { notFound } from '../errors.js';
import { inTransaction } from '../platform/db.js';
import { STORY_SECTIONS, type StorySection } from './profile.js';
import { ownListing } from './my-listings.js';

export const postedUpdate = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  followers_notified: z.number().int(),
});
export type PostedUpdate = z.infer<typeof postedUpdate>;

/**
 * Posts an update and tells every follower but its maker (community/notifications.ts
 * `notify`: a notification each, and mail to those who want it), in the
 * transaction that posts it.
 */
export async function postListingUpdate(
  ctx: Context,
  userId: number,
  listingId: number,
  post: { title: string; body: string },
): Promise<PostedUpdate> {
  const listing = await ownListing(ctx, userId, listingId);
  const now = ctx.clock.now().toISOString();
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insertInto('listing_updates')
      .values({ listing_id: listing.id, title: post.title, body: post.body, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const followers = await tx.db
      .selectFrom('follows')
      .select('user_id')
      .where('listing_id', '=', listing.id)
      .where('user_id', '!=', userId)
      .execute();
    const { notified } = await notify(
      tx,
      followers.map((f) => ({
        userId: f.user_id,
        kind: 'listing_update' as const,
        listingId: listing.id,
        title: `${listing.name}: ${post.title}`,
        body: post.body,
        actorId: userId,
      })),
    );
    return { id: row.id, title: post.title, body: post.body, created_at: now, followers_notified: notified };
  });
}

export interface MilestoneInput {
  date: string;
  title: string;
  description?: string;
  url?: string;
}

export async function addMilestone(ctx: Context, userId: number, listingId: number, m: MilestoneInput) {
  const listing = await ownListing(ctx, userId, listingId);
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('milestones')
    .values({
      listing_id: listing.id,
      date: m.date,
      title: m.title,
      description: m.description ?? null,
      url: m.url ?? null,
      created_at: now,
    })
    .returning(['id', 'date', 'title', 'description', 'url', 'created_at'])
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('listings').set({ updated_at: now }).where('id', '=', listing.id).execute();
  return row;
}

export async function deleteMilestone(
  ctx: Context,
  userId: number,
  listingId: number,
  milestoneId: number,
): Promise<void> {
  const listing = await ownListing(ctx, userId, listingId);
  const result = await ctx.db
    .deleteFrom('milestones')
    .where('id', '=', milestoneId)
    .where('listing_id', '=', listing.id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(`Listing ${listingId} has no milestone ${milestoneId}.`);
  await ctx.db
    .updateTable('listings')
    .set({ updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', listing.id)
    .execute();
}

export type StoryInput = Partial<Record<StorySection, string>>;

/** Replaces the founder story (PUT): sections not sent are cleared. */
export async function setFounderStory(ctx: Context, userId: number, listingId: number, story: StoryInput) {
  const listing = await ownListing(ctx, userId, listingId);
  const now = ctx.clock.now().toISOString();
  const sections = Object.fromEntries(STORY_SECTIONS.map((s) => [s, story[s] ?? null])) as Record<
    StorySection,
    string | null
  >;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stories').where('listing_id', '=', listing.id).execute();
    await trx
      .insertInto('stories')
      .values({ listing_id: listing.id, ...sections, updated_at: now })
      .execute();
    await trx.updateTable('listings').set({ updated_at: now }).where('id', '=', listing.id).execute();
  });
  return { ...sections, updated_at: now };
}
