// list_interview_questions: the founder interview questions makers may answer.
import { z } from 'zod';
import { activeInterviewQuestions } from '../../src/directory/interview.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'list_interview_questions',
  title: 'Founder interview questions',
  description: 'Returns the founder interview questions and their ids, for answer_interview.',
  scope: null,
  http: { method: 'GET', path: '/interview-questions' },
  input: z.strictObject({}),
  output: z.object({
    items: z.array(z.object({ id: z.number().int(), position: z.number().int(), question: z.string() })),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx) => ({ items: await activeInterviewQuestions(ctx) }),
});
