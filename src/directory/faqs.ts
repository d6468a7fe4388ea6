// FAQs as categories, blog posts and listings show them; stored as JSON text of question/answer pairs.
import { z } from 'zod';
import { parseJsonText } from '../platform/json-text.js';

export const faq = z.object({ question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faq>;

/** FAQs stored as JSON text; anything malformed is dropped rather than failing the page. */
export function parseFaqs(json: string): Faq[] {
  const value = parseJsonText<unknown>(json, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((f): Faq[] =>
    f && typeof f === 'object' && typeof f.question === 'string' && typeof f.answer === 'string'
      ? [{ question: f.question, answer: f.answer }]
      : [],
  );
}
