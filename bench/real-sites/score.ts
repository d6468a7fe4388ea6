// Scoring a draft against a real site's truth list (format: bench/real-sites/README.md,
// the same as ../shared/real-sites). Pure functions: the bench drafts, these judge.
//
// A drafted value is one profile field with a value, one founder, one social link, or
// the FAQs together. It is judged by the stated facts whose paths name it (their
// fields' values read together), else by the lists: a value on an absent path is
// invented, a trap value is a trap, a founder or link the exhaustive lists do not hold
// is wrong, anything else is unjudged (short descriptions, keywords: no fact to hold
// them to) and stays out of precision. A stated fact is recalled fully, partly, with a
// wrong value, or missed; a missed fact whose field the draft calls not found while a
// page stating it was read is a false not-found.
import { foldTypography } from '../drafts.js';

export interface StatedFact {
  what: string;
  fields: string[];
  accept?: string[];
  all?: string[][];
  min?: number;
  reject?: string[];
  pages?: string[];
}

export interface RealTruth {
  site: string;
  source?: string;
  expect_status?: string;
  stated: Record<string, StatedFact>;
  absent: string[];
  forbidden?: Record<string, string[]>;
  forbidden_any?: string[];
}

export interface DraftShape {
  status: string;
  fields: Record<string, { value: string | string[] | null; evidence?: { quote: string; url: string }[] }>;
  faqs: { question: string; answer: string }[];
  founders: { name: string; title: string | null }[];
  company_socials: Record<string, string>;
  not_found_on_website: string[];
}

export type Verdict = 'full' | 'partial' | 'wrong' | 'invented' | 'trap' | 'unjudged';
export interface JudgedValue {
  /** The path: a field, faqs, founders, or company_socials.<platform>. */
  path: string;
  value: string;
  verdict: Verdict;
  why: string;
}
export type Recall = 'full' | 'partial' | 'wrong' | 'missed';
export interface RecalledFact {
  id: string;
  what: string;
  field: string;
  result: Recall;
  /** Missed and called not found although a page stating it was read. */
  falseNotFound: boolean;
}
export interface DraftScore {
  values: JudgedValue[];
  facts: RecalledFact[];
}

/** Lowercase, typography and spacing folded, entities already decoded. */
export const fold = (s: string): string => foldTypography(s).toLowerCase();

export function holds(needle: string, value: string): boolean {
  const v = fold(value);
  if (needle.startsWith('re:')) return new RegExp(needle.slice(3), 'iu').test(v);
  return v.includes(fold(needle));
}
const holdsAny = (needles: readonly string[] | undefined, value: string) =>
  (needles ?? []).some((n) => holds(n, value));

/** One fact against a value: full, partial (reject, or some but too few groups) or wrong. */
export function judgeFact(fact: StatedFact, value: string): 'full' | 'partial' | 'wrong' {
  let verdict: 'full' | 'partial' | 'wrong';
  if (fact.all?.length) {
    const hit = fact.all.filter((group) => holdsAny(group, value)).length;
    const need = fact.min ?? fact.all.length;
    verdict = hit >= need ? 'full' : hit > 0 ? 'partial' : 'wrong';
    if (fact.accept?.length && holdsAny(fact.accept, value)) verdict = 'full';
  } else verdict = holdsAny(fact.accept, value) ? 'full' : 'wrong';
  if (verdict === 'full' && holdsAny(fact.reject, value)) verdict = 'partial';
  return verdict;
}

const text = (v: string | string[] | null | undefined): string =>
  v == null ? '' : Array.isArray(v) ? v.join('; ') : v;

/** What a path holds in a draft, as one string ("" when empty). */
export function pathValue(draft: DraftShape, path: string): string {
  if (path === 'faqs') return draft.faqs.map((f) => `${f.question} ${f.answer}`).join('; ');
  if (path === 'founders') return draft.founders.map((f) => (f.title ? `${f.name}, ${f.title}` : f.name)).join('; ');
  if (path === 'company_socials') return drafted(draft.company_socials).join(' | ');
  if (path.startsWith('company_socials.')) return draft.company_socials[path.slice(16)] ?? '';
  return text(draft.fields[path]?.value);
}

/** The drafted social links: every platform but `website`, the URL the maker gave. */
const drafted = (socials: Record<string, string>): string[] =>
  Object.entries(socials)
    .filter(([p]) => p !== 'website')
    .map(([, url]) => url);

const factsFor = (truth: RealTruth, path: string) =>
  Object.entries(truth.stated).filter(([, f]) => f.fields.includes(path));

function trapOf(truth: RealTruth, path: string, value: string): string | null {
  const field = path.split('.')[0]!;
  const needles = [...(truth.forbidden?.[path] ?? []), ...(path !== field ? (truth.forbidden?.[field] ?? []) : [])];
  const hit = [...needles, ...(truth.forbidden_any ?? [])].find((n) => holds(n, value));
  return hit ?? null;
}

export function scoreRealDraft(truth: RealTruth, draft: DraftShape, pagesRead: string[]): DraftScore {
  const values: JudgedValue[] = [];
  const judge = (path: string, value: string, joined: string, exhaustive: boolean) => {
    const trap = trapOf(truth, path, value);
    if (trap) return values.push({ path, value, verdict: 'trap', why: `holds "${trap}"` });
    const field = path.split('.')[0]!;
    if (truth.absent.includes(path) || truth.absent.includes(field))
      return values.push({ path, value, verdict: 'invented', why: 'the site does not state it' });
    const facts = factsFor(truth, field);
    if (facts.length === 0)
      return values.push({
        path,
        value,
        verdict: exhaustive ? 'wrong' : 'unjudged',
        why: exhaustive ? 'not among the stated ones' : 'no fact to hold it to',
      });
    // Exhaustive lists judge each item alone; other fields are read with the fact's other fields.
    const order = { full: 0, partial: 1, wrong: 2 } as const;
    let best: 'full' | 'partial' | 'wrong' = 'wrong';
    let by = '';
    for (const [id, f] of facts) {
      const read = exhaustive
        ? value
        : f.fields.length > 1
          ? f.fields.map((p) => pathValue(draft, p)).join(' | ')
          : joined;
      const v = judgeFact(f, read);
      if (order[v] < order[best]) [best, by] = [v, id];
    }
    values.push({ path, value, verdict: best, why: by ? `${by} ${truth.stated[by]!.what}` : 'matches no stated fact' });
  };
  for (const [field, f] of Object.entries(draft.fields)) {
    const t = text(f.value);
    if (t) judge(field, t, t, false);
  }
  if (draft.faqs.length) judge('faqs', pathValue(draft, 'faqs'), pathValue(draft, 'faqs'), false);
  for (const f of draft.founders) {
    const v = f.title ? `${f.name}, ${f.title}` : f.name;
    judge('founders', v, v, true);
  }
  for (const [platform, url] of Object.entries(draft.company_socials))
    if (platform !== 'website') judge(`company_socials.${platform}`, url, url, true);

  const read = new Set(pagesRead.map((u) => new URL(u).pathname));
  const facts: RecalledFact[] = Object.entries(truth.stated).map(([id, f]) => {
    const value = f.fields.map((p) => pathValue(draft, p)).join(' | ');
    const has = f.fields.some((p) => pathValue(draft, p) !== '');
    const result: Recall = has ? judgeFact(f, value) : 'missed';
    const calledNotFound = f.fields.some((p) => draft.not_found_on_website.includes(p));
    const statedOnRead = (f.pages ?? []).some((page) => read.has(`/${page.replace(/(^|\/)index\.html$/, '$1')}`));
    return { id, what: f.what, field: f.fields[0]!, result, falseNotFound: !has && calledNotFound && statedOnRead };
  });
  return { values, facts };
}

export interface Totals {
  drafted: number;
  full: number;
  partial: number;
  wrong: number;
  invented: number;
  trap: number;
  unjudged: number;
  stated: number;
  recalledFull: number;
  recalledPartial: number;
  recalledWrong: number;
  missed: number;
  falseNotFound: number;
  calledNotFound: number;
}

export const emptyTotals = (): Totals => ({
  drafted: 0,
  full: 0,
  partial: 0,
  wrong: 0,
  invented: 0,
  trap: 0,
  unjudged: 0,
  stated: 0,
  recalledFull: 0,
  recalledPartial: 0,
  recalledWrong: 0,
  missed: 0,
  falseNotFound: 0,
  calledNotFound: 0,
});

/** Adds a score to the totals; `only` keeps the values and facts of one field. */
export function addUp(score: DraftScore, into: Totals, only?: string): Totals {
  for (const v of score.values) {
    if (only && v.path.split('.')[0] !== only) continue;
    if (v.verdict === 'unjudged') {
      into.unjudged++;
      continue;
    }
    into.drafted++;
    into[v.verdict]++;
  }
  for (const f of score.facts) {
    if (only && f.field !== only) continue;
    into.stated++;
    if (f.result === 'full') into.recalledFull++;
    else if (f.result === 'partial') into.recalledPartial++;
    else if (f.result === 'wrong') into.recalledWrong++;
    else into.missed++;
    if (f.falseNotFound) into.falseNotFound++;
  }
  return into;
}

export const pct = (n: number, d: number): string => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`);
export const strictPrecision = (t: Totals) => pct(t.full, t.drafted);
export const strictRecall = (t: Totals) => pct(t.recalledFull, t.stated);
export const violations = (t: Totals) => t.invented + t.trap;
