// update_draft (SPEC Part 3 "draft field" rows): a maker's value makes a
// field `edited` (the AI had one) or `manual` (it had none); `lock_fields`
// makes it `override`, which AI redrafts never touch; `restore` brings the AI
// original back (and unlocks); `regenerate` redrafts fields from the stored
// website evidence; `undo` brings back what the last restore or redraft
// replaced (until the maker sets the field); null removes a field
// (`deleted`). FAQs, founders, milestones are replaced whole (a founder's
// photo left out stays with the founder of that name); story and SEO
// sections merge; socials are replaced. Once the draft was submitted, the
// listing is updated in the same transaction.
import type { Context } from '../context.js';
import { AppError, type FieldError } from '../errors.js';
import { normalizeSiteUrl } from './crawler/crawler.js';
import { type FieldName, type FieldValue, isListField } from './drafter/fields.js';
import {
  aiState,
  type Draft,
  enqueueDraftJob,
  type Founder,
  type Milestone,
  type StoredField,
  ownDraft,
  saveDraft,
  userState,
} from './drafts.js';
import { applyRedraft, categoryNames, type DraftDeps, enqueueCompetitor, redraftFields } from './job.js';
import { type ListingPart, type SubmitWarning, syncListing } from './submit.js';
import { countryCode } from './evidence.js';
import type { StorySection } from '../listings/profile.js';
import { isFoundedYear, FOUNDED_YEARS } from '../listings/founded-year.js';
import { imagesByHash, ownImageHash } from '../media/images.js';

export interface DraftPatch {
  fields?: Partial<Record<FieldName, FieldValue>>;
  lock_fields?: FieldName[];
  regenerate?: FieldName[];
  restore?: FieldName[];
  undo?: FieldName[];
  faqs?: { question: string; answer: string }[];
  company_socials?: Record<string, string>;
  founder_socials?: Record<string, string>;
  founders?: { name: string; title?: string | null; bio?: string | null; avatar_url?: string | null }[];
  story?: Partial<Record<StorySection, string>>;
  milestones?: { date: string; title: string; description?: string | null; url?: string | null }[];
  competitor_url?: string;
  seo?: { title?: string; meta?: string };
}

function invalid(errors: FieldError[]): AppError {
  return new AppError('invalid', `Invalid input for update_draft: check ${errors.map((e) => e.path).join(', ')}.`, {
    errors,
  });
}

/** Checks what zod cannot: one operation per field, locks, category names, country codes, years. */
async function validate(ctx: Context, draft: Draft, patch: DraftPatch): Promise<void> {
  const errors: FieldError[] = [];
  const sets = Object.keys(patch.fields ?? {}).filter(
    (k) => patch.fields![k as FieldName] !== undefined,
  ) as FieldName[];
  const ops = [
    ['fields', sets],
    ['restore', patch.restore ?? []],
    ['regenerate', patch.regenerate ?? []],
    ['undo', patch.undo ?? []],
  ] as const;
  for (const [i, [name, list]] of ops.entries()) {
    for (const [j, field] of list.entries()) {
      const other = ops.slice(0, i).find(([, l]) => l.includes(field));
      if (other)
        errors.push({
          path: `${name}.${name === 'fields' ? field : j}`,
          message: `${field} is also in ${other[0]}; send each field in only one of fields, restore, regenerate and undo`,
        });
    }
  }
  (patch.undo ?? []).forEach((field, i) => {
    if (!draft.fields[field].previous)
      errors.push({
        path: `undo.${i}`,
        message: `${field} has nothing to undo: undo brings back what the last restore or regenerate replaced, until the field is set`,
      });
  });
  (patch.regenerate ?? []).forEach((field, i) => {
    if (draft.locked_fields.includes(field) && !(patch.restore ?? []).includes(field)) {
      errors.push({
        path: `regenerate.${i}`,
        message: `${field} is locked (override); restore it to let the AI redraft it, or set it in fields`,
      });
    }
  });
  const categories = patch.fields?.categories;
  if (Array.isArray(categories)) {
    const known = new Set((await categoryNames(ctx)).map((c) => c.toLowerCase()));
    categories.forEach((c, i) => {
      if (!known.has(c.toLowerCase()))
        errors.push({ path: `fields.categories.${i}`, message: 'unknown category; use a name from list_categories' });
    });
  }
  const country = patch.fields?.country;
  if (typeof country === 'string' && !countryCode(country))
    errors.push({ path: 'fields.country', message: 'must be a two-letter ISO country code, e.g. DE' });
  const year = patch.fields?.founded_year;
  if (typeof year === 'string' && !(/^\d{4}$/.test(year.trim()) && isFoundedYear(Number(year)))) {
    errors.push({
      path: 'fields.founded_year',
      message: `must be a four-digit year between ${FOUNDED_YEARS.min} and ${FOUNDED_YEARS.max}`,
    });
  }
  await checkPhotos(ctx, patch.founders ?? [], errors);
  if (patch.competitor_url && !normalizeSiteUrl(patch.competitor_url))
    errors.push({ path: 'competitor_url', message: 'must be an http(s) website address, or an empty string to clear' });
  if (errors.length > 0) throw invalid(errors);
  if ((patch.regenerate?.length ?? 0) > 0 && (draft.status === 'crawling' || draft.status === 'drafting')) {
    throw new AppError(
      'conflict',
      `The draft is still ${draft.status}; regenerate works once it is ready. Poll get_draft until then.`,
    );
  }
}

/** Founders' photos are images stored here (upload_image on the site), so pages never show another server's. */
async function checkPhotos(
  ctx: Context,
  founders: NonNullable<DraftPatch['founders']>,
  errors: FieldError[],
): Promise<void> {
  const hashes = founders.map((f) => (f.avatar_url ? ownImageHash(ctx, f.avatar_url) : null));
  const stored = await imagesByHash(
    ctx.db,
    hashes.filter((h): h is string => h !== null),
  );
  founders.forEach((f, i) => {
    if (!f.avatar_url) return;
    const hash = hashes[i];
    if (!hash || !stored.has(hash))
      errors.push({
        path: `founders.${i}.avatar_url`,
        message: 'must be the address of a photo uploaded on this site (the draft page uploads it)',
      });
  });
}

/** A maker's value for a field (null removes it). */
function setField(draft: Draft, field: FieldName, value: FieldValue): void {
  const current = draft.fields[field];
  let v = value;
  if (typeof v === 'string') v = field === 'country' ? countryCode(v) : v.trim();
  if (Array.isArray(v) && isListField(field)) v = [...new Set(v.map((s) => s.trim()).filter(Boolean))];
  const locked = draft.locked_fields.includes(field);
  const next: StoredField = {
    ...current,
    value: v === '' || (Array.isArray(v) && v.length === 0) ? null : v,
    evidence: [],
  };
  // The maker's own value is what counts from now on: there is no earlier text to undo to.
  if (!sameValue(next.value, current.value)) delete next.previous;
  next.state = locked ? 'override' : next.value == null ? 'deleted' : userState(next);
  draft.fields[field] = next;
}

function restoreField(draft: Draft, field: FieldName): void {
  draft.locked_fields = draft.locked_fields.filter((f) => f !== field);
  const ai = draft.fields[field].ai;
  draft.fields[field] = {
    value: ai?.value ?? null,
    state: aiState(ai),
    evidence: ai?.evidence ?? [],
    ai,
  };
}

/** Brings back what a restore or redraft replaced (its lock included); the AI's proposal stays the latest. */
function undoField(draft: Draft, field: FieldName): void {
  const { ai, previous } = draft.fields[field];
  if (!previous) return;
  const locked = previous.state === 'override';
  draft.locked_fields = locked
    ? [...new Set([...draft.locked_fields, field])]
    : draft.locked_fields.filter((f) => f !== field);
  const restored: StoredField = { value: previous.value, state: previous.state, evidence: previous.evidence, ai };
  if (previous.state === 'edited' || previous.state === 'manual') restored.state = userState(restored);
  draft.fields[field] = restored;
}

/**
 * Keeps what a restore or redraft replaced, for undo; one that changed
 * nothing keeps what there was to undo before it.
 */
function keepPrevious(draft: Draft, field: FieldName, before: StoredField): void {
  const after = draft.fields[field];
  const previous = sameValue(after.value, before.value)
    ? before.previous
    : { value: before.value, state: before.state, evidence: before.evidence };
  draft.fields[field] = { ...after, ...(previous ? { previous } : {}) };
}

const sameValue = (a: FieldValue, b: FieldValue) => JSON.stringify(a) === JSON.stringify(b);

function lockField(draft: Draft, field: FieldName): void {
  if (!draft.locked_fields.includes(field)) draft.locked_fields = [...draft.locked_fields, field];
  draft.fields[field] = { ...draft.fields[field], state: 'override' };
}

/** Category names in their canonical case. */
async function canonicalCategories(ctx: Context, names: string[]): Promise<string[]> {
  const known = new Map((await categoryNames(ctx)).map((c) => [c.toLowerCase(), c]));
  return names.map((n) => known.get(n.toLowerCase()) ?? n);
}

export async function updateDraft(
  ctx: Context,
  userId: number,
  draftId: string,
  patch: DraftPatch,
  deps: DraftDeps = {},
): Promise<{ draft: Draft; warnings: SubmitWarning[] }> {
  const before = await ownDraft(ctx, ctx.db, userId, draftId);
  await validate(ctx, before, patch);
  if (Array.isArray(patch.fields?.categories))
    patch.fields!.categories = await canonicalCategories(ctx, patch.fields!.categories);

  // A failed draft retries the whole crawl; a ready one redrafts the fields
  // from its stored evidence, outside the transaction (a model may take seconds).
  const regenerate = [...new Set(patch.regenerate ?? [])];
  const retry = regenerate.length > 0 && before.status === 'failed';
  const redraft = regenerate.length > 0 && !retry ? await redraftFields(ctx, before, regenerate, deps) : null;

  let competitorChanged = false;
  // What the submitted listing could not keep of this edit (too long, not a year…), as submit_draft says it.
  let warnings: SubmitWarning[] = [];
  const draft = await ctx.db.transaction().execute(async (trx) => {
    const draft = await ownDraft(ctx, trx, userId, draftId, { lock: true });
    const touched = new Set<ListingPart>();
    const replaced = [...(patch.restore ?? []), ...(redraft ? regenerate : [])].map(
      (field) => [field, draft.fields[field]] as const,
    );
    for (const field of patch.restore ?? []) restoreField(draft, field);
    for (const field of patch.undo ?? []) undoField(draft, field);
    for (const [field, value] of Object.entries(patch.fields ?? {}) as [FieldName, FieldValue | undefined][])
      if (value !== undefined) setField(draft, field, value);
    if (redraft) {
      applyRedraft(draft, regenerate, redraft.gated, redraft.unsure);
      draft.drafter = redraft.drafter;
    }
    for (const [field, before] of replaced) keepPrevious(draft, field, before);
    for (const field of patch.lock_fields ?? []) lockField(draft, field);
    if (patch.fields || patch.restore?.length || patch.undo?.length || redraft) touched.add('fields');

    if (patch.faqs) {
      draft.faqs = patch.faqs.map((f) => ({ question: f.question, answer: f.answer }));
      touched.add('faqs');
    }
    if (patch.founders) {
      // A photo left out stays with the founder of that name (a client editing a bio keeps it).
      const photos = new Map(draft.founders.map((f) => [f.name, f.avatar_url ?? null]));
      draft.founders = patch.founders.map(
        (f): Founder => ({
          name: f.name,
          title: f.title ?? null,
          bio: f.bio ?? null,
          avatar_url: f.avatar_url === undefined ? (photos.get(f.name) ?? null) : f.avatar_url,
        }),
      );
      touched.add('founders');
    }
    if (patch.company_socials) {
      // A link the maker changed keeps no quotes: they were about the drafted address.
      draft.company_socials_evidence = Object.fromEntries(
        Object.entries(draft.company_socials_evidence).filter(
          ([p]) => patch.company_socials![p] === draft.company_socials[p],
        ),
      );
      draft.company_socials = { ...patch.company_socials };
      touched.add('company_socials');
    }
    if (patch.founder_socials) {
      draft.founder_socials = { ...patch.founder_socials };
      touched.add('founders');
    }
    if (patch.story) {
      const story = { ...draft.story };
      for (const [section, text] of Object.entries(patch.story) as [StorySection, string | undefined][]) {
        if (text === undefined) continue;
        if (text.trim() === '') delete story[section];
        else story[section] = text;
      }
      draft.story = story;
      touched.add('story');
    }
    if (patch.milestones) {
      draft.milestones = patch.milestones.map(
        (m): Milestone => ({ date: m.date, title: m.title, description: m.description ?? null, url: m.url ?? null }),
      );
      touched.add('milestones');
    }
    if (patch.seo) {
      const seo = { ...draft.seo };
      for (const key of ['title', 'meta'] as const) {
        const text = patch.seo[key];
        if (text === undefined) continue;
        if (text.trim() === '') delete seo[key];
        else seo[key] = text.trim();
      }
      draft.seo = seo;
      touched.add('seo');
    }
    if (patch.competitor_url !== undefined) {
      const url = patch.competitor_url.trim() === '' ? null : normalizeSiteUrl(patch.competitor_url)!.href;
      if (url !== draft.competitor_url) {
        draft.competitor_url = url;
        draft.comparison = url
          ? {
              url,
              status: 'reading',
              failure_reason: null,
              name: null,
              rows: [],
              shared_features: [],
              compared_at: null,
            }
          : null;
        competitorChanged = url !== null;
      }
    }
    if (retry) {
      draft.status = 'crawling';
      draft.failure_reason = null;
    }
    draft.updated_at = ctx.clock.now().toISOString();
    await saveDraft(trx, draft);
    if (draft.listing_id && touched.size > 0) warnings = await syncListing(ctx, trx, draft, touched, userId);
    return draft;
  });
  if (retry) await enqueueDraftJob(ctx, draft.id);
  if (competitorChanged) await enqueueCompetitor(ctx, draft.id, draft.competitor_url!);
  return { draft, warnings };
}
