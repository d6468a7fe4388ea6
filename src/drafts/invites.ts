// invite_cofounder: a maker invites up to 10 co-founders per draft by email.
// Only a confirmed account invites, at most DAILY_INVITES a day over all its
// drafts, and the subject carries no maker-written text: the mail is not a
// channel for someone else's message.
// Each invite carries a single-use link (only its SHA-256 hash is stored);
// inviting the same address again re-sends a fresh link without using up
// another invite. The page behind the link (sign up or in, add your founder
// profile) is src/web/invites.ts; acceptInvite below does the work.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { lockUser } from '../platform/db.js';
import { inviteCount, MAX_INVITES, ownDraft } from './drafts.js';
import { sendMail } from '../platform/mail.js';

export const inviteResult = z.object({
  email: z.string(),
  created_at: z.string(),
  resent: z.boolean().describe('True when this address had been invited before'),
  invites_sent: z.number().int(),
  invites_left: z.number().int(),
});
export type InviteResult = z.infer<typeof inviteResult>;

export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Invites (new or sent again) one account may send in 24 hours, over all its drafts. */
export const DAILY_INVITES = 20;
const DAY_MS = 24 * 3600_000;

export async function inviteCofounder(
  ctx: Context,
  userId: number,
  draftId: string,
  rawEmail: string,
): Promise<InviteResult> {
  const email = rawEmail.trim().toLowerCase();
  const inviter = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (inviter.email.toLowerCase() === email) {
    throw new AppError('invalid', 'You cannot invite yourself; add your own profile with update_draft founders.', {
      errors: [{ path: 'email', message: 'is your own address' }],
    });
  }
  const now = ctx.clock.now().toISOString();
  const token = randomBytes(32).toString('base64url');
  const { result, mail } = await ctx.db.transaction().execute(async (trx) => {
    const draft = await ownDraft(ctx, trx, userId, draftId, { lock: true });
    if (!inviter.email_verified_at) {
      throw new AppError(
        'forbidden',
        'Confirm your email address before inviting co-founders (the link is in your sign-up mail).',
      );
    }
    // The daily count spans all the person's drafts: concurrent invites to several drafts wait for each other.
    await lockUser(trx, ctx.dialect, userId);
    const since = new Date(ctx.clock.now().getTime() - DAY_MS).toISOString();
    const today = await trx
      .selectFrom('draft_invites as i')
      .innerJoin('drafts as d', 'd.id', 'i.draft_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.user_id', '=', userId)
      .where('i.created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(today.n) >= DAILY_INVITES) {
      throw new AppError(
        'rate_limited',
        `You have sent ${DAILY_INVITES} invites in the last 24 hours, the most allowed; try again tomorrow.`,
        {
          headers: { 'Retry-After': String(3600) },
        },
      );
    }
    const existing = await trx
      .selectFrom('draft_invites')
      .select('id')
      .where('draft_id', '=', draft.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('draft_invites')
        .set({ token_hash: inviteTokenHash(token), created_at: now })
        .where('id', '=', existing.id)
        .execute();
    } else {
      if ((await inviteCount(trx, draft.id)) >= MAX_INVITES) {
        throw new AppError('conflict', `This draft already has ${MAX_INVITES} invites, the most allowed.`);
      }
      await trx
        .insertInto('draft_invites')
        .values({
          draft_id: draft.id,
          email,
          token_hash: inviteTokenHash(token),
          created_at: now,
          accepted_at: null,
          accepted_by: null,
        })
        .execute();
    }
    const product = typeof draft.fields.name.value === 'string' ? draft.fields.name.value : draft.domain;
    const who = inviter.name ?? inviter.email;
    const sent = await inviteCount(trx, draft.id);
    const mail = {
      to: email,
      subject: 'You are invited to add your founder profile on Launchboard',
      text:
        `${who} is listing ${product} (${draft.url}) on Launchboard and named you as a co-founder.\n\n` +
        `Open this link to sign up or sign in and add your own founder profile:\n${ctx.config.publicUrl}/invites/${token}\n\n` +
        'If you do not know this product, ignore this message.',
    };
    return {
      result: {
        email,
        created_at: now,
        resent: !!existing,
        invites_sent: sent,
        invites_left: Math.max(0, MAX_INVITES - sent),
      },
      mail,
    };
  });
  // Mailed once the invite is committed: a rolled-back invite sends nothing.
  await sendMail(ctx, mail);
  return result;
}

export interface InviteProfile {
  name: string;
  title: string | null;
  bio: string | null;
}

/** The invite behind a link, if it is still open (or already accepted by this person). */
export async function openInvite(ctx: Context, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const invite = await ctx.db
    .selectFrom('draft_invites as i')
    .innerJoin('drafts as d', 'd.id', 'i.draft_id')
    .select(['i.id', 'i.email', 'i.accepted_by', 'i.draft_id', 'd.url', 'd.domain', 'd.listing_id'])
    .where('i.token_hash', '=', inviteTokenHash(token))
    .executeTakeFirst();
  return invite ?? null;
}

/**
 * The invitee adds their own founder profile: one founders row tied to their
 * account (created or updated), shown on the draft and, once the draft is
 * submitted, on its listing. Only the invited address may accept.
 */
export async function acceptInvite(
  ctx: Context,
  token: string,
  user: { id: number; email: string },
  profile: InviteProfile,
): Promise<{ founderSlug: string }> {
  const invite = await openInvite(ctx, token);
  if (!invite)
    throw new AppError('not_found', 'This invite link is not valid (it may have been replaced by a newer one).');
  if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('forbidden', `This invite was sent to ${invite.email}; sign in with that address to accept it.`);
  }
  if (invite.accepted_by !== null && invite.accepted_by !== user.id)
    throw new AppError('conflict', 'This invite was already accepted.');
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let founder = await trx
      .selectFrom('founders')
      .select(['id', 'slug'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (founder) {
      await trx
        .updateTable('founders')
        .set({ name: profile.name, title: profile.title, bio: profile.bio, updated_at: now })
        .where('id', '=', founder.id)
        .execute();
      // Their listings are searched by founder name: the search index follows listings' updated_at.
      await trx
        .updateTable('listings')
        .set({ updated_at: now })
        .where('id', 'in', (eb) =>
          eb.selectFrom('listing_founders').select('listing_id').where('founder_id', '=', founder!.id),
        )
        .execute();
    } else {
      const base =
        profile.name
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/(^-|-$)/g, '')
          .slice(0, 60) || 'founder';
      const slug = `${base}-${user.id}`;
      founder = await trx
        .insertInto('founders')
        .values({
          user_id: user.id,
          slug,
          name: profile.name,
          title: profile.title,
          bio: profile.bio,
          country: null,
          avatar_url: null,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow();
    }
    await trx
      .updateTable('draft_invites')
      .set({ accepted_at: now, accepted_by: user.id })
      .where('id', '=', invite.id)
      .execute();
    if (invite.listing_id !== null) {
      const linked = await trx
        .selectFrom('listing_founders')
        .select('founder_id')
        .where('listing_id', '=', invite.listing_id)
        .execute();
      if (!linked.some((l) => l.founder_id === founder!.id)) {
        await trx
          .insertInto('listing_founders')
          .values({ listing_id: invite.listing_id, founder_id: founder.id, position: linked.length })
          .execute();
        await trx.updateTable('listings').set({ updated_at: now }).where('id', '=', invite.listing_id).execute();
      }
    }
    return { founderSlug: founder.slug };
  });
}
