// Founder interview questions (answers arrive with answer_interview).
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

export async function activeInterviewQuestions(ctx: Context) {
  return ctx.db
    .selectFrom('interview_questions')
    .select(['id', 'position', 'question'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Saves answers on the caller's founder profile; an unknown or retired question is a 400 naming it. */
export async function answerInterview(
  ctx: Context,
  userId: number,
  answers: { question_id: number; answer: string }[],
) {
  const questions = new Set((await activeInterviewQuestions(ctx)).map((q) => q.id));
  const errors = answers.flatMap((a, i) =>
    questions.has(a.question_id)
      ? []
      : [
          {
            path: `answers.${i}.question_id`,
            message: `no interview question ${a.question_id}; list_interview_questions shows them`,
          },
        ],
  );
  if (errors.length > 0) throw new AppError('invalid', 'answers name unknown interview questions', { errors });
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const a of answers) {
      await trx
        .insertInto('interview_answers')
        .values({ user_id: userId, question_id: a.question_id, answer: a.answer, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet({ answer: a.answer, updated_at: now }))
        .execute();
    }
  });
  return interviewAnswers(ctx, userId);
}

/** A person's interview answers, in question order. */
export async function interviewAnswers(ctx: Context, userId: number) {
  return ctx.db
    .selectFrom('interview_answers as a')
    .innerJoin('interview_questions as q', 'q.id', 'a.question_id')
    .select(['a.question_id', 'q.question', 'a.answer', 'a.updated_at'])
    .where('a.user_id', '=', userId)
    .orderBy('q.position')
    .execute();
}
