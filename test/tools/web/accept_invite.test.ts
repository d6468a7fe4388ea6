// accept_invite as the website runs it: the invited person's profile joins
// the draft; someone else signed in is refused; a blank name is refused on
// the field with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webCaller } from '../../../src/auth/caller.js';
import { AppError } from '../../../src/errors.js';
import { latestMailTo } from '../../../src/platform/mail.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import accept_invite from '../../../tools/web/accept_invite.js';
import { draftTestBed, type DraftTestBed } from '../drafts/setup.js';
import { confirmEmail, userWithKey } from '../../helpers/users.js';
import { createUser } from '../../../src/accounts/users.js';

let bed: DraftTestBed;
let maker: Awaited<ReturnType<DraftTestBed['maker']>>;
let draftId: string;
let token: string;
beforeAll(async () => {
  bed = await draftTestBed();
  maker = await bed.maker();
  await confirmEmail(bed.ctx, maker.userId);
  draftId = (await bed.call('POST', '/drafts', maker.auth, { url: 'https://tallyho.invalid' })).body.id;
  await bed.call('POST', `/drafts/${draftId}/invites`, maker.auth, { email: 'jonas@example.com' });
  const mail = await latestMailTo(bed.ctx, 'jonas@example.com');
  token = /\/invites\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
});
afterAll(async () => bed?.close());

const accept = (userId: number, input: Record<string, unknown>) =>
  invokeTool(bed.ctx, accept_invite, { token, title: '', bio: '', ...input }, webCaller(userId));

async function refusal(userId: number, input: Record<string, unknown>): Promise<AppError> {
  try {
    await accept(userId, input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('not refused');
}

const invitedFounders = async () =>
  (await bed.call('GET', `/drafts/${draftId}`, maker.auth)).body.invited_founders as unknown[];

describe('accept_invite', () => {
  it('refuses someone else signed in, and a blank name on the field', async () => {
    const stranger = await userWithKey(bed.ctx, ['account:read']);
    expect((await refusal(stranger.userId, { name: 'Mallory' })).status).toBe(403);
    const jonas = await createUser(bed.ctx.db, { email: 'jonas@example.com', name: 'Jonas', now: bed.ctx.clock.now() });
    const blank = await refusal(jonas, { name: '  ' });
    expect(blank.errors).toEqual([{ path: 'name', message: 'Please give your name.' }]);
    expect(await invitedFounders()).toEqual([]);
  });

  it('adds the invited person’s profile', async () => {
    const jonas = (
      await bed.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'jonas@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const answer = await accept(jonas, { name: 'Jonas Berg', title: 'CTO', bio: 'Builds the engine.' });
    expect((answer.body as { founder_slug: string }).founder_slug).toMatch(/^jonas/);
    expect(await invitedFounders()).toEqual([
      expect.objectContaining({ name: 'Jonas Berg', title: 'CTO', bio: 'Builds the engine.' }),
    ]);
  });
});
