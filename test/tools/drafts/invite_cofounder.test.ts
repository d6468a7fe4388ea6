import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../src/platform/mail.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

let bed: DraftTestBed;
beforeAll(async () => {
  bed = await draftTestBed();
});
afterAll(async () => bed?.close());

async function draft() {
  const maker = await bed.maker();
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
    expect(mail?.subject).toMatch(/invites you to add your founder profile to tallyho\.invalid on Launchboard/);
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
});
