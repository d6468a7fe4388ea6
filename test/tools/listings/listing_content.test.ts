// post_listing_update, add_milestone, delete_milestone, set_founder_story and
// answer_interview through REST (and one over MCP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import add_milestone from '../../../tools/listings/add_milestone.js';
import answer_interview from '../../../tools/listings/answer_interview.js';
import delete_milestone from '../../../tools/listings/delete_milestone.js';
import post_listing_update from '../../../tools/listings/post_listing_update.js';
import set_founder_story from '../../../tools/listings/set_founder_story.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';

let ctx: TestContext;
let server: TestServer;
let maker: Awaited<ReturnType<typeof userWithKey>>;
let other: Awaited<ReturnType<typeof userWithKey>>;
let mine: number;
let theirs: number;
beforeAll(async () => {
  ctx = await testContext();
  maker = await userWithKey(ctx, ['listings:write']);
  other = await userWithKey(ctx, ['listings:write']);
  const g = given(ctx);
  mine = await g.listing({ slug: 'mine', fields: { owner_id: maker.userId, name: 'Mine' } });
  theirs = await g.listing({ slug: 'theirs', fields: { owner_id: other.userId } });
  await ctx.db.insertInto('follows').values({ listing_id: mine, user_id: other.userId, created_at: ctx.clock.now().toISOString() }).execute();
  await ctx.db.insertInto('interview_questions').values([{ position: 1, question: 'Why?', active: 1 }, { position: 2, question: 'Old?', active: 0 }]).execute();
  server = await startServer(ctx, [post_listing_update, add_milestone, delete_milestone, set_founder_story, answer_interview]);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const call = (method: string, path: string, body?: unknown, as = maker) =>
  fetch(`${server.url}/api/v1${path}`, { method, headers: { 'content-type': 'application/json', ...as.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('post_listing_update', () => {
  it('answers 201 and tells every follower by notification and email', async () => {
    const res = await call('POST', `/me/listings/${mine}/updates`, { title: 'Dark mode', body: 'It is here.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Dark mode', followers_notified: 1 });
    const note = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', other.userId).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ kind: 'listing_update', listing_id: mine, title: 'Mine: Dark mode' });
    const mail = await ctx.db.selectFrom('outbox').selectAll().where('to', '=', other.email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Mine: Dark mode');
  });

  it('refuses a title over 200 characters and another maker\'s listing', async () => {
    expect((await call('POST', `/me/listings/${mine}/updates`, { title: 'x'.repeat(201), body: 'b' })).status).toBe(400);
    expect((await call('POST', `/me/listings/${theirs}/updates`, { title: 't', body: 'b' })).status).toBe(404);
  });
});

describe('milestones', () => {
  it('adds (201) and deletes a milestone; another listing\'s milestone is 404', async () => {
    const res = await call('POST', `/me/listings/${mine}/milestones`, { date: '2026-03-01', title: 'Beta', url: 'https://mine.example/beta' });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const foreign = await ctx.db.insertInto('milestones').values({ listing_id: theirs, date: '2026-01-01', title: 'T', description: null, url: null, created_at: ctx.clock.now().toISOString() }).returning('id').executeTakeFirstOrThrow();
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${foreign.id}`)).status).toBe(404);
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/me/listings/${mine}/milestones/${id}`)).status).toBe(404);
  });

  it.each([
    [{ date: '2026-02-30', title: 'x' }, 'date'],
    [{ date: '2026-01-01', title: 'x', url: 'http://insecure.example' }, 'url'],
    [{ date: '2026-01-01', title: 'x'.repeat(201) }, 'title'],
  ])('refuses %j naming %s', async (body, path) => {
    const res = await call('POST', `/me/listings/${mine}/milestones`, body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe(path);
  });
});

describe('set_founder_story', () => {
  it('replaces the story; sections not sent are cleared', async () => {
    await call('PUT', `/me/listings/${mine}/story`, { title: 'Why', story: 'Long story', lessons: 'Ship' });
    const res = await call('PUT', `/me/listings/${mine}/story`, { title: 'Why 2', story: 'Shorter' });
    expect(await res.json()).toMatchObject({ title: 'Why 2', story: 'Shorter', lessons: null });
    expect((await call('PUT', `/me/listings/${mine}/story`, { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await call('PUT', `/me/listings/${mine}/story`, { problem: 'x'.repeat(8001) })).status).toBe(400);
  });
});

describe('answer_interview', () => {
  it('saves and replaces answers; unknown or retired questions are a 400 naming them', async () => {
    const [active, retired] = await ctx.db.selectFrom('interview_questions').select('id').orderBy('position').execute();
    await call('PUT', '/me/interview', { answers: [{ question_id: active!.id, answer: 'First' }] });
    const res = await call('PUT', '/me/interview', { answers: [{ question_id: active!.id, answer: 'Because' }] });
    expect((await res.json()).items).toEqual([expect.objectContaining({ question: 'Why?', answer: 'Because' })]);
    const bad = await call('PUT', '/me/interview', { answers: [{ question_id: active!.id, answer: 'ok' }, { question_id: retired!.id, answer: 'no' }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('answers.1.question_id');
  });

  it('works over MCP', async () => {
    const client = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, maker.auth);
    try {
      expect((await client.callTool('answer_interview', { answers: [{ question_id: 999, answer: 'x' }] })).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
