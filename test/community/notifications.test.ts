// Notifications: each event tells the right person and never the
// one who acted; votes come batched, each vote counted once across runs;
// mail follows each person's settings and carries one-click unsubscribe
// headers that survive delivery; unsubscribe tokens cannot be forged or
// turned to another person or kind.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import { sign } from '../../src/auth/site-secrets.js';
import { followListing, unfollowListing } from '../../src/community/follows.js';
import { mailSettingsOf, setMailSettings, wantingMail } from '../../src/community/notification-settings.js';
import { notify, unreadNotifications } from '../../src/community/notifications.js';
import { writeReview } from '../../src/community/reviews.js';
import {
  readUnsubscribeToken,
  unsubscribe,
  unsubscribeKey,
  unsubscribeToken,
} from '../../src/community/unsubscribe.js';
import { runVoteDigest, VOTE_DIGEST_SETTLE_MS } from '../../src/community/vote-digest.js';
import { castVote, withdrawVote } from '../../src/community/votes.js';
import { postListingUpdate } from '../../src/listings/content.js';
import { fulfilLine, LATE_FULFILMENT_MS, recordPayment } from '../../src/orders/fulfilment.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { outboxHeaders, sendMail } from '../../src/platform/mail.js';
import { jobHandlers } from '../../src/scheduler.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { paidLine } from '../helpers/orders.js';
import { fakeSmtp } from '../helpers/smtp.js';
import { confirmEmail } from '../helpers/users.js';

let ctx: TestContext;
let n = 0;
async function person(name = `Person ${n + 1}`) {
  n += 1;
  const email = `person${n}@example.com`;
  const id = await createUser(ctx.db, { email, name, now: ctx.clock.now() });
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
  return { id, email };
}

const notesOf = (userId: number) =>
  ctx.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'listing_id', 'link'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const mailTo = (email: string) =>
  ctx.db.selectFrom('outbox').selectAll().where('to', '=', email).orderBy('id').execute();

beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('notify', () => {
  it('mails only confirmed addresses; the bell tells everyone', async () => {
    n += 1;
    const email = `unconfirmed${n}@example.com`;
    const id = await createUser(ctx.db, { email, name: 'Unconfirmed', now: ctx.clock.now() });
    const result = await notify(ctx, [
      { userId: id, kind: 'review', listingId: null, title: 'A review', body: 'Good' },
    ]);
    expect(result).toEqual({ notified: 1, mailed: 0 });
    expect(await mailTo(email)).toEqual([]);
    await confirmEmail(ctx, id);
    await notify(ctx, [{ userId: id, kind: 'review', listingId: null, title: 'Another review', body: 'Fine' }]);
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['Review: Another review']);
  });

  it("opens every subject with our words, never with someone's display name (N9)", async () => {
    n += 1;
    const email = `subject${n}@example.com`;
    const id = await createUser(ctx.db, { email, name: 'Subject', now: ctx.clock.now() });
    await confirmEmail(ctx, id);
    const title = 'Launchboard Security: your listing is suspended, verify at https://evil.example/v commented on Acme';
    await notify(ctx, [{ userId: id, kind: 'comment', listingId: null, title, body: 'x' }]);
    const [mail] = await mailTo(email);
    expect(mail!.subject.startsWith('Comment: ')).toBe(true);
  });

  it('never tells a person of their own action, and keeps only links on this site', async () => {
    const a = await person();
    const b = await person();
    const result = await notify(ctx, [
      { userId: a.id, kind: 'comment', listingId: null, title: 'mine', body: '', actorId: a.id },
      {
        userId: b.id,
        kind: 'comment',
        listingId: null,
        title: 'theirs',
        body: '',
        actorId: a.id,
        link: '//evil.example',
      },
      { userId: b.id, kind: 'reply', listingId: null, title: 'reply', body: '', link: '/listings/x#comment-1' },
    ]);
    expect(result.notified).toBe(2);
    expect(await notesOf(a.id)).toEqual([]);
    expect(await notesOf(b.id)).toMatchObject([
      { title: 'theirs', link: null },
      { title: 'reply', link: '/listings/x#comment-1' },
    ]);
  });

  it('keeps the call the comments use: kind, user, listing, title and body', async () => {
    const owner = await person();
    const listingId = await given(ctx).listing({ slug: 'discussed', fields: { owner_id: owner.id } });
    await notify(ctx, [{ userId: owner.id, kind: 'comment', listingId, title: 'New comment', body: 'Nice' }]);
    const [mail] = await mailTo(owner.email);
    expect(mail.text).toContain('http://localhost:3000/listings/discussed');
  });
});

describe('events', () => {
  it('a new review tells the owner (not the reviewer), once: editing it tells nobody again', async () => {
    const owner = await person();
    const reviewer = await person('Rita <b>');
    const listingId = await given(ctx).listing({ fields: { owner_id: owner.id, name: 'Reviewed' } });
    await writeReview(ctx, { userId: reviewer.id, listingId, rating: 4, body: 'Solid.' });
    await writeReview(ctx, { userId: reviewer.id, listingId, rating: 5, body: 'Even better.' });
    expect(await notesOf(owner.id)).toEqual([
      {
        kind: 'review',
        title: 'Rita <b> reviewed Reviewed: 4 of 5 stars',
        body: 'Solid.',
        listing_id: listingId,
        link: null,
      },
    ]);
    expect(await notesOf(reviewer.id)).toEqual([]);
    expect(await mailTo(owner.email)).toHaveLength(1);
  });

  it('a follow tells the owner once while unread, never the owner following their own listing', async () => {
    const owner = await person();
    const fan = await person();
    const listingId = await given(ctx).listing({ fields: { owner_id: owner.id, name: 'Followed' } });
    await followListing(ctx, { userId: owner.id, listingId });
    expect(await notesOf(owner.id)).toEqual([]);
    await followListing(ctx, { userId: fan.id, listingId });
    await unfollowListing(ctx, { userId: fan.id, listingId });
    await followListing(ctx, { userId: fan.id, listingId });
    expect(await notesOf(owner.id)).toMatchObject([{ kind: 'follow', title: 'Followed has a new follower' }]);
    expect(await notesOf(fan.id)).toEqual([]);
  });

  it('a listing update tells its followers (not the maker) and mails only those who want it', async () => {
    const maker = await person();
    const keen = await person();
    const quiet = await person();
    const listingId = await given(ctx).listing({ fields: { owner_id: maker.id, name: 'Updated' } });
    for (const who of [maker, keen, quiet]) await followListing(ctx, { userId: who.id, listingId });
    await setMailSettings(ctx, quiet.id, { listing_update: false });
    const posted = await postListingUpdate(ctx, maker.id, listingId, { title: 'v2', body: 'Out now.' });
    expect(posted.followers_notified).toBe(2);
    expect(await notesOf(keen.id)).toMatchObject([{ kind: 'listing_update', title: 'Updated: v2' }]);
    expect(await notesOf(quiet.id)).toMatchObject([{ kind: 'listing_update', title: 'Updated: v2' }]);
    expect((await mailTo(keen.email)).map((m) => m.subject)).toEqual(['Update: Updated: v2']);
    expect(await mailTo(quiet.email)).toEqual([]);
    expect((await notesOf(maker.id)).filter((x) => x.kind === 'listing_update')).toEqual([]);
  });

  /** A pending order of one billboard line for the buyer's listing, and its payment report. */
  async function pendingOrder(buyerId: number) {
    const listingId = await given(ctx).listing({ fields: { owner_id: buyerId } });
    const orderId = await paidLine(ctx, {
      userId: buyerId,
      listingId,
      product: 'billboard',
      amountCents: 1000,
      fulfilled: false,
    });
    await ctx.db.updateTable('orders').set({ status: 'pending', paid_at: null }).where('id', '=', orderId).execute();
    const { number } = await ctx.db
      .selectFrom('orders')
      .select('number')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const line = await ctx.db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const report = {
      provider: 'test',
      providerRef: null,
      amountCents: 1000,
      currency: 'usd',
      eventId: `evt-${orderId}`,
    };
    return { orderId, number, lineId: line.id, report };
  }

  it('a paid order tells its buyer on the bell once; the receipt is its mail', async () => {
    const buyer = await person();
    const order = await pendingOrder(buyer.id);
    expect(await recordPayment(ctx, order.orderId, order.report)).toBe('paid');
    expect(await recordPayment(ctx, order.orderId, order.report)).toBe('duplicate');
    expect(await notesOf(buyer.id)).toEqual([
      expect.objectContaining({
        kind: 'order',
        title: `Order ${order.number} is paid`,
        link: `/my/orders/${order.number}`,
      }),
    ]);
    // Applied at once: the bell says so, and no second mail follows the receipt.
    await fulfilLine(ctx, order.lineId);
    await fulfilLine(ctx, order.lineId);
    expect((await notesOf(buyer.id)).map((x) => x.title)).toEqual([
      `Order ${order.number} is paid`,
      `Order ${order.number} is applied`,
    ]);
    expect(await mailTo(buyer.email)).toEqual([]);
  });

  it('an order applied late is mailed to its buyer, unless they turned order mail off', async () => {
    const buyer = await person();
    const quiet = await person();
    await setMailSettings(ctx, quiet.id, { order: false });
    const orders = [await pendingOrder(buyer.id), await pendingOrder(quiet.id)];
    for (const o of orders) await recordPayment(ctx, o.orderId, o.report);
    ctx.clock.advance(LATE_FULFILMENT_MS);
    for (const o of orders) await fulfilLine(ctx, o.lineId);
    const mails = await mailTo(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Order: Order ${orders[0].number} is applied`]);
    expect(mails[0].text).toContain(`/my/orders/${orders[0].number}`);
    expect(await mailTo(quiet.email)).toEqual([]);
    expect((await notesOf(quiet.id)).map((x) => x.title)).toContain(`Order ${orders[1].number} is applied`);
  });
});

describe('the vote digest', () => {
  const later = () => ctx.clock.advance(VOTE_DIGEST_SETTLE_MS + 1000);

  it('tells the maker of new votes per listing, counting each person once across runs', async () => {
    const maker = await person();
    const listingId = await given(ctx).listing({ fields: { owner_id: maker.id, name: 'Voted' } });
    const other = await given(ctx).listing({ fields: { owner_id: maker.id, name: 'Also voted' } });
    const [v1, v2, v3, v4] = [await person(), await person(), await person(), await person()];
    await runVoteDigest(ctx);
    const votesOf = async () => (await notesOf(maker.id)).filter((x) => x.kind === 'vote').map((x) => x.title);

    for (const v of [v1, v2, v3]) await castVote(ctx, { userId: v.id, listingId });
    await castVote(ctx, { userId: v1.id, listingId: other });
    await castVote(ctx, { userId: v4.id, listingId });
    await withdrawVote(ctx, { userId: v4.id, listingId }); // taken back before the run: not news
    // Too fresh: waits for the next run.
    expect(await runVoteDigest(ctx)).toEqual({ listings: 0, votes: 0 });
    later();
    expect(await runVoteDigest(ctx)).toEqual({ listings: 2, votes: 4 });
    expect((await votesOf()).sort()).toEqual(['1 new vote on Also voted', '3 new votes on Voted']);

    // Nothing new: nothing told. Taking a vote back and casting it again is not a new vote.
    later();
    expect(await runVoteDigest(ctx)).toEqual({ listings: 0, votes: 0 });
    await withdrawVote(ctx, { userId: v1.id, listingId });
    await castVote(ctx, { userId: v1.id, listingId });
    await castVote(ctx, { userId: v4.id, listingId });
    later();
    expect(await runVoteDigest(ctx)).toEqual({ listings: 1, votes: 1 });
    expect(await votesOf()).toContain('1 new vote on Voted');
    // The progress lives in the database: a fresh run (another process, after a restart) starts after it.
    const cursor = await ctx.db
      .selectFrom('job_cursors')
      .selectAll()
      .where('name', '=', 'vote_digest')
      .executeTakeFirstOrThrow();
    expect(cursor.last_id).toBeGreaterThan(0);
    expect(await runVoteDigest(ctx)).toEqual({ listings: 0, votes: 0 });
    // Vote mail is off unless chosen.
    expect((await mailTo(maker.email)).filter((m) => m.subject.includes('vote'))).toEqual([]);
  });

  it('runs as the hourly job and mails the maker who chose vote mail', async () => {
    const maker = await person();
    await setMailSettings(ctx, maker.id, { vote: true });
    const listingId = await given(ctx).listing({ fields: { owner_id: maker.id, name: 'Hourly' } });
    await castVote(ctx, { userId: (await person()).id, listingId });
    await ctx.db
      .insertInto('jobs')
      .values({
        kind: 'vote_digest',
        payload: '{}',
        status: 'queued',
        max_attempts: 5,
        run_at: ctx.clock.now().toISOString(),
        created_at: ctx.clock.now().toISOString(),
        updated_at: ctx.clock.now().toISOString(),
      })
      .execute();
    later();
    await runDueJobs(ctx, jobHandlers, 'test-worker');
    expect((await mailTo(maker.email)).map((m) => m.subject)).toEqual(['Votes: 1 new vote on Hourly']);
    const next = await ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'vote_digest')
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
  });
});

describe('mail settings', () => {
  it('start from the defaults: votes off, everything else on', async () => {
    const p = await person();
    expect(await mailSettingsOf(ctx, p.id)).toEqual({
      listing_update: true,
      vote: false,
      review: true,
      comment: true,
      reply: true,
      follow: true,
      order: true,
    });
    await setMailSettings(ctx, p.id, { review: false, vote: true });
    await setMailSettings(ctx, p.id, { review: true, ...({ nonsense: false } as object) });
    expect(await mailSettingsOf(ctx, p.id)).toMatchObject({ review: true, vote: true });
    expect([...(await wantingMail(ctx, [p.id], 'vote'))]).toEqual([p.id]);
  });
});

describe('activity mail', () => {
  it('carries the unsubscribe link in its text and the one-click headers', async () => {
    const owner = await person();
    await notify(ctx, [{ userId: owner.id, kind: 'follow', listingId: null, title: 'Hello', body: 'Body' }]);
    const [mail] = await mailTo(owner.email);
    const headers = outboxHeaders(mail);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(http:\/\/localhost:3000\/unsubscribe\?token=[^>]+)>$/.exec(headers['List-Unsubscribe'])?.[1];
    expect(url).toBeTruthy();
    expect(mail.text).toContain(url!);
    expect(mail.text).toContain('http://localhost:3000/account/notifications/settings');
    const token = new URL(url!).searchParams.get('token');
    expect(await readUnsubscribeToken(ctx, token)).toEqual({ userId: owner.id, kind: 'follow' });
  });

  it('transactional mail has no unsubscribe headers', async () => {
    const id = await sendMail(ctx, { to: 'reset@example.com', subject: 'Reset', text: 'Link' });
    const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.headers).toBeNull();
    expect(outboxHeaders(row)).toEqual({});
  });
});

describe('unsubscribe tokens', () => {
  it("turn off that person's mail of that kind only", async () => {
    const p = await person();
    const key = await unsubscribeKey(ctx);
    expect(await unsubscribe(ctx, unsubscribeToken(key, p.id, 'review'))).toEqual({ kind: 'review' });
    expect(await mailSettingsOf(ctx, p.id)).toMatchObject({ review: false, comment: true });
    await notify(ctx, [{ userId: p.id, kind: 'review', listingId: null, title: 'Quiet', body: '' }]);
    expect(await mailTo(p.email)).toEqual([]);
    expect(await unreadNotifications(ctx, p.id)).toBe(1);
  });

  it('refuse tokens tampered with, for another person or kind, signed with another key, or malformed', async () => {
    const victim = await person();
    const attacker = await person();
    const key = await unsubscribeKey(ctx);
    const own = unsubscribeToken(key, attacker.id, 'review');
    const sig = own.split('.')[3];
    const forged = [
      `u1.${victim.id}.review.${sig}`, // another person, same signature
      `u1.${attacker.id}.comment.${sig}`, // another kind
      `u1.${victim.id}.review.${sign('another-secret', 'unsubscribe', [victim.id, 'review'])}`,
      `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`,
      `u1.${victim.id}.review.`,
      `u1.${victim.id}.nonsense.${sign(key, 'unsubscribe', [victim.id, 'nonsense'])}`,
      `u1.999999.review.${sign(key, 'unsubscribe', [999999, 'review'])}`, // nobody
      '<script>alert(1)</script>',
      'x'.repeat(5000),
      '',
      null,
      ['a'],
    ];
    for (const token of forged) expect(await unsubscribe(ctx, token)).toBeNull();
    expect(await mailSettingsOf(ctx, victim.id)).toMatchObject({ review: true, comment: true });
    expect(await mailSettingsOf(ctx, attacker.id)).toMatchObject({ review: true, comment: true });
  });
});

describe('delivery over SMTP', () => {
  it('sends the List-Unsubscribe headers with the message', async () => {
    const received: string[] = [];
    const smtp = fakeSmtp(received);
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.address() as AddressInfo).port;
    const smtpCtx = await testContext({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Launchboard <no-reply@example.com>',
    });
    try {
      const id = await createUser(smtpCtx.db, { email: 'maker@example.com', name: 'M', now: smtpCtx.clock.now() });
      await confirmEmail(smtpCtx, id);
      await notify(smtpCtx, [{ userId: id, kind: 'review', listingId: null, title: 'A review', body: 'Good' }]);
      await sendMail(smtpCtx, { to: 'maker@example.com', subject: 'Reset your password', text: 'Link' });
      await runDueJobs(smtpCtx, jobHandlers, 'test-worker');
      expect(received).toHaveLength(2);
      const activity = received.find((m) => m.includes('Subject: Review: A review'))!;
      // Long headers are folded (RFC 5322): a line break and a space continue a header.
      const unfolded = activity.replace(/\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=u1\.[^>]+>$/m);
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const reset = received.find((m) => m.includes('Subject: Reset your password'))!;
      expect(reset).not.toMatch(/List-Unsubscribe/);
    } finally {
      await smtpCtx.close();
      await new Promise((r) => smtp.close(r));
    }
  });
});
