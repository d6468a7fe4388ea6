// answer_interview through REST (and once over MCP): answers saved on the
// caller's own founder profile; an unknown or retired question is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/listings/answer_interview.js';
import { userWithKey } from '../../helpers/users.js';
import { connectHttp } from '../../mcp/clients.js';
import { listingsTestBed, type ListingsTestBed } from './setup.js';

let bed: ListingsTestBed;
let active: number;
let retired: number;
beforeAll(async () => {
  bed = await listingsTestBed([tool]);
  await bed.ctx.db
    .insertInto('interview_questions')
    .values([
      { position: 1, question: 'Why?', active: 1 },
      { position: 2, question: 'Old?', active: 0 },
    ])
    .execute();
  [active, retired] = (
    await bed.ctx.db.selectFrom('interview_questions').select('id').orderBy('position').execute()
  ).map((q) => q.id);
});
afterAll(async () => bed?.close());

const answer = (body: unknown, as?: { auth: Record<string, string> }) => bed.call('PUT', '/me/interview', body, as);
const answersOf = (userId: number) =>
  bed.ctx.db.selectFrom('interview_answers').select(['question_id', 'answer']).where('user_id', '=', userId).execute();
const founder = () => userWithKey(bed.ctx, ['listings:write']);

describe('answer_interview', () => {
  it('saves and replaces answers; unknown or retired questions are a 400 naming them', async () => {
    await answer({ answers: [{ question_id: active, answer: 'First' }] });
    const res = await answer({ answers: [{ question_id: active, answer: 'Because' }] });
    expect((await res.json()).items).toEqual([expect.objectContaining({ question: 'Why?', answer: 'Because' })]);
    const bad = await answer({
      answers: [
        { question_id: active, answer: 'ok' },
        { question_id: retired, answer: 'no' },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('answers.1.question_id');
  });

  it('works over MCP', async () => {
    const client = await connectHttp('v2-2026-07-28', `${bed.server.url}/mcp`, bed.maker.auth);
    try {
      expect(
        (await client.callTool('answer_interview', { answers: [{ question_id: 999, answer: 'x' }] })).isError,
      ).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("keeps each founder's answers on their own profile", async () => {
    const one = await founder();
    const two = await founder();
    await answer({ answers: [{ question_id: active, answer: 'Theirs' }] }, two);
    const res = await answer({ answers: [{ question_id: active, answer: 'Mine' }] }, one);
    expect(res.status).toBe(200);
    expect((await res.json()).items.map((i: { answer: string }) => i.answer)).toEqual(['Mine']);
    expect(await answersOf(two.userId)).toEqual([{ question_id: active, answer: 'Theirs' }]);
  });

  it('refuses the whole request when one question is unknown, saving none of it', async () => {
    const one = await founder();
    const res = await answer(
      {
        answers: [
          { question_id: active, answer: 'ok' },
          { question_id: retired, answer: 'no' },
        ],
      },
      one,
    );
    expect(res.status).toBe(400);
    expect(await answersOf(one.userId)).toEqual([]);
  });

  it.each([
    ['no answers key', () => ({}), 'answers'],
    ['an empty list', () => ({ answers: [] }), 'answers'],
    [
      'an answer over 3000 characters',
      () => ({ answers: [{ question_id: active, answer: 'x'.repeat(3001) }] }),
      'answers.0.answer',
    ],
    ['an empty answer', () => ({ answers: [{ question_id: active, answer: '' }] }), 'answers.0.answer'],
    ['question id 0', () => ({ answers: [{ question_id: 0, answer: 'x' }] }), 'answers.0.question_id'],
    [
      'an unknown key in an answer',
      () => ({ answers: [{ question_id: active, answer: 'x', mood: 'happy' }] }),
      'answers.0.mood',
    ],
  ])('refuses %s with a 400 naming %s, saving nothing', async (_what, body, path) => {
    const one = await founder();
    const res = await answer(body(), one);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: any) => e.path)).toContain(path);
    expect(await answersOf(one.userId)).toEqual([]);
  });

  it('needs listings:write: a read-only key is refused with 403 and nothing is saved', async () => {
    const one = await founder();
    const res = await answer(
      { answers: [{ question_id: active, answer: 'Read-only' }] },
      await bed.keyOf(one, ['account:read']),
    );
    expect(res.status).toBe(403);
    expect(await answersOf(one.userId)).toEqual([]);
  });
});
