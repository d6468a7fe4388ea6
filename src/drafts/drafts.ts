// Drafts (SPEC Part 2 "Draft", Part 3): a maker submits a URL, the site is
// read and drafted in the background (drafts-job.ts), the maker reviews and
// edits (drafts-update.ts), then submits it as a listing (drafts-submit.ts).
// This module holds the draft's shape, its storage, the rules for merging an
// AI draft into what the maker already changed, and the view clients see.
// Another user's draft is 404, never 403, so ids cannot be probed.
import { randomUUID } from 'node:crypto';
import type { DraftRow } from '../../db/schema.js';
import type { Context } from '../context.js';
import { type Db, inTransaction } from '../platform/db.js';
import { AppError, notFound } from '../errors.js';
import type { UnreadPage } from './unsettled.js';
import { normalizeSiteUrl } from './crawler/crawler.js';
import type { Evidence, FieldName, FieldValue } from './drafter/fields.js';
import { PROFILE_FIELDS } from './drafter/fields.js';
import type { GatedDraft } from './evidence.js';
import { enqueue } from '../platform/jobs.js';
import { parseJsonText } from '../platform/json-text.js';
import type { StorySection } from '../listings/profile.js';
import type {
  Comparison,
  ComparisonRow,
  DraftPageSummary,
  DraftStatus,
  DraftView,
  FieldState,
  Milestone,
} from './views.js';

// The shapes clients see are zod schemas in views.ts; their types are re-exported for this service's callers.
export type { Comparison, ComparisonRow, DraftPageSummary, DraftStatus, DraftView, FieldState, Milestone };

export interface StoredField {
  value: FieldValue;
  state: FieldState;
  evidence: Evidence[];
  /** The AI's latest proposal (what `restore` brings back); null until drafted. `unsure`: empty, but the site may say it. */
  ai: { value: FieldValue; evidence: Evidence[]; unsure?: true } | null;
  /** What the last redraft or restore replaced (what `undo` brings back), until the maker sets the field. */
  previous?: { value: FieldValue; state: FieldState; evidence: Evidence[] };
}

export interface Faq {
  question: string;
  answer: string;
  evidence?: Evidence[];
}
export interface Founder {
  name: string;
  title: string | null;
  bio: string | null;
  /** A photo stored here (its address on this site), or none. */
  avatar_url?: string | null;
  evidence?: Evidence[];
}

export interface Draft {
  id: string;
  user_id: number;
  url: string;
  domain: string;
  status: DraftStatus;
  failure_reason: string | null;
  drafter: string | null;
  fields: Record<FieldName, StoredField>;
  locked_fields: FieldName[];
  faqs: Faq[];
  founders: Founder[];
  company_socials: Record<string, string>;
  /** The quotes behind each drafted link, by platform (kept while the maker leaves that link as drafted). */
  company_socials_evidence: Record<string, Evidence[]>;
  /** Linked pages the crawl did not read (unsettled.ts): what they may state is not called absent. */
  unread_pages: UnreadPage[];
  founder_socials: Record<string, string>;
  story: Partial<Record<StorySection, string>>;
  milestones: Milestone[];
  seo: { title?: string; meta?: string };
  competitor_url: string | null;
  comparison: Comparison | null;
  listing_id: number | null;
  created_at: string;
  updated_at: string;
}

export const DRAFT_SITE = 'draft_site';
export const DRAFT_COMPETITOR = 'draft_competitor';
/** Job attempts for a draft; the handler gives up cleanly on DRAFT_ATTEMPTS and leaves spares for crashes. */
export const DRAFT_JOB_ATTEMPTS = 5;
export const DRAFT_ATTEMPTS = 3;

const emptyField = (): StoredField => ({ value: null, state: 'not_found', evidence: [], ai: null });

export function fromRow(row: DraftRow): Draft {
  const stored = parseJsonText<Partial<Record<FieldName, StoredField>>>(row.fields, {});
  const fields = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, stored[f] ?? emptyField()])) as Record<
    FieldName,
    StoredField
  >;
  return {
    id: row.id,
    user_id: Number(row.user_id),
    url: row.url,
    domain: row.domain,
    status: row.status,
    failure_reason: row.failure_reason,
    drafter: row.drafter,
    fields,
    locked_fields: parseJsonText(row.locked_fields, []),
    faqs: parseJsonText(row.faqs, []),
    founders: parseJsonText(row.founders, []),
    company_socials: parseJsonText(row.company_socials, {}),
    company_socials_evidence: parseJsonText(row.company_socials_evidence, {}),
    unread_pages: parseJsonText(row.unread_pages, []),
    founder_socials: parseJsonText(row.founder_socials, {}),
    story: parseJsonText(row.story, {}),
    milestones: parseJsonText(row.milestones, []),
    seo: parseJsonText(row.seo, {}),
    competitor_url: row.competitor_url,
    comparison: parseJsonText(row.comparison, null),
    listing_id: row.listing_id == null ? null : Number(row.listing_id),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns of a draft, as stored. */
export function toRow(d: Draft) {
  return {
    url: d.url,
    domain: d.domain,
    status: d.status,
    failure_reason: d.failure_reason,
    drafter: d.drafter,
    fields: JSON.stringify(d.fields),
    locked_fields: JSON.stringify(d.locked_fields),
    faqs: JSON.stringify(d.faqs),
    founders: JSON.stringify(d.founders),
    company_socials: JSON.stringify(d.company_socials),
    company_socials_evidence: JSON.stringify(d.company_socials_evidence),
    unread_pages: JSON.stringify(d.unread_pages),
    founder_socials: JSON.stringify(d.founder_socials),
    story: JSON.stringify(d.story),
    milestones: JSON.stringify(d.milestones),
    seo: JSON.stringify(d.seo),
    competitor_url: d.competitor_url,
    comparison: d.comparison ? JSON.stringify(d.comparison) : null,
    listing_id: d.listing_id,
    updated_at: d.updated_at,
  };
}

/** The caller's draft, or 404 (also for another user's draft). `lock` takes a row lock on PostgreSQL. */
export async function ownDraft(
  ctx: Context,
  db: Db,
  userId: number,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<Draft> {
  let query = db.selectFrom('drafts').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (opts.lock && ctx.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`You have no draft ${id}. list_my_drafts shows yours.`);
  return fromRow(row);
}

export async function draftById(
  ctx: Context,
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<Draft | null> {
  let query = db.selectFrom('drafts').selectAll().where('id', '=', id);
  if (opts.lock && ctx.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function saveDraft(db: Db, draft: Draft): Promise<void> {
  await db.updateTable('drafts').set(toRow(draft)).where('id', '=', draft.id).execute();
}

// --- Creating and listing --------------------------------------------------

export async function enqueueDraftJob(ctx: Context, draftId: string): Promise<void> {
  await enqueue(ctx, DRAFT_SITE, { draft_id: draftId }, { dedupe: true, maxAttempts: DRAFT_JOB_ATTEMPTS });
}

/** submit_listing: a new draft in `crawling`, its crawl-and-draft job queued. */
export async function createDraft(ctx: Context, userId: number, rawUrl: string): Promise<Draft> {
  const url = normalizeSiteUrl(rawUrl);
  if (!url) {
    throw new AppError('invalid', 'url must be the http(s) address of the product website, e.g. https://example.com.', {
      errors: [{ path: 'url', message: 'must be an http(s) website address' }],
    });
  }
  const now = ctx.clock.now().toISOString();
  const id = randomUUID();
  // The draft and its job commit together: a crash between them would leave a draft crawling with nothing to crawl it.
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .insertInto('drafts')
      .values({
        id,
        user_id: userId,
        url: url.href,
        domain: url.hostname.toLowerCase().replace(/^www\./, ''),
        status: 'crawling',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A new draft has no job to deduplicate against.
    await enqueue(tx, DRAFT_SITE, { draft_id: id }, { maxAttempts: DRAFT_JOB_ATTEMPTS });
  });
  return (await draftById(ctx, ctx.db, id))!;
}

export async function listDrafts(
  ctx: Context,
  userId: number,
  page: { page: number; per_page: number },
): Promise<{ items: Draft[]; total: number }> {
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('drafts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    ctx.db
      .selectFrom('drafts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(fromRow), total: Number(count.n) };
}

// --- Merging an AI draft -----------------------------------------------------

const USER_STATES: FieldState[] = ['edited', 'manual', 'deleted', 'override'];

/** edited when the AI had a value, manual when it had none. */
export function userState(field: StoredField): FieldState {
  return field.ai?.value != null ? 'edited' : 'manual';
}

/**
 * Writes the AI's proposal for one field. A locked field is never touched. A
 * field the maker set keeps the maker's value (only the AI original that
 * `restore` returns is updated) unless `force` (a `regenerate` naming it).
 */
export function applyAiField(
  draft: Draft,
  field: FieldName,
  gated: { value: FieldValue; evidence: Evidence[] },
  force = false,
  unsure = false,
): void {
  if (draft.locked_fields.includes(field)) return;
  const current = draft.fields[field];
  const ai = {
    value: gated.value,
    evidence: gated.evidence,
    ...(unsure && gated.value == null ? { unsure: true as const } : {}),
  };
  if (!force && USER_STATES.includes(current.state)) {
    const next = { ...current, ai };
    if (current.state === 'edited' || current.state === 'manual') next.state = userState(next);
    draft.fields[field] = next;
    return;
  }
  draft.fields[field] = { value: ai.value, state: aiState(ai), evidence: ai.evidence, ai };
}

/** The state of a field that holds the AI's proposal: drafted, or empty and known absent, or empty but maybe stated. */
export function aiState(ai: StoredField['ai']): FieldState {
  if (ai?.value != null) return 'ai';
  return ai?.unsure ? 'unsure' : 'not_found';
}

/**
 * Applies a whole gated AI draft: every field by the rules above (`unsure`: the empty ones the site may still
 * state), and the AI's FAQs, founders, socials and SEO where the maker has none.
 */
export function applyAiDraft(draft: Draft, gated: GatedDraft, website: string, unsure = new Set<FieldName>()): void {
  for (const field of PROFILE_FIELDS)
    if (gated.fields[field]) applyAiField(draft, field, gated.fields[field], false, unsure.has(field));
  if (draft.faqs.length === 0)
    draft.faqs = gated.faqs.map((f) => ({ question: f.question, answer: f.answer, evidence: f.evidence }));
  if (draft.founders.length === 0)
    draft.founders = gated.founders.map((f) => ({
      name: f.name,
      title: f.title,
      bio: f.bio,
      avatar_url: f.avatar_url ?? null,
      evidence: f.evidence,
    }));
  if (Object.keys(draft.company_socials).length === 0) {
    draft.company_socials = { website, ...gated.company_socials };
    draft.company_socials_evidence = { ...gated.company_socials_evidence };
  }
  if (!draft.seo.title && gated.seo.title) draft.seo = { ...draft.seo, title: gated.seo.title };
  if (!draft.seo.meta && gated.seo.meta) draft.seo = { ...draft.seo, meta: gated.seo.meta };
}

// --- The view ----------------------------------------------------------------

/** What counts toward completeness: every profile field, plus FAQs and founders. */
export const COMPLETENESS_ITEMS = [...PROFILE_FIELDS, 'faqs', 'founders'] as const;

/** The drafter has not had its say yet: the site is still being read or drafted. */
const drafting = (draft: Draft) => draft.status === 'crawling' || draft.status === 'drafting';

/** A field the maker has not set while the drafter has not had its say: shown as `pending`, not `not_found`. */
function isPending(draft: Draft, field: FieldName): boolean {
  return drafting(draft) && draft.fields[field].state === 'not_found';
}

/** The completeness items still empty. */
function emptyItems(draft: Draft): string[] {
  const empty: string[] = PROFILE_FIELDS.filter((f) => {
    const v = draft.fields[f].value;
    return v == null || (Array.isArray(v) && v.length === 0);
  });
  if (draft.faqs.length === 0) empty.push('faqs');
  if (draft.founders.length === 0) empty.push('founders');
  return empty;
}

/** What is still missing once drafted; nothing is known missing while the site is being read or drafted. */
export function missingOf(draft: Draft): string[] {
  return drafting(draft) ? [] : emptyItems(draft);
}

export function completenessOf(draft: Draft): number {
  return Math.round((100 * (COMPLETENESS_ITEMS.length - emptyItems(draft).length)) / COMPLETENESS_ITEMS.length);
}

/** Fields the site did not state (state not_found): the listing shows them as left blank on purpose. */
export function notFoundOf(draft: Draft): FieldName[] {
  return draft.status === 'ready' || draft.status === 'failed'
    ? PROFILE_FIELDS.filter((f) => draft.fields[f].state === 'not_found')
    : [];
}

export async function draftPages(db: Db, draftId: string): Promise<DraftPageSummary[]> {
  return db
    .selectFrom('draft_pages')
    .select(['url', 'title'])
    .where('draft_id', '=', draftId)
    .orderBy('position')
    .execute();
}

export function draftView(
  draft: Draft,
  extra: {
    pages: DraftPageSummary[];
    invites: number;
    invited?: { slug: string; name: string; title: string | null; bio: string | null }[];
  },
): DraftView {
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map((f) => {
      const s = draft.fields[f];
      const state: FieldState = isPending(draft, f) ? 'pending' : s.state;
      return [f, { value: s.value, state, evidence: s.evidence, ai_value: s.ai?.value ?? null }];
    }),
  ) as Record<FieldName, { value: FieldValue; state: FieldState; evidence: Evidence[]; ai_value: FieldValue }>;
  return {
    id: draft.id,
    url: draft.url,
    domain: draft.domain,
    status: draft.status,
    failure_reason: draft.failure_reason,
    drafter: draft.drafter,
    fields,
    locked_fields: draft.locked_fields,
    undoable: PROFILE_FIELDS.filter((f) => draft.fields[f].previous !== undefined),
    faqs: draft.faqs.map((f) => ({ question: f.question, answer: f.answer, evidence: f.evidence ?? [] })),
    founders: draft.founders.map((f) => ({
      name: f.name,
      title: f.title,
      bio: f.bio,
      avatar_url: f.avatar_url ?? null,
      evidence: f.evidence ?? [],
    })),
    company_socials: draft.company_socials,
    company_socials_evidence: Object.fromEntries(
      Object.keys(draft.company_socials).map((p) => [p, draft.company_socials_evidence[p] ?? []]),
    ),
    founder_socials: draft.founder_socials,
    story: draft.story,
    milestones: draft.milestones,
    seo: { title: draft.seo.title ?? null, meta: draft.seo.meta ?? null },
    competitor: draft.comparison,
    completeness: completenessOf(draft),
    missing: missingOf(draft),
    not_found_on_website: notFoundOf(draft),
    pages: extra.pages,
    invites: { sent: extra.invites, left: Math.max(0, MAX_INVITES - extra.invites) },
    invited_founders: (extra.invited ?? []).map(({ slug, name, title, bio }) => ({ slug, name, title, bio })),
    listing_id: draft.listing_id,
    created_at: draft.created_at,
    updated_at: draft.updated_at,
  };
}

export const MAX_INVITES = 10;

export async function inviteCount(db: Db, draftId: string): Promise<number> {
  const row = await db
    .selectFrom('draft_invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('draft_id', '=', draftId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Founder profiles co-founders added through accepted invites of a draft. */
export async function invitedFounders(db: Db, draftId: string) {
  return db
    .selectFrom('draft_invites as i')
    .innerJoin('founders as f', 'f.user_id', 'i.accepted_by')
    .select(['f.id', 'f.slug', 'f.name', 'f.title', 'f.bio'])
    .where('i.draft_id', '=', draftId)
    .orderBy('i.accepted_at')
    .execute();
}

/** The full view of one draft (pages read, invites sent and accepted included). */
export async function viewOf(ctx: Context, draft: Draft): Promise<DraftView> {
  const [pages, invites, invited] = await Promise.all([
    draftPages(ctx.db, draft.id),
    inviteCount(ctx.db, draft.id),
    invitedFounders(ctx.db, draft.id),
  ]);
  return draftView(draft, { pages, invites, invited });
}

/** What to do next with a draft, following its listing's real status once submitted. */
export async function draftNextSteps(ctx: Context, draft: Draft): Promise<{ tool: string; why: string }[]> {
  const listing = draft.listing_id
    ? await ctx.db
        .selectFrom('listings')
        .select(['status', 'launch_week'])
        .where('id', '=', draft.listing_id)
        .executeTakeFirst()
    : undefined;
  return nextStepsFor(draft, listing);
}

function listingStep(
  id: number,
  listing: { status: string; launch_week: string | null },
): { tool: string; why: string } {
  switch (listing.status) {
    case 'draft':
      return {
        tool: 'get_launch_options',
        why: `See both ways to launch listing ${id} (the free week, paid weeks and prices), then choose_free_listing or quote_order.`,
      };
    case 'awaiting_badge':
      return {
        tool: 'get_badges',
        why: `Listing ${id} has the free week of ${listing.launch_week} and waits for our badge on your homepage: get the badge code here, then check_badge.`,
      };
    case 'scheduled':
      return { tool: 'get_my_listing', why: `Listing ${id} launches the week of ${listing.launch_week}.` };
    case 'live':
      return { tool: 'post_listing_update', why: `Listing ${id} is live: tell its followers your news.` };
    default:
      return { tool: 'get_my_listing', why: `See listing ${id} (status ${listing.status}).` };
  }
}

function nextStepsFor(
  draft: Draft,
  listing: { status: string; launch_week: string | null } | undefined,
): { tool: string; why: string }[] {
  switch (draft.status) {
    case 'crawling':
    case 'drafting':
      return [
        { tool: 'get_draft', why: 'Drafting takes about a minute: poll every few seconds until status is ready.' },
      ];
    case 'failed':
      return [
        {
          tool: 'update_draft',
          why: `Reading the site failed (${draft.failure_reason ?? 'unknown reason'}). Fix the cause and send regenerate to retry, or fill fields yourself.`,
        },
        { tool: 'submit_listing', why: 'Or start a new draft from another URL.' },
      ];
    default: {
      const steps = [
        {
          tool: 'update_draft',
          why: 'Review every field: edit values (they become yours), lock_fields to keep them from AI redrafts, restore the AI original, regenerate from the website.',
        },
        {
          tool: 'submit_draft',
          why: draft.listing_id
            ? 'Already submitted: later edits update the listing too.'
            : 'Save the draft as your listing (not published yet).',
        },
      ];
      if (draft.founders.length < 6)
        steps.push({ tool: 'invite_cofounder', why: 'Invite co-founders to add their own profiles.' });
      if (draft.listing_id && listing) steps.push(listingStep(draft.listing_id, listing));
      return steps;
    }
  }
}
