// Reading the draft page's form into update_draft's input. The profile and
// every section are one form, so whichever button is pressed, every edit on
// the page goes with it. Controls are named by the tool's dot paths
// (`fields.tagline`, `faqs.0.question`), so what a person typed is kept as
// typed (`Kept`) for a refused form to show again, and the input sent is only
// what changed: an untouched AI value stays `ai`. No rule of the tool is
// repeated here; the tool refuses and names the field.
import type { Request } from 'express';
import { type FieldName, isListField, PROFILE_FIELDS, SOCIAL_PLATFORMS } from '../../drafts/drafter/fields.js';
import type { DraftView } from '../../drafts/views.js';
import { STORY_SECTIONS } from '../../listings/profile.js';
import { withScheme } from './submit-page.js';
import { field } from '../ui/forms.js';

/** Any one control's text: the body limit (32 kB) is the real bound; the tool names what is too long. */
const TEXT_MAX = 32_000;

export const MAX_FAQ_ROWS = 10;
export const MAX_FOUNDER_ROWS = 6;
/** Every milestone a draft may hold (update_draft's bound; 4 controls each, well within MAKER_FORMS). */
export const MAX_MILESTONE_ROWS = 50;

export interface FaqRow {
  question: string;
  answer: string;
}
export interface FounderRow {
  name: string;
  title: string;
  bio: string;
  /** The photo stored here, carried by the page; `remove_photo` ticked drops it. */
  avatar_url?: string;
  remove_photo?: string;
}
export interface MilestoneRow {
  date: string;
  title: string;
  description: string;
  url: string;
}

/** What a person typed into the form that was refused, shown again as typed. */
export interface Kept {
  profile?: Partial<Record<FieldName, string>>;
  faqs?: FaqRow[];
  founders?: FounderRow[];
  company_socials?: Record<string, string>;
  founder_socials?: Record<string, string>;
  story?: Record<string, string>;
  milestones?: MilestoneRow[];
  seo?: { title: string; meta: string };
  competitor_url?: string;
  email?: string;
}

const has = (req: Request, name: string) =>
  Object.hasOwn((req.body as Record<string, unknown> | undefined) ?? {}, name);

/** A control's text with a textarea's CRLF line ends made plain. */
export const text = (req: Request, name: string) => field(req, name, TEXT_MAX).replace(/\r\n?/g, '\n');

/** A field's value as its control shows it: a list one item a line. */
export function fieldText(value: string | string[] | null): string {
  return Array.isArray(value) ? value.join('\n') : (value ?? '');
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function readProfile(req: Request): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  for (const f of PROFILE_FIELDS) if (has(req, `fields.${f}`)) out[f] = text(req, `fields.${f}`);
  return out;
}

/**
 * update_draft `fields` for the controls whose text differs from the draft's
 * value: emptied ones as null (removal), lists one item a line.
 */
export function changedFields(
  view: DraftView,
  typed: Partial<Record<FieldName, string>>,
): Partial<Record<FieldName, string | string[] | null>> {
  const out: Partial<Record<FieldName, string | string[] | null>> = {};
  for (const f of PROFILE_FIELDS) {
    const raw = typed[f];
    if (raw === undefined) continue;
    const current = view.fields[f].value;
    if (isListField(f)) {
      const items = lines(raw);
      const before = Array.isArray(current) ? current : [];
      if (items.length === before.length && items.every((item, i) => item === before[i])) continue;
      out[f] = items.length > 0 ? items : null;
    } else {
      const value = raw.trim();
      if (value === (typeof current === 'string' ? current.trim() : '')) continue;
      out[f] = value === '' ? null : value;
    }
  }
  return out;
}

/** Rows of a repeated group (`faqs.0.question`…), as typed; rows with nothing in them are dropped. */
function readRows<K extends string>(req: Request, group: string, parts: readonly K[], max: number) {
  const rows: Record<K, string>[] = [];
  for (let i = 0; i < max; i++) {
    if (!parts.some((p) => has(req, `${group}.${i}.${p}`))) continue;
    const row = Object.fromEntries(parts.map((p) => [p, text(req, `${group}.${i}.${p}`).trim()])) as Record<K, string>;
    if (parts.some((p) => row[p] !== '')) rows.push(row);
  }
  return rows;
}

export const readFaqs = (req: Request): FaqRow[] =>
  readRows(req, 'faqs', ['question', 'answer'] as const, MAX_FAQ_ROWS);

export const readFounders = (req: Request): FounderRow[] =>
  readRows(req, 'founders', ['name', 'title', 'bio', 'avatar_url', 'remove_photo'] as const, MAX_FOUNDER_ROWS);

/** The file control of founder row `row`'s photo. */
export const founderPhotoControl = (row: number) => `founders.${row}.photo`;

export const readMilestones = (req: Request): MilestoneRow[] =>
  readRows(req, 'milestones', ['date', 'title', 'description', 'url'] as const, MAX_MILESTONE_ROWS);

/** Optional parts of a row are left out when empty, as the tool's schema has them. */
export const founderInput = (rows: FounderRow[]) =>
  rows.map((r) => ({
    name: r.name,
    ...(r.title ? { title: r.title } : {}),
    ...(r.bio ? { bio: r.bio } : {}),
    avatar_url: (!r.remove_photo && r.avatar_url) || null,
  }));

export const milestoneInput = (rows: MilestoneRow[]) =>
  rows.map((r) => ({
    date: r.date,
    title: r.title,
    ...(r.description ? { description: r.description } : {}),
    ...(r.url ? { url: r.url } : {}),
  }));

/** One link a platform; empty ones are left out (socials replace all). */
export function readSocials(req: Request, group: 'company_socials' | 'founder_socials'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of SOCIAL_PLATFORMS) {
    const link = text(req, `${group}.${p}`).trim();
    if (link) out[p] = link;
  }
  return out;
}

export function readStory(req: Request): Record<string, string> {
  return Object.fromEntries(
    STORY_SECTIONS.filter((s) => has(req, `story.${s}`)).map((s) => [s, text(req, `story.${s}`)]),
  );
}

/** Story sections whose text changed (story merges by section; an empty string clears one). */
export function changedStory(view: DraftView, typed: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(typed).filter(([s, t]) => t.trim() !== (view.story[s] ?? '').trim()));
}

/** The parts of the draft below the profile, each saved whole by update_draft (the story by section). */
export const DRAFT_SECTIONS = [
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'seo',
  'competitor',
] as const;
export type DraftSection = (typeof DRAFT_SECTIONS)[number];

export const isDraftSection = (s: string): s is DraftSection => (DRAFT_SECTIONS as readonly string[]).includes(s);

/** Whether the form carried any control of a group (`faqs.…`, `seo.…`). */
const carries = (req: Request, group: string) =>
  Object.keys((req.body as Record<string, unknown> | undefined) ?? {}).some(
    (k) => k === group || k.startsWith(`${group}.`),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One section as typed and as update_draft's input, and whether it differs from the draft. */
function readSection(
  req: Request,
  view: DraftView,
  section: DraftSection,
): { kept: Kept; input: Record<string, unknown>; changed: boolean } {
  switch (section) {
    case 'faqs': {
      const faqs = readFaqs(req);
      const before = view.faqs.map((f) => ({ question: f.question, answer: f.answer }));
      return { kept: { faqs }, input: { faqs }, changed: !same(faqs, before) };
    }
    case 'founders': {
      const founders = readFounders(req);
      const before = founderInput(
        view.founders.map((f) => ({
          name: f.name,
          title: f.title ?? '',
          bio: f.bio ?? '',
          avatar_url: f.avatar_url ?? '',
        })),
      );
      const input = founderInput(founders);
      return { kept: { founders }, input: { founders: input }, changed: !same(input, before) };
    }
    case 'company_socials':
    case 'founder_socials': {
      const links = readSocials(req, section);
      const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort());
      return {
        kept: { [section]: links },
        input: { [section]: links },
        changed: !same(sorted(links), sorted(view[section])),
      };
    }
    case 'story': {
      const typed = readStory(req);
      const story = changedStory(view, typed);
      return { kept: { story: typed }, input: { story }, changed: Object.keys(story).length > 0 };
    }
    case 'milestones': {
      const milestones = readMilestones(req);
      const input = milestoneInput(milestones);
      const before = milestoneInput(
        view.milestones.map((m) => ({
          date: m.date,
          title: m.title,
          description: m.description ?? '',
          url: m.url ?? '',
        })),
      );
      return { kept: { milestones }, input: { milestones: input }, changed: !same(input, before) };
    }
    case 'seo': {
      const seo = { title: text(req, 'seo.title').trim(), meta: text(req, 'seo.meta').trim() };
      const changed = seo.title !== (view.seo.title ?? '') || seo.meta !== (view.seo.meta ?? '');
      return { kept: { seo }, input: { seo }, changed };
    }
    case 'competitor': {
      const url = withScheme(text(req, 'competitor_url'));
      return {
        kept: { competitor_url: url },
        input: { competitor_url: url },
        changed: url !== (view.competitor?.url ?? ''),
      };
    }
  }
}

/** The name its controls start with: the section's own, but the competitor's one control. */
const groupOf = (section: DraftSection) => (section === 'competitor' ? 'competitor_url' : section);

/**
 * Every edit the form carries, as update_draft's input: the profile fields
 * whose text changed, each section that differs from the draft, and the
 * section whose button was pressed (`pressed`) whatever it holds, as its own
 * save always did (a second "Compare" reads the competitor again). A field
 * restored or redrafted (`leaveOut`) is left out of `fields`. `saved` names
 * the parts sent; `kept` is everything as typed.
 */
export function draftEdits(
  req: Request,
  view: DraftView,
  opts: { pressed?: DraftSection; leaveOut?: FieldName } = {},
): { input: Record<string, unknown>; kept: Kept; saved: ('fields' | DraftSection)[] } {
  const { pressed, leaveOut } = opts;
  const profile = readProfile(req);
  const fields = changedFields(view, profile);
  if (leaveOut) delete fields[leaveOut];
  const input: Record<string, unknown> = {};
  const kept: Kept = { profile };
  const saved: ('fields' | DraftSection)[] = [];
  if (Object.keys(fields).length > 0) {
    input.fields = fields;
    saved.push('fields');
  }
  for (const section of DRAFT_SECTIONS) {
    if (section !== pressed && !carries(req, groupOf(section))) continue;
    const read = readSection(req, view, section);
    Object.assign(kept, read.kept);
    if (read.changed || section === pressed) {
      Object.assign(input, read.input);
      saved.push(section);
    }
  }
  return { input, kept, saved };
}
