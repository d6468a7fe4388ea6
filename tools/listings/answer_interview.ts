// answer_interview: the founder interview, saved on the caller's founder profile.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { answerInterview } from '../../src/directory/interview.js';
import { defineTool } from '../define.js';

export default defineTool({
  name: 'answer_interview',
  title: 'Answer the founder interview',
  description:
    "Saves founder interview answers on your founder profile, replacing earlier ones. Use the founder's own words.",
  scope: 'listings:write',
  http: { method: 'PUT', path: '/me/interview' },
  input: z.strictObject({
    answers: z
      .array(z.strictObject({ question_id: z.number().int().min(1), answer: z.string().min(1).max(3000) }))
      .min(1)
      .max(50),
  }),
  output: z.object({
    items: z.array(
      z.object({ question_id: z.number().int(), question: z.string(), answer: z.string(), updated_at: z.string() }),
    ),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  idempotencyKey: true,
  handler: async (ctx, input, caller) => ({ items: await answerInterview(ctx, signedInUserId(caller), input.answers) }),
});
