// invite_cofounder: a maker invites up to 10 co-founders per draft by email.
// Each invite carries a single-use link (only its SHA-256 hash is stored);
// inviting the same address again re-sends a fresh link without using up
// another invite. The page behind the link (sign up or in, add your founder
// profile) is a later piece of work; the invite rows are ready for it.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { inviteCount, MAX_INVITES, ownDraft } from './drafts.js';
import { sendMail } from './mail.js';

export interface InviteResult {
  email: string;
  created_at: string;
  resent: boolean;
  invites_sent: number;
  invites_left: number;
}

export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function inviteCofounder(ctx: Context, userId: number, draftId: string, rawEmail: string): Promise<InviteResult> {
  const email = rawEmail.trim().toLowerCase();
  const inviter = await ctx.db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (inviter.email.toLowerCase() === email) {
    throw new AppError('invalid', 'You cannot invite yourself; add your own profile with update_draft founders.', { errors: [{ path: 'email', message: 'is your own address' }] });
  }
  const now = ctx.clock.now().toISOString();
  const token = randomBytes(32).toString('base64url');
  const { result, mail } = await ctx.db.transaction().execute(async (trx) => {
    const draft = await ownDraft(ctx, trx, userId, draftId, { lock: true });
    const existing = await trx.selectFrom('draft_invites').select('id').where('draft_id', '=', draft.id).where('email', '=', email).executeTakeFirst();
    if (existing) {
      await trx.updateTable('draft_invites').set({ token_hash: inviteTokenHash(token), created_at: now }).where('id', '=', existing.id).execute();
    } else {
      if ((await inviteCount(trx, draft.id)) >= MAX_INVITES) {
        throw new AppError('conflict', `This draft already has ${MAX_INVITES} invites, the most allowed.`);
      }
      await trx.insertInto('draft_invites').values({ draft_id: draft.id, email, token_hash: inviteTokenHash(token), created_at: now, accepted_at: null, accepted_by: null }).execute();
    }
    const product = typeof draft.fields.name.value === 'string' ? draft.fields.name.value : draft.domain;
    const who = inviter.name ?? inviter.email;
    const sent = await inviteCount(trx, draft.id);
    const mail = {
      to: email,
      subject: `${who} invites you to add your founder profile to ${product} on Launchboard`,
      text:
        `${who} is listing ${product} (${draft.url}) on Launchboard and named you as a co-founder.\n\n` +
        `Open this link to sign up or sign in and add your own founder profile:\n${ctx.config.publicUrl}/invites/${token}\n\n` +
        'If you do not know this product, ignore this message.',
    };
    return { result: { email, created_at: now, resent: !!existing, invites_sent: sent, invites_left: Math.max(0, MAX_INVITES - sent) }, mail };
  });
  // Mailed once the invite is committed: a rolled-back invite sends nothing.
  await sendMail(ctx, mail);
  return result;
}
