// The discussion's rules: who may comment, one level of replies, makers
// marked, the edit window, link and rate limits, hiding, reports and
// notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/accounts/users.js';
import {
  COMMENT_BODY_MAX,
  commentLinks,
  editComment,
  listingThreads,
  postComment,
  setCommentHidden,
} from '../../src/community/comments.js';
import { fileReport, reportQueue, resolveReportsAbout } from '../../src/community/reports.js';
import { AppError } from '../../src/errors.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
async function person(opts: { confirmed?: boolean; name?: string } = {}): Promise<number> {
  n += 1;
  const id = await createUser(ctx.db, {
    email: `person${n}@example.com`,
    name: opts.name ?? `Person ${n}`,
    now: ctx.clock.now(),
  });
  if (opts.confirmed !== false)
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: ctx.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  return id;
}

async function listing(owner: number | null = null, status = 'live') {
  const id = await given(ctx).listing({ status, fields: { owner_id: owner, name: 'Gizmo' } });
  return { id, owner_id: owner };
}

const thread = async (l: { id: number; owner_id: number | null }, page = { page: 1, per_page: 20 }) =>
  listingThreads(ctx, l, page);

const rejects = async (p: Promise<unknown>, kind: string, path?: string) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).kind).toBe(kind);
  if (path) expect((err as AppError).errors[0]?.path).toBe(path);
  return err as AppError;
};

const commentCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('who may comment', () => {
  it('takes comments from confirmed accounts on live listings only', async () => {
    const l = await listing();
    const unconfirmed = await person({ confirmed: false });
    const before = await commentCount();
    await rejects(postComment(ctx, { userId: unconfirmed, listingId: l.id, body: 'Hello' }), 'forbidden');
    const upcoming = await listing(null, 'scheduled');
    await rejects(postComment(ctx, { userId: await person(), listingId: upcoming.id, body: 'Hello' }), 'not_found');
    expect(await commentCount()).toBe(before);
  });

  it("lets the listing's makers comment on their own listing, marked as makers", async () => {
    const owner = await person({ name: 'Olga Owner' });
    const cofounder = await person({ name: 'Cora Cofounder' });
    const visitor = await person({ name: 'Vic Visitor' });
    const l = await listing(owner);
    const founder = await ctx.db
      .insertInto('founders')
      .values({
        user_id: cofounder,
        slug: `cora-${cofounder}`,
        name: 'Cora',
        title: null,
        bio: null,
        country: null,
        avatar_url: null,
        created_at: ctx.clock.now().toISOString(),
        updated_at: ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('listing_founders').values({ listing_id: l.id, founder_id: founder.id }).execute();

    const question = await postComment(ctx, { userId: visitor, listingId: l.id, body: 'Does it work offline?' });
    await postComment(ctx, { userId: owner, listingId: l.id, parentId: question.id, body: 'Yes, fully.' });
    await postComment(ctx, { userId: cofounder, listingId: l.id, parentId: question.id, body: 'And it syncs later.' });

    const [t] = (await thread(l)).items;
    expect(t).toMatchObject({ author: 'Vic Visitor', is_maker: false, body: 'Does it work offline?' });
    expect(t!.replies.map((r) => [r.author, r.is_maker])).toEqual([
      ['Olga Owner', true],
      ['Cora Cofounder', true],
    ]);
  });
});

describe('the text of a comment', () => {
  it('is trimmed, 1 to 2000 characters, and refused whole otherwise, naming the field', async () => {
    const l = await listing();
    const writer = await person();
    const before = await commentCount();
    await rejects(postComment(ctx, { userId: writer, listingId: l.id, body: '   \n ' }), 'invalid', 'body');
    const long = await rejects(
      postComment(ctx, { userId: writer, listingId: l.id, body: 'x'.repeat(COMMENT_BODY_MAX + 1) }),
      'invalid',
      'body',
    );
    expect(long.message).toContain(`${COMMENT_BODY_MAX} characters`);
    await rejects(postComment(ctx, { userId: writer, listingId: l.id, body: 'bad \u0000 byte' }), 'invalid', 'body');
    expect(await commentCount()).toBe(before);

    await postComment(ctx, { userId: writer, listingId: l.id, body: `  ${'y'.repeat(COMMENT_BODY_MAX)}  ` });
    expect((await thread(l)).items[0]!.body).toBe('y'.repeat(COMMENT_BODY_MAX));
  });

  it('carries at most two links', async () => {
    const l = await listing();
    const writer = await person();
    const three = 'See https://a.example, http://b.example/x and https://c.example.';
    const err = await rejects(postComment(ctx, { userId: writer, listingId: l.id, body: three }), 'invalid', 'body');
    expect(err.message).toContain('at most 2 links');
    await postComment(ctx, { userId: writer, listingId: l.id, body: 'See https://a.example and https://b.example.' });
    // Other schemes are not links, and do not count.
    await postComment(ctx, {
      userId: writer,
      listingId: l.id,
      body: 'javascript:alert(1) ftp://c.example https://a.example https://b.example',
    });
    expect((await thread(l)).total).toBe(2);
  });

  it('finds links without the punctuation around them', () => {
    expect(commentLinks('Docs (https://x.example/a_(b)), then https://y.example/q?x=1.').map((l) => l.url)).toEqual([
      'https://x.example/a_(b)',
      'https://y.example/q?x=1',
    ]);
  });
});

describe('threads', () => {
  it('keeps one level of replies: a reply to a reply joins the top-level thread', async () => {
    const l = await listing();
    const [a, b, c] = [await person(), await person(), await person()];
    const top = await postComment(ctx, { userId: a, listingId: l.id, body: 'Top' });
    const reply = await postComment(ctx, { userId: b, listingId: l.id, parentId: top.id, body: 'Reply' });
    const deeper = await postComment(ctx, { userId: c, listingId: l.id, parentId: reply.id, body: 'Reply to reply' });
    expect(deeper.threadId).toBe(top.id);
    const row = await ctx.db
      .selectFrom('comments')
      .select('parent_id')
      .where('id', '=', deeper.id)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(top.id);
    const { items } = await thread(l);
    expect(items).toHaveLength(1);
    expect(items[0]!.replies.map((r) => r.body)).toEqual(['Reply', 'Reply to reply']);
  });

  it('refuses a reply to a comment of another listing, or a hidden one', async () => {
    const [l1, l2] = [await listing(), await listing()];
    const writer = await person();
    const elsewhere = await postComment(ctx, { userId: writer, listingId: l2.id, body: 'Elsewhere' });
    await rejects(
      postComment(ctx, { userId: writer, listingId: l1.id, parentId: elsewhere.id, body: 'x' }),
      'not_found',
    );
    const admin = await person();
    await setCommentHidden(ctx, { commentId: elsewhere.id, adminId: admin, hidden: true, reason: 'spam' });
    await rejects(
      postComment(ctx, { userId: writer, listingId: l2.id, parentId: elsewhere.id, body: 'x' }),
      'not_found',
    );
  });

  it('shows top-level comments newest first and replies oldest first, a page at a time', async () => {
    const l = await listing();
    const writer = await person();
    const ids: number[] = [];
    for (const body of ['first', 'second', 'third']) {
      ids.push((await postComment(ctx, { userId: writer, listingId: l.id, body })).id);
      ctx.clock.advance(61_000);
    }
    for (const body of ['r1', 'r2']) {
      await postComment(ctx, { userId: writer, listingId: l.id, parentId: ids[0], body });
      ctx.clock.advance(61_000);
    }
    const page1 = await thread(l, { page: 1, per_page: 2 });
    expect(page1).toMatchObject({ total: 3, comments: 5 });
    expect(page1.items.map((t) => t.body)).toEqual(['third', 'second']);
    const page2 = await thread(l, { page: 2, per_page: 2 });
    expect(page2.items.map((t) => [t.body, t.replies.map((r) => r.body)])).toEqual([['first', ['r1', 'r2']]]);
  });
});

describe('editing', () => {
  it('lets the author change a comment for 15 minutes, marking it edited', async () => {
    const l = await listing();
    const [author, other] = [await person(), await person()];
    const posted = await postComment(ctx, { userId: author, listingId: l.id, body: 'Frist' });
    await rejects(editComment(ctx, { userId: other, commentId: posted.id, body: 'Mine now' }), 'forbidden');
    await rejects(editComment(ctx, { userId: author, commentId: posted.id, body: '' }), 'invalid', 'body');

    ctx.clock.advance(10 * 60_000);
    const edited = await editComment(ctx, { userId: author, commentId: posted.id, body: 'First' });
    expect(edited.listingSlug).toMatch(/^listing-/);
    const [t] = (await thread(l)).items;
    expect(t).toMatchObject({ body: 'First', edited_at: ctx.clock.now().toISOString() });

    ctx.clock.advance(5 * 60_000 + 1);
    const late = await rejects(editComment(ctx, { userId: author, commentId: posted.id, body: 'Later' }), 'conflict');
    expect(late.message).toContain('15 minutes');
    expect((await thread(l)).items[0]!.body).toBe('First');
  });
});

describe('limits against spam', () => {
  it('takes at most 5 comments a minute and 50 a day from one person', async () => {
    const l = await listing();
    const writer = await person();
    for (let i = 0; i < 5; i++) await postComment(ctx, { userId: writer, listingId: l.id, body: `c${i}` });
    const err = await rejects(postComment(ctx, { userId: writer, listingId: l.id, body: 'one more' }), 'rate_limited');
    expect(err.headers['Retry-After']).toBe('60');
    // Someone else is not held back.
    await postComment(ctx, { userId: await person(), listingId: l.id, body: 'me too' });

    for (let i = 5; i < 50; i++) {
      if (i % 5 === 0) ctx.clock.advance(61_000);
      await postComment(ctx, { userId: writer, listingId: l.id, body: `c${i}` });
    }
    ctx.clock.advance(61_000);
    const daily = await rejects(
      postComment(ctx, { userId: writer, listingId: l.id, body: 'fifty-one' }),
      'rate_limited',
    );
    expect(daily.message).toContain('24 hours');
    ctx.clock.advance(24 * 3600_000);
    await postComment(ctx, { userId: writer, listingId: l.id, body: 'the next day' });
  });

  it('holds under posts sent all at once: ten together, five posted', async () => {
    const l = await listing();
    const writer = await person();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => postComment(ctx, { userId: writer, listingId: l.id, body: `burst ${i}` })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect(((o as PromiseRejectedResult).reason as AppError).kind).toBe('rate_limited');
    expect((await thread(l)).comments).toBe(5);
  });
});

describe('hiding', () => {
  it('keeps a hidden comment with replies as a placeholder and leaves out the rest', async () => {
    const l = await listing();
    const [a, b, admin] = [await person(), await person(), await person()];
    const withReplies = await postComment(ctx, { userId: a, listingId: l.id, body: 'Rude words' });
    const reply = await postComment(ctx, { userId: b, listingId: l.id, parentId: withReplies.id, body: 'Be nice' });
    const spamReply = await postComment(ctx, { userId: a, listingId: l.id, parentId: withReplies.id, body: 'Buy now' });
    const alone = await postComment(ctx, { userId: a, listingId: l.id, body: 'Spam alone' });

    await rejects(
      setCommentHidden(ctx, { commentId: alone.id, adminId: admin, hidden: true, reason: ' ' }),
      'invalid',
      'reason',
    );
    for (const id of [withReplies.id, spamReply.id, alone.id])
      await setCommentHidden(ctx, { commentId: id, adminId: admin, hidden: true, reason: 'Breaks the rules' });

    const view = await thread(l);
    expect(view).toMatchObject({ total: 1, comments: 1 });
    expect(view.items[0]).toMatchObject({ id: withReplies.id, hidden: true, author: null, body: null, user_id: null });
    expect(view.items[0]!.replies.map((r) => r.id)).toEqual([reply.id]);

    // Without its visible reply the placeholder goes too.
    await setCommentHidden(ctx, { commentId: reply.id, adminId: admin, hidden: true, reason: 'Thread removed' });
    expect(await thread(l)).toMatchObject({ items: [], total: 0, comments: 0 });

    await setCommentHidden(ctx, { commentId: alone.id, adminId: admin, hidden: false });
    expect((await thread(l)).items.map((t) => t.body)).toEqual(['Spam alone']);
    await rejects(editComment(ctx, { userId: a, commentId: withReplies.id, body: 'Sorry' }), 'conflict');
    await rejects(setCommentHidden(ctx, { commentId: 999_999, adminId: admin, hidden: false }), 'not_found');
  });
});

describe('reports and notifications', () => {
  it('files a report of a comment into the moderation queue, resolved when the comment is hidden', async () => {
    const l = await listing();
    const [writer, reporter, admin] = [await person(), await person(), await person()];
    const c = await postComment(ctx, { userId: writer, listingId: l.id, body: 'Visit my casino' });
    const id = await fileReport(ctx, {
      reporterId: reporter,
      targetKind: 'comment',
      targetId: c.id,
      reason: 'spam',
      details: '',
    });
    const open = await reportQueue(ctx, { status: 'open', limit: 100 });
    expect(open.find((r) => r.id === id)).toMatchObject({
      target_kind: 'comment',
      target_id: c.id,
      comment: { body: 'Visit my casino', hidden: false },
    });
    await rejects(
      fileReport(ctx, { reporterId: reporter, targetKind: 'comment', targetId: 999_999, reason: 'spam', details: '' }),
      'not_found',
    );
    await setCommentHidden(ctx, { commentId: c.id, adminId: admin, hidden: true, reason: 'Spam' });
    expect(await resolveReportsAbout(ctx, { targetKind: 'comment', targetId: c.id, adminId: admin })).toBe(1);
    const resolved = await reportQueue(ctx, { status: 'resolved', limit: 100 });
    expect(resolved.find((r) => r.id === id)?.comment).toEqual({ body: 'Visit my casino', hidden: true });
  });

  it('tells the owner of a comment and the author of a reply, never the writer themself', async () => {
    const owner = await person({ name: 'Olga' });
    const l = await listing(owner);
    const [asker, helper] = [await person({ name: 'Ann' }), await person({ name: 'Hal' })];
    const notes = async (userId: number) =>
      (
        await ctx.db
          .selectFrom('notifications')
          .select(['kind', 'title', 'body'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((x) => [x.kind, x.title]);

    const q = await postComment(ctx, { userId: asker, listingId: l.id, body: 'How much is it?' });
    await postComment(ctx, { userId: owner, listingId: l.id, parentId: q.id, body: 'Free for now.' });
    await postComment(ctx, { userId: helper, listingId: l.id, parentId: q.id, body: 'It is free.' });
    await postComment(ctx, { userId: asker, listingId: l.id, parentId: q.id, body: 'Thanks!' });

    expect(await notes(owner)).toEqual([
      ['comment', 'Ann commented on Gizmo'],
      ['comment', 'Hal commented on Gizmo'],
      ['comment', 'Ann commented on Gizmo'],
    ]);
    expect(await notes(asker)).toEqual([
      ['reply', 'Olga replied to your comment on Gizmo'],
      ['reply', 'Hal replied to your comment on Gizmo'],
    ]);
    expect(await notes(helper)).toEqual([]);
  });
});
