// The draft as clients see it (get_draft, submit_listing, update_draft): the
// zod schemas the tools publish, and the types the draft service builds,
// inferred from them so the two cannot drift. Built by draftView in drafts.ts.
import { z } from 'zod';
import { type FieldName, PROFILE_FIELDS } from './drafter/fields.js';

export const draftStatus = z
  .enum(['crawling', 'drafting', 'ready', 'failed'])
  .describe(
    'crawling: the site is being read; drafting: the profile is being drafted; ready: review and submit it; failed: the site could not be read (failure_reason says why: robots.txt, unreachable, not HTML, too large); update_draft with regenerate, or a new draft, tries again',
  );
export type DraftStatus = z.infer<typeof draftStatus>;

// pending: the site is still being read or drafted; ai: drafted from the site; not_found: the site
// does not say; unsure: empty, but a page may say it (not read, or not settled with a quote); edited,
// manual, override, deleted: the maker changed it (get_draft's description says so once, rather than
// each of the 18 fields of three tools' schemas).
export const fieldState = z.enum(['pending', 'ai', 'not_found', 'unsure', 'edited', 'manual', 'override', 'deleted']);
export type FieldState = z.infer<typeof fieldState>;

export const fieldName = z.enum(PROFILE_FIELDS);

const evidence = z
  .array(z.object({ quote: z.string(), url: z.string() }))
  .describe('Verbatim quotes from the website that support the value');
const fieldValue = z.union([z.string(), z.array(z.string()), z.null()]);
const fieldView = z.object({
  value: fieldValue,
  state: fieldState,
  evidence,
  ai_value: fieldValue.describe('What the AI drafted (what restore brings back)'),
});

export const comparisonRow = z.object({
  field: z.string(),
  ours: fieldValue,
  theirs: fieldValue,
  theirs_evidence: evidence,
});
/** What the competitor job writes: the contract's `field` is any string, but only profile fields are compared. */
export type ComparisonRow = z.infer<typeof comparisonRow> & { field: FieldName };

/** The comparison with the draft's competitor_url, stored on the draft as shown. */
export const comparison = z.object({
  url: z.string(),
  status: z.enum(['reading', 'ready', 'failed']),
  failure_reason: z.string().nullable(),
  name: z.string().nullable(),
  rows: z.array(comparisonRow),
  shared_features: z.array(z.string()),
  compared_at: z.string().nullable(),
});
export type Comparison = z.infer<typeof comparison>;

export const milestone = z.object({
  date: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestone>;

export const draftPageSummary = z.object({ url: z.string(), title: z.string().nullable() });
export type DraftPageSummary = z.infer<typeof draftPageSummary>;

/** The full draft view (the tools add next_steps). */
export const draftViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  domain: z.string(),
  status: draftStatus,
  failure_reason: z.string().nullable().describe('Why reading the site failed (status failed)'),
  drafter: z.string().nullable().describe('Which drafter wrote the AI values: claude, openai-compatible or builtin'),
  fields: z.object(
    Object.fromEntries(PROFILE_FIELDS.map((f) => [f, fieldView])) as Record<FieldName, typeof fieldView>,
  ),
  locked_fields: z.array(fieldName).describe('Fields locked against AI redrafts (state override)'),
  undoable: z.array(fieldName).describe('Fields a redraft or restore replaced: undo brings back what they held'),
  faqs: z.array(z.object({ question: z.string(), answer: z.string(), evidence })),
  founders: z.array(
    z.object({
      name: z.string(),
      title: z.string().nullable(),
      bio: z.string().nullable(),
      avatar_url: z.string().nullable().describe('Their photo, stored on this site'),
      evidence,
    }),
  ),
  company_socials: z.record(z.string(), z.string()),
  company_socials_evidence: z
    .record(z.string(), evidence)
    .describe('Per company link, the quotes that show it on the site'),
  founder_socials: z.record(z.string(), z.string()),
  story: z.record(z.string(), z.string()),
  milestones: z.array(milestone),
  seo: z.object({ title: z.string().nullable(), meta: z.string().nullable() }),
  competitor: comparison.nullable().describe('The comparison with competitor_url, when set'),
  completeness: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Percent of profile fields, FAQs and founders filled (so far, while the draft is crawling or drafting)'),
  missing: z
    .array(z.string())
    .describe('What is still empty once drafted (empty while crawling or drafting: nothing is known missing yet)'),
  not_found_on_website: z
    .array(z.string())
    .describe('Fields the site did not state (left blank on purpose, never invented)'),
  pages: z.array(draftPageSummary).describe('The pages read'),
  invites: z.object({ sent: z.number().int(), left: z.number().int() }),
  invited_founders: z
    .array(z.object({ slug: z.string(), name: z.string(), title: z.string().nullable(), bio: z.string().nullable() }))
    .describe('Founder profiles co-founders added themselves through an invite; they join the listing on submit_draft'),
  listing_id: z.number().int().nullable().describe('Your listing once submitted (submit_draft)'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftView = z.infer<typeof draftViewSchema>;
