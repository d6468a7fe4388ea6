import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../src/platform/mail.js';
import { confirmEmail } from '../../helpers/users.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

let bed: DraftTestBed;
beforeAll(async () => {
  bed = await draftTestBed();
});
afterAll(async () => bed?.close());

/** A confirmed maker (only confirmed accounts invite) and a new draft of theirs. */
async function draft(maker?: Awaited<ReturnType<DraftTestBed['maker']>>) {
  maker ??= await bed.maker();
  await confirmEmail(bed.ctx, maker.userId);
  const { body } = await bed.call('POST', '/drafts', maker.auth, { url: 'https://tallyho.invalid' });
  return { id: body.id as string, maker };
}

describe('invite_cofounder', () => {
  it('answers 201 and mails a single-use link; only its hash is stored', async () => {
    const { id, maker } = await draft();
    const res = await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: 'Jonas@Tallyho.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'jonas@tallyho.example', resent: false, invites_sent: 1, invites_left: 9 });
    const mail = await latestMailTo(bed.ctx, 'jonas@tallyho.example');
    expect(mail?.subject).toBe('You are invited to add your founder profile on Launchboard');
    expect(mail?.text).toContain('tallyho.invalid');
    const token = /\/invites\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const row = await bed.ctx.db
      .selectFrom('draft_invites')
      .selectAll()
      .where('draft_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const { body } = await bed.call('GET', `/drafts/${id}`, maker.auth);
    expect(body.invites).toEqual({ sent: 1, left: 9 });
  });

  it('allows at most 10 invites per draft; inviting an address again re-sends without using one', async () => {
    const { id, maker } = await draft();
    for (let i = 1; i <= 10; i++)
      expect(
        (await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: `co${i}@example.com` })).status,
      ).toBe(201);
    const again = await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: 'co3@example.com' });
    expect(again.body).toMatchObject({ resent: true, invites_sent: 10, invites_left: 0 });
    const eleventh = await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: 'co11@example.com' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toMatch(/10 invites/);
  });

  it("refuses a bad address, your own address, and another user's draft", async () => {
    const { id, maker } = await draft();
    const bad = await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('email');
    expect(
      (await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: `${'a'.repeat(250)}@x.io` })).status,
    ).toBe(400);
    const self = await bed.call('POST', `/drafts/${id}/invites`, maker.auth, { email: maker.email });
    expect(self.status).toBe(400);
    const stranger = await bed.maker();
    expect((await bed.call('POST', `/drafts/${id}/invites`, stranger.auth, { email: 'x@example.com' })).status).toBe(
      404,
    );
    expect(
      (
        await bed.call('POST', `/drafts/${id}/invites`, (await bed.maker(['account:read'])).auth, {
          email: 'x@example.com',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses an account whose email is not confirmed, and mails nothing', async () => {
    const maker = await bed.maker();
    const { body } = await bed.call('POST', '/drafts', maker.auth, { url: 'https://unconfirmed.invalid' });
    const res = await bed.call('POST', `/drafts/${body.id}/invites`, maker.auth, { email: 'victim@example.com' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/Confirm your email/);
    expect(await latestMailTo(bed.ctx, 'victim@example.com')).toBeUndefined();
  });

  it('allows an account at most 20 invites a day over all its drafts, and keeps maker text out of the subject', async () => {
    const first = await draft();
    const drafts = [first.id, (await draft(first.maker)).id, (await draft(first.maker)).id];
    await bed.call('PATCH', `/drafts/${drafts[0]}`, first.maker.auth, {
      fields: { name: 'URGENT: your account is locked - verify now at https://evil.example/verify' },
    });
    for (let i = 0; i < 20; i++) {
      const res = await bed.call('POST', `/drafts/${drafts[i % 3]}/invites`, first.maker.auth, {
        email: `daily${i}@example.com`,
      });
      expect(res.status).toBe(201);
    }
    const subjects = await bed.ctx.db.selectFrom('outbox').select('subject').where('to', 'like', 'daily%').execute();
    expect(subjects.every((m) => !/URGENT|evil/.test(m.subject))).toBe(true);
    const over = await bed.call('POST', `/drafts/${drafts[1]}/invites`, first.maker.auth, {
      email: 'daily20@example.com',
    });
    expect(over.status).toBe(429);
    expect(await latestMailTo(bed.ctx, 'daily20@example.com')).toBeUndefined();
    bed.ctx.clock.advance(24 * 3600_000 + 1000);
    expect(
      (await bed.call('POST', `/drafts/${drafts[1]}/invites`, first.maker.auth, { email: 'daily20@example.com' }))
        .status,
    ).toBe(201);
  });

  it('holds the daily limit under invites sent all at once to several drafts: 27 together, 20 sent', async () => {
    const first = await draft();
    const drafts = [first.id, (await draft(first.maker)).id, (await draft(first.maker)).id];
    const answers = await Promise.all(
      Array.from({ length: 27 }, (_, i) =>
        bed.call('POST', `/drafts/${drafts[i % 3]}/invites`, first.maker.auth, { email: `burst${i}@example.com` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429 || s === 409)).toBe(true);
    const sent = await bed.ctx.db.selectFrom('outbox').select('to').where('to', 'like', 'burst%').execute();
    expect(sent).toHaveLength(20);
  });
});
