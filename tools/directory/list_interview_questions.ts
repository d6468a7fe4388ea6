// list_interview_questions: the founder interview questions makers may answer.
import { z } from 'zod';
import { activeInterviewQuestions } from '../../src/directory/interview.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'list_interview_questions',
  title: 'Founder interview questions',
  description:
    'Returns the founder interview questions, in order, each with its id. A signed-in maker answers them with answer_interview ({question_id, answer} pairs, each answer at most 3000 characters); answers appear on the founder profile.',
  scope: null,
  http: { method: 'GET', path: '/interview-questions' },
  input: z.strictObject({}),
  output: z.object({
    items: z.array(z.object({ id: z.number().int(), position: z.number().int(), question: z.string() })),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx) => ({ items: await activeInterviewQuestions(ctx) }),
});
