import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_interview_questions.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { testContext, type TestContext } from '../../helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
  await ctx.db
    .insertInto('interview_questions')
    .values([
      { position: 2, question: 'What was the hardest part?', active: 1 },
      { position: 1, question: 'Why did you start?', active: 1 },
      { position: 3, question: 'Retired question', active: 0 },
    ])
    .execute();
});
afterAll(async () => ctx?.close());

describe('list_interview_questions', () => {
  it('returns the active questions in order, with ids to answer them by', async () => {
    const { body } = (await invokeTool(ctx, tool, {}, anonymous())) as { body: any };
    expect(body.items.map((q: any) => q.question)).toEqual(['Why did you start?', 'What was the hardest part?']);
    expect(body.items[0].id).toBeTypeOf('number');
  });
});
