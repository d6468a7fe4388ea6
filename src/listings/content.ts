// What makers add to their own listings besides the profile fields: updates
// (followers are told), milestones and the founder story. Ownership is checked
// by the caller through ownListing (another user's listing is 404).
import { z } from 'zod';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
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
 * Posts an update and tells every follower: a notification row each, and an
 * email through `notify` (the mail outbox) once the update is committed.
 */
export async function postListingUpdate(
  ctx: Context,
  userId: number,
  listingId: number,
  post: { title: string; body: string },
  notify: (to: string, subject: string, text: string) => Promise<void>,
): Promise<PostedUpdate> {
  const listing = await ownListing(ctx, userId, listingId);
  const now = ctx.clock.now().toISOString();
  const { posted, followers } = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('listing_updates')
      .values({ listing_id: listing.id, title: post.title, body: post.body, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const followers = await trx
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.email'])
      .where('f.listing_id', '=', listing.id)
      .where('u.id', '!=', userId)
      .execute();
    const title = `${listing.name}: ${post.title}`;
    if (followers.length > 0) {
      await trx
        .insertInto('notifications')
        .values(
          followers.map((f) => ({
            user_id: f.id,
            kind: 'listing_update',
            listing_id: listing.id,
            title,
            body: post.body,
            created_at: now,
          })),
        )
        .execute();
    }
    return {
      posted: { id: row.id, title: post.title, body: post.body, created_at: now, followers_notified: followers.length },
      followers,
    };
  });
  // Mail goes out after the commit: the outbox write is its own statement.
  const link = `${ctx.config.publicUrl}/listings/${listing.slug}`;
  for (const f of followers)
    await notify(
      f.email,
      `${listing.name}: ${post.title}`,
      `${post.body}\n\n${link}\n\nYou follow ${listing.name} on Launchboard.`,
    );
  return posted;
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
