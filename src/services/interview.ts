// Founder interview questions (answers arrive with answer_interview).
import type { Context } from '../context.js';

export async function activeInterviewQuestions(ctx: Context) {
  return ctx.db
    .selectFrom('interview_questions')
    .select(['id', 'position', 'question'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
