// The background work of a draft, run by the persistent job queue: read the
// site (crawling), then draft it and pass the evidence gate (drafting), then
// `ready`; a competitor URL is read and compared the same way. Each step is
// saved before the next starts, so a job picked up again after a crash
// resumes where it stopped. Permanent problems (robots.txt, not HTML, private
// address…) fail the draft at once with a human reason; transient ones are
// retried with backoff and fail the draft after DRAFT_ATTEMPTS.
import type { Context } from '../context.js';
import type { PageFacts } from './crawler/page.js';
import { CrawlError, crawlSite, type CrawledPage } from './crawler/crawler.js';
import { builtinDrafter, drafterFor, DrafterUnavailable, type Drafter } from './drafter/index.js';
import { extractProposal } from './drafter/builtin.js';
import type { DraftRequest, EvidencePage, FieldName, SiteEvidence } from './drafter/fields.js';
import {
  applyAiDraft,
  applyAiField,
  type Comparison,
  type ComparisonRow,
  DRAFT_ATTEMPTS,
  DRAFT_COMPETITOR,
  draftById,
  type Draft,
  saveDraft,
} from './drafts.js';
import { buildCorpus, gateProposal, type GatedDraft } from './evidence.js';
import { type UnreadPage, unsettledFields } from './unsettled.js';
import type { HtmlParser } from './crawler/html-worker-pool.js';
import { enqueue, type Job } from '../platform/jobs.js';
import { founderPhotos } from './founder-photos.js';

/** Injectable pieces (tests pass a fake model or an inline parser). */
export interface DraftDeps {
  drafter?: Drafter;
  parser?: HtmlParser;
}

export async function categoryNames(ctx: Context): Promise<string[]> {
  const rows = await ctx.db.selectFrom('categories').select('name').orderBy('position').orderBy('name').execute();
  return rows.map((r) => r.name);
}

export async function loadEvidence(ctx: Context, draft: Pick<Draft, 'id' | 'url'>): Promise<SiteEvidence> {
  const rows = await ctx.db
    .selectFrom('draft_pages')
    .select(['url', 'title', 'text', 'facts'])
    .where('draft_id', '=', draft.id)
    .orderBy('position')
    .execute();
  return {
    url: rows[0]?.url ?? draft.url,
    pages: rows.map((r) => ({ url: r.url, title: r.title, text: r.text, facts: JSON.parse(r.facts) as PageFacts })),
  };
}

const toEvidence = (url: string, pages: CrawledPage[]): SiteEvidence => ({
  url,
  pages: pages.map((p): EvidencePage => ({ url: p.url, title: p.title, text: p.text, facts: p.facts })),
});

/**
 * Drafts from evidence and gates the result. When the model cannot be
 * reached: rethrown while `retry` says another attempt is due, else the
 * built-in extractor stands in.
 */
export async function draftAndGate(
  ctx: Context,
  request: DraftRequest,
  deps: DraftDeps,
  retry = false,
): Promise<{ gated: GatedDraft; drafter: string }> {
  const drafter = deps.drafter ?? drafterFor(ctx.config);
  let used = drafter;
  let proposal: Awaited<ReturnType<typeof drafter.draft>>;
  try {
    proposal = await drafter.draft(request);
  } catch (err) {
    if (!(err instanceof DrafterUnavailable) || retry) throw err;
    ctx.logger.warn({ err: err.message }, 'drafter unavailable; the built-in extractor drafts instead');
    used = builtinDrafter();
    proposal = await used.draft(request);
  }
  const corpus = buildCorpus(request.site.pages);
  const gated = gateProposal(proposal, corpus, request.categories, request.only);
  if (gated.dropped.length > 0) ctx.logger.debug({ dropped: gated.dropped }, 'evidence gate dropped values');
  if (used.name !== 'builtin')
    fillFromExtractor(gated, gateProposal(extractProposal(request), corpus, request.categories, request.only));
  return { gated, drafter: used.name };
}

/**
 * Cell by cell, what the model left without a valid value (null, malformed,
 * or dropped by the gate) takes the extractor's gated value, if it has one:
 * a model that fails one field does not cost the maker a fact the page states.
 */
export function fillFromExtractor(gated: GatedDraft, extracted: GatedDraft): void {
  for (const [field, value] of Object.entries(extracted.fields) as [FieldName, GatedDraft['fields'][FieldName]][])
    if (gated.fields[field]?.value === null && value.value !== null) gated.fields[field] = value;
  if (gated.faqs.length === 0) gated.faqs = extracted.faqs;
  if (gated.founders.length === 0) gated.founders = extracted.founders;
  if (Object.keys(gated.company_socials).length === 0) {
    gated.company_socials = extracted.company_socials;
    gated.company_socials_evidence = extracted.company_socials_evidence;
  }
  if (gated.seo.title === null && gated.seo.meta === null) gated.seo = extracted.seo;
}

async function markFailed(ctx: Context, draftId: string, reason: string): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('drafts')
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('id', '=', draftId)
    .where('status', 'in', ['crawling', 'drafting'])
    .execute();
}

async function crawlStep(ctx: Context, draft: Draft, job: Pick<Job, 'attempts'>, deps: DraftDeps): Promise<boolean> {
  let pages: CrawledPage[];
  let unread: UnreadPage[];
  try {
    ({ pages, unread } = await crawlSite(ctx, draft.url, { parser: deps.parser, owner: `user:${draft.user_id}` }));
  } catch (err) {
    const lastTry = job.attempts >= DRAFT_ATTEMPTS;
    if (err instanceof CrawlError && (!err.transient || lastTry)) {
      await markFailed(
        ctx,
        draft.id,
        lastTry && err.transient ? `${err.message} Tried ${job.attempts} times.` : err.message,
      );
      return false;
    }
    if (lastTry) {
      await markFailed(ctx, draft.id, 'The site could not be read.');
      return false;
    }
    throw err;
  }
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('draft_pages').where('draft_id', '=', draft.id).execute();
    await trx
      .insertInto('draft_pages')
      .values(
        pages.map((p, position) => ({
          draft_id: draft.id,
          url: p.url,
          title: p.title,
          text: p.text,
          facts: JSON.stringify(p.facts),
          position,
          fetched_at: now,
        })),
      )
      .execute();
    await trx
      .updateTable('drafts')
      .set({ status: 'drafting', unread_pages: JSON.stringify(unread), updated_at: now })
      .where('id', '=', draft.id)
      .where('status', '=', 'crawling')
      .execute();
  });
  return true;
}

async function draftStep(ctx: Context, draftId: string, job: Pick<Job, 'attempts'>, deps: DraftDeps): Promise<void> {
  const draft = await draftById(ctx, ctx.db, draftId);
  if (draft?.status !== 'drafting') return;
  const site = await loadEvidence(ctx, draft);
  const { gated, drafter } = await draftAndGate(
    ctx,
    { site, categories: await categoryNames(ctx) },
    deps,
    job.attempts < DRAFT_ATTEMPTS,
  );
  // Fetched outside the transaction: another site's server may take seconds.
  if (draft.founders.length === 0) {
    const photos = await founderPhotos(ctx, site.pages, gated.founders);
    for (const founder of gated.founders) founder.avatar_url = photos.get(founder.name);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const current = await draftById(ctx, trx, draftId, { lock: true });
    if (current?.status !== 'drafting') return;
    applyAiDraft(current, gated, site.url, unsettledFields(site, current.unread_pages, gated));
    current.status = 'ready';
    current.failure_reason = null;
    current.drafter = drafter;
    current.updated_at = ctx.clock.now().toISOString();
    await saveDraft(trx, current);
  });
}

/** The draft_site job: crawl (if not done), draft, gate, ready. */
export async function runDraftJob(
  ctx: Context,
  payload: unknown,
  job: Pick<Job, 'attempts'>,
  deps: DraftDeps = {},
): Promise<void> {
  const draftId = (payload as { draft_id?: unknown })?.draft_id;
  if (typeof draftId !== 'string') return;
  const draft = await draftById(ctx, ctx.db, draftId);
  if (!draft) return;
  if (draft.status === 'crawling' && !(await crawlStep(ctx, draft, job, deps))) return;
  await draftStep(ctx, draftId, job, deps);
}

/** Redrafts the named fields from the stored evidence (regenerate): never locked ones. */
export async function redraftFields(
  ctx: Context,
  draft: Draft,
  fields: FieldName[],
  deps: DraftDeps = {},
): Promise<{ gated: GatedDraft; drafter: string; unsure: Set<FieldName> }> {
  const site = await loadEvidence(ctx, draft);
  const drafted = await draftAndGate(ctx, { site, categories: await categoryNames(ctx), only: fields }, deps);
  return { ...drafted, unsure: unsettledFields(site, draft.unread_pages, drafted.gated) };
}

export function applyRedraft(
  draft: Draft,
  fields: FieldName[],
  gated: GatedDraft,
  unsure = new Set<FieldName>(),
): void {
  for (const field of fields)
    applyAiField(draft, field, gated.fields[field] ?? { value: null, evidence: [] }, true, unsure.has(field));
}

// --- Competitor comparison ---------------------------------------------------------

const COMPARED: FieldName[] = [
  'name',
  'tagline',
  'pricing_model',
  'pricing_summary',
  'stage',
  'founded_year',
  'country',
  'features',
  'usps',
];
const COMPETITOR_PAGES = 4;

export async function enqueueCompetitor(ctx: Context, draftId: string, url: string): Promise<void> {
  await enqueue(ctx, DRAFT_COMPETITOR, { draft_id: draftId, url }, { dedupe: true, maxAttempts: 5 });
}

export function comparisonRows(ours: Draft, theirs: GatedDraft): { rows: ComparisonRow[]; shared: string[] } {
  const rows = COMPARED.map((field) => ({
    field,
    ours: ours.fields[field].value,
    theirs: theirs.fields[field]?.value ?? null,
    theirs_evidence: theirs.fields[field]?.evidence ?? [],
  }));
  const mine = new Set(((ours.fields.features.value as string[] | null) ?? []).map((f) => f.toLowerCase()));
  const shared = ((theirs.fields.features?.value as string[] | null) ?? []).filter((f) => mine.has(f.toLowerCase()));
  return { rows, shared };
}

/** The draft_competitor job: reads the competitor's site, drafts it through the same gate, and compares. */
export async function runCompetitorJob(
  ctx: Context,
  payload: unknown,
  job: Pick<Job, 'attempts'>,
  deps: DraftDeps = {},
): Promise<void> {
  const { draft_id: draftId, url } = (payload ?? {}) as { draft_id?: string; url?: string };
  if (typeof draftId !== 'string' || typeof url !== 'string') return;
  const draft = await draftById(ctx, ctx.db, draftId);
  if (!draft || draft.competitor_url !== url) return;
  let result: Pick<Comparison, 'status' | 'failure_reason' | 'name' | 'rows' | 'shared_features'>;
  try {
    const crawl = await crawlSite(ctx, url, {
      parser: deps.parser,
      maxPages: COMPETITOR_PAGES,
      owner: `user:${draft.user_id}`,
    });
    const site = toEvidence(crawl.pages[0]!.url, crawl.pages);
    const { gated } = await draftAndGate(
      ctx,
      { site, categories: await categoryNames(ctx) },
      deps,
      job.attempts < DRAFT_ATTEMPTS,
    );
    const { rows, shared } = comparisonRows(draft, gated);
    result = {
      status: 'ready',
      failure_reason: null,
      name: (gated.fields.name?.value as string | null) ?? null,
      rows,
      shared_features: shared,
    };
  } catch (err) {
    const lastTry = job.attempts >= DRAFT_ATTEMPTS;
    if (err instanceof CrawlError && (!err.transient || lastTry))
      result = { status: 'failed', failure_reason: err.message, name: null, rows: [], shared_features: [] };
    else if (lastTry)
      result = {
        status: 'failed',
        failure_reason: 'The competitor could not be read.',
        name: null,
        rows: [],
        shared_features: [],
      };
    else throw err;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const current = await draftById(ctx, trx, draftId, { lock: true });
    if (!current || current.competitor_url !== url) return;
    const now = ctx.clock.now().toISOString();
    current.comparison = { url, ...result, compared_at: now };
    current.updated_at = now;
    await saveDraft(trx, current);
  });
}
