// Draft-quality benchmark on the 13 fixture sites of bench/draft-sites, written
// here: a regression check, not the figure we report (that is the
// real-site corpus, bench/real-drafts.ts). Each is served on 127.0.0.1 and drafted through the real path (createDraft, the
// draft_site job: crawl, drafter, evidence gate, ready), then scored against
// the site's truth.json, written before anyone tuned the extractor against it:
// per field and overall, strict precision (values fully right / values
// drafted), strict recall (facts fully drafted / facts the site states),
// partial counts, violations (a value for a fact the site does not state, a
// trap value, a quote that is not byte-for-byte on the page it names) and the
// time each draft took. A report, not a timed test, and not part of npm test.
//
// Run: npm run bench:drafts:fixtures [-- --site tidewater --site pennant] [--json FILE] [--out FILE] [--env]
// --env drafts with the drafter the environment configures (DRAFTER,
// ANTHROPIC_*, OPENAI_*) instead of the built-in extractor.
// The method and the truth format are in bench/README.md.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { LIST_FIELDS, PROFILE_FIELDS, SOCIAL_PLATFORMS } from '../src/drafts/drafter/fields.js';
import { startDraftBench } from './draft-harness.js';

const here = dirname(fileURLToPath(import.meta.url));
export const SITES_DIR = join(here, 'draft-sites');

// --- Truth -------------------------------------------------------------------------

/** A plain string is the whole value (case and spacing aside); `has` wants every part; `re` a pattern. */
export type Matcher = string | { has: string[] } | { re: string };
export type Status = 'stated' | 'absent' | 'open';

export interface Fact {
  accept: Matcher[];
  partial?: Matcher[];
  evidence: string[];
  note?: string;
}
export interface FieldTruth {
  /** stated: the site states it; absent: it must stay empty; open: no fact to recall, values judged by accept/partial. */
  status: Status;
  /** One-value fields: the right values. List fields: items right beyond the facts. */
  accept?: Matcher[];
  partial?: Matcher[];
  /** One-value fields, stated: text on the site that states it. */
  evidence?: string[];
  /** List fields, stated: each fact the list should carry. */
  facts?: Fact[];
  note?: string;
}
export interface FaqFact {
  question: Matcher[];
  answer: Matcher[];
  evidence?: string[];
}
export interface FounderFact {
  name: Matcher[];
  title?: Matcher[];
  evidence?: string[];
}
export interface SocialFact {
  platform: string[];
  accept: Matcher[];
  evidence?: string[];
}
export interface Group<F> {
  status: Status;
  facts?: F[];
  accept?: F[];
  note?: string;
}
export interface Trap {
  /** Field names (profile fields, faqs, founders, socials) or "*" for every one. */
  fields: string[];
  match: Matcher[];
  why: string;
}
export interface SiteTruth {
  site: string;
  shape: string;
  /** Same-site links that lead nowhere on purpose (real sites have them). */
  broken_links?: string[];
  fields: Record<string, FieldTruth>;
  faqs: Group<FaqFact>;
  founders: Group<FounderFact>;
  socials: Group<SocialFact>;
  traps: Trap[];
}

// The draft's fields and social platforms, as the drafters and the gate know them.
export const TRUTH_FIELDS = PROFILE_FIELDS;
export const TRUTH_LIST_FIELDS: ReadonlySet<string> = new Set(LIST_FIELDS);
export const GROUPS = ['faqs', 'founders', 'socials'] as const;
const ALL_FIELDS: readonly string[] = [...TRUTH_FIELDS, ...GROUPS];
const SOCIAL_KEYS: readonly string[] = SOCIAL_PLATFORMS;

function matcherProblems(m: unknown, where: string): string[] {
  if (typeof m === 'string') return m.trim() ? [] : [`${where}: empty matcher`];
  if (m && typeof m === 'object') {
    const o = m as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && Array.isArray(o.has) && o.has.length > 0 && o.has.every((h) => typeof h === 'string' && h))
      return [];
    if (keys.length === 1 && typeof o.re === 'string') {
      try {
        new RegExp(o.re, 'isu');
        return [];
      } catch (err) {
        return [`${where}: bad pattern ${o.re}: ${(err as Error).message}`];
      }
    }
  }
  return [`${where}: a matcher is a string, {"has": [...]} or {"re": "..."}`];
}

const matchersProblems = (list: unknown, where: string, required = false): string[] => {
  if (list === undefined) return required ? [`${where}: missing`] : [];
  if (!Array.isArray(list) || list.length === 0) return [`${where}: must be a non-empty list`];
  return list.flatMap((m, i) => matcherProblems(m, `${where}[${i}]`));
};

const evidenceProblems = (list: unknown, where: string): string[] =>
  Array.isArray(list) && list.length > 0 && list.every((e) => typeof e === 'string' && e.trim())
    ? []
    : [`${where}: needs evidence (text on the site)`];

function onlyKeys(obj: Record<string, unknown>, allowed: string[], where: string): string[] {
  return Object.keys(obj)
    .filter((k) => !allowed.includes(k))
    .map((k) => `${where}: unknown key "${k}"`);
}

/**
 * What is wrong with a truth file: unknown fields or keys, a field not judged,
 * stated facts without evidence, bad matchers, categories not in `categories`.
 */
export function truthProblems(raw: unknown, categories?: readonly string[]): string[] {
  const problems: string[] = [];
  if (!raw || typeof raw !== 'object') return ['truth must be an object'];
  const t = raw as Record<string, unknown>;
  problems.push(
    ...onlyKeys(t, ['site', 'shape', 'broken_links', 'fields', 'faqs', 'founders', 'socials', 'traps'], 'truth'),
  );
  if (typeof t.site !== 'string' || !t.site) problems.push('site: missing');
  if (typeof t.shape !== 'string' || !t.shape) problems.push('shape: missing');
  const fields = (t.fields ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(fields))
    if (!(TRUTH_FIELDS as readonly string[]).includes(key)) problems.push(`fields.${key}: not a draft field`);
  for (const field of TRUTH_FIELDS) {
    const where = `fields.${field}`;
    const f = fields[field] as Record<string, unknown> | undefined;
    if (!f || typeof f !== 'object') {
      problems.push(`${where}: not judged (every draft field needs a status)`);
      continue;
    }
    problems.push(...onlyKeys(f, ['status', 'accept', 'partial', 'evidence', 'facts', 'note'], where));
    if (!['stated', 'absent', 'open'].includes(f.status as string))
      problems.push(`${where}.status: stated, absent or open`);
    const list = TRUTH_LIST_FIELDS.has(field);
    problems.push(...matchersProblems(f.accept, `${where}.accept`), ...matchersProblems(f.partial, `${where}.partial`));
    if (f.status === 'absent' && (f.accept || f.partial || f.facts))
      problems.push(`${where}: an absent field has no accepted values`);
    if (f.status === 'stated' && !list) {
      if (f.accept === undefined) problems.push(`${where}.accept: a stated field needs its right values`);
      problems.push(...evidenceProblems(f.evidence, `${where}.evidence`));
    }
    if (!list && f.facts) problems.push(`${where}: facts are for list fields`);
    if (list && f.evidence) problems.push(`${where}: evidence goes on each fact of a list field`);
    if (list && f.status === 'stated') {
      if (!Array.isArray(f.facts) || f.facts.length === 0) problems.push(`${where}.facts: a stated list needs facts`);
    }
    if (f.status !== 'stated' && f.facts) problems.push(`${where}: only a stated field has facts`);
    for (const [i, fact] of ((f.facts as Record<string, unknown>[]) ?? []).entries()) {
      problems.push(...onlyKeys(fact, ['accept', 'partial', 'evidence', 'note'], `${where}.facts[${i}]`));
      problems.push(
        ...matchersProblems(fact.accept, `${where}.facts[${i}].accept`, true),
        ...matchersProblems(fact.partial, `${where}.facts[${i}].partial`),
        ...evidenceProblems(fact.evidence, `${where}.facts[${i}].evidence`),
      );
    }
    if (field === 'categories' && categories) {
      const known = new Set(categories);
      const names = [
        ...((f.accept as Matcher[]) ?? []),
        ...((f.facts as Fact[]) ?? []).flatMap((x) => x.accept),
      ].filter((m): m is string => typeof m === 'string');
      for (const name of names) if (!known.has(name)) problems.push(`${where}: "${name}" is not a category`);
    }
  }
  for (const group of GROUPS) {
    const g = t[group] as Record<string, unknown> | undefined;
    const where = group;
    if (!g || typeof g !== 'object') {
      problems.push(`${where}: not judged`);
      continue;
    }
    problems.push(...onlyKeys(g, ['status', 'facts', 'accept', 'note'], where));
    if (!['stated', 'absent', 'open'].includes(g.status as string))
      problems.push(`${where}.status: stated, absent or open`);
    if (g.status === 'stated' && (!Array.isArray(g.facts) || g.facts.length === 0))
      problems.push(`${where}.facts: stated needs facts`);
    if (g.status !== 'stated' && g.facts) problems.push(`${where}: only stated has facts`);
    if (g.status === 'absent' && g.accept) problems.push(`${where}: absent has no accepted values`);
    const items = [
      ...((g.facts as Record<string, unknown>[]) ?? []).map((x, i) => [x, `${where}.facts[${i}]`, true] as const),
      ...((g.accept as Record<string, unknown>[]) ?? []).map((x, i) => [x, `${where}.accept[${i}]`, false] as const),
    ];
    for (const [item, at, isFact] of items) {
      if (group === 'faqs') {
        problems.push(...onlyKeys(item, ['question', 'answer', 'evidence'], at));
        problems.push(
          ...matchersProblems(item.question, `${at}.question`, true),
          ...matchersProblems(item.answer, `${at}.answer`, true),
        );
      } else if (group === 'founders') {
        problems.push(...onlyKeys(item, ['name', 'title', 'evidence'], at));
        problems.push(
          ...matchersProblems(item.name, `${at}.name`, true),
          ...matchersProblems(item.title, `${at}.title`),
        );
      } else {
        problems.push(...onlyKeys(item, ['platform', 'accept', 'evidence'], at));
        problems.push(...matchersProblems(item.accept, `${at}.accept`, true));
        const platforms = item.platform;
        if (!Array.isArray(platforms) || platforms.length === 0 || !platforms.every((p) => SOCIAL_KEYS.includes(p)))
          problems.push(`${at}.platform: a list of ${SOCIAL_KEYS.join(', ')}`);
      }
      if (isFact) problems.push(...evidenceProblems(item.evidence, `${at}.evidence`));
    }
  }
  if (!Array.isArray(t.traps)) problems.push('traps: must be a list (may be empty)');
  for (const [i, trap] of ((t.traps as Record<string, unknown>[]) ?? []).entries()) {
    const at = `traps[${i}]`;
    problems.push(...onlyKeys(trap, ['fields', 'match', 'why'], at));
    if (!Array.isArray(trap.fields) || trap.fields.length === 0) problems.push(`${at}.fields: missing`);
    for (const f of (trap.fields as string[]) ?? [])
      if (f !== '*' && !ALL_FIELDS.includes(f)) problems.push(`${at}.fields: "${f}" is not a field`);
    problems.push(...matchersProblems(trap.match, `${at}.match`, true));
    if (typeof trap.why !== 'string' || !trap.why) problems.push(`${at}.why: say why it is a trap`);
  }
  if (
    t.broken_links !== undefined &&
    !(Array.isArray(t.broken_links) && t.broken_links.every((l) => typeof l === 'string'))
  )
    problems.push('broken_links: a list of paths');
  return problems;
}

export function loadTruth(siteDir: string): SiteTruth {
  return JSON.parse(readFileSync(join(siteDir, 'truth.json'), 'utf8')) as SiteTruth;
}

/** The fixture sites: every folder of bench/draft-sites with a truth.json, by name. */
export function siteNames(dir = SITES_DIR): string[] {
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory())
    .sort();
}

// --- Matching ------------------------------------------------------------------------

const WS = /[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

/** Whitespace folded to one space, NFC: how a quote is compared with a page ("byte-for-byte" but for spacing). */
export const foldSpace = (s: string): string => s.normalize('NFC').replace(WS, ' ').trim();

/** Typographic quotes, apostrophes and dashes read as ASCII too. */
export const foldTypography = (s: string): string =>
  foldSpace(s)
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...');

const trimEnds = (s: string) =>
  s
    .replace(/^["'\s]+|["'\s]+$/g, '')
    .replace(/[.!:;,]+$/, '')
    .trim();

/** For plain-string matchers: case and spacing aside, a trailing full stop aside, but every letter and apostrophe as written. */
const exactForm = (s: string) => trimEnds(foldSpace(s).toLowerCase());
/** For `has` and `re`: typography folded as well. */
const looseForm = (s: string) => foldTypography(s).toLowerCase();

export function matches(m: Matcher, value: string): boolean {
  if (typeof m === 'string') return exactForm(value) === exactForm(m);
  if ('has' in m) {
    const v = looseForm(value);
    return m.has.every((part) => v.includes(looseForm(part)));
  }
  const re = new RegExp(m.re, 'isu');
  return re.test(value) || re.test(foldTypography(value));
}

export const matchesAny = (list: readonly Matcher[] | undefined, value: string): boolean =>
  (list ?? []).some((m) => matches(m, value));

/** A URL as compared for socials: https, no www., no trailing slash, host lower-cased. */
export function normalizeUrl(url: string): string {
  try {
    const u = new URL(url.trim());
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    return `https://${host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return url.trim();
  }
}

const matchesUrl = (list: readonly Matcher[] | undefined, url: string): boolean =>
  (list ?? []).some((m) => (typeof m === 'string' ? normalizeUrl(m) === normalizeUrl(url) : matches(m, url)));

/** Heading permalink marks carried into a value: ¶, 🔗, or a lone # or § at either end. */
export const hasPermalinkNoise = (value: string): boolean =>
  /¶|🔗/u.test(value) || /(^|\s)[#§]$/.test(value.trim()) || /^[#§](\s|$)/.test(value.trim());

/** The value without its permalink marks: what it would be had the drafter dropped them. */
export const withoutPermalinkNoise = (value: string): string =>
  value
    .replace(/\s*(¶|🔗)\s*/gu, ' ')
    .trim()
    .replace(/(^|\s)[#§]$/, '')
    .replace(/^[#§](\s|$)/, '')
    .trim();

// --- Judging ---------------------------------------------------------------------------

export type Verdict = 'full' | 'partial' | 'wrong' | 'invented' | 'trap';
export interface Judged {
  field: string;
  value: string;
  verdict: Verdict;
  /** The fact this value drafts (index into the field's facts), if any. */
  fact?: number;
  why?: string;
}

const trapFor = (truth: SiteTruth, field: string, values: string[]): Trap | undefined =>
  truth.traps.find(
    (t) =>
      (t.fields.includes(field) || t.fields.includes('*')) &&
      values.some((v) => (field === 'socials' ? matchesUrl(t.match, v) : matchesAny(t.match, v))),
  );

/** A fact list for a field: one fact for a stated one-value field, the facts of a stated list. */
export function factsOf(field: string, t: FieldTruth): Fact[] {
  if (t.status !== 'stated') return [];
  if (TRUTH_LIST_FIELDS.has(field)) return t.facts ?? [];
  return [{ accept: t.accept ?? [], partial: t.partial, evidence: t.evidence ?? [] }];
}

const noisy = (j: Judged): Judged =>
  j.verdict === 'full' && hasPermalinkNoise(j.value)
    ? { ...j, verdict: 'partial', why: 'carries a permalink mark' }
    : j;

/** A feature or selling point of one word ("Search", "Reader") says too little to be fully right. */
const bare = (j: Judged): Judged =>
  j.verdict === 'full' &&
  (j.field === 'features' || j.field === 'usps') &&
  withoutPermalinkNoise(j.value).split(/\s+/).length === 1
    ? { ...j, verdict: 'partial', why: 'a bare word, not a feature with its sentence' }
    : j;

/** One drafted value (or list item) of a profile field against the site's truth. */
export function judgeValue(truth: SiteTruth, field: string, value: string): Judged {
  const t = truth.fields[field]!;
  const trap = trapFor(truth, field, [value]);
  if (trap) return { field, value, verdict: 'trap', why: trap.why };
  if (t.status === 'absent') return { field, value, verdict: 'invented', why: 'the site does not state it' };
  const facts = factsOf(field, t);
  const clean = withoutPermalinkNoise(value);
  for (const [i, fact] of facts.entries())
    if (matchesAny(fact.accept, clean)) return bare(noisy({ field, value, verdict: 'full', fact: i }));
  for (const [i, fact] of facts.entries())
    if (matchesAny(fact.partial, clean)) return { field, value, verdict: 'partial', fact: i, why: 'partly right' };
  if (matchesAny(t.accept, clean)) return bare(noisy({ field, value, verdict: 'full' }));
  if (matchesAny(t.partial, clean)) return { field, value, verdict: 'partial', why: 'partly right' };
  return { field, value, verdict: 'wrong' };
}

export function judgeFaq(truth: SiteTruth, q: string, a: string): Judged {
  const value = `${q} → ${a}`;
  const trap = trapFor(truth, 'faqs', [q, a]);
  if (trap) return { field: 'faqs', value, verdict: 'trap', why: trap.why };
  const g = truth.faqs;
  if (g.status === 'absent') return { field: 'faqs', value, verdict: 'invented', why: 'the site has no FAQ' };
  const judge = (f: FaqFact, fact?: number): Judged | null => {
    if (!matchesAny(f.question, withoutPermalinkNoise(q))) return null;
    if (!matchesAny(f.answer, a)) return { field: 'faqs', value, verdict: 'partial', fact, why: 'answer not right' };
    return noisy({ field: 'faqs', value, verdict: 'full', fact });
  };
  for (const [i, f] of (g.facts ?? []).entries()) {
    const j = judge(f, i);
    if (j) return j;
  }
  for (const f of g.accept ?? []) {
    const j = judge(f);
    if (j) return j;
  }
  return { field: 'faqs', value, verdict: 'wrong' };
}

export function judgeFounder(truth: SiteTruth, name: string, title: string | null): Judged {
  const value = title ? `${name} (${title})` : name;
  const trap = trapFor(truth, 'founders', [name]);
  if (trap) return { field: 'founders', value, verdict: 'trap', why: trap.why };
  const g = truth.founders;
  if (g.status === 'absent') return { field: 'founders', value, verdict: 'invented', why: 'the site names no maker' };
  const judge = (f: FounderFact, fact?: number): Judged | null => {
    if (!matchesAny(f.name, withoutPermalinkNoise(name))) return null;
    if (f.title && !(title && matchesAny(f.title, title)))
      return { field: 'founders', value, verdict: 'partial', fact, why: title ? 'title not right' : 'title missing' };
    return noisy({ field: 'founders', value, verdict: 'full', fact });
  };
  for (const [i, f] of (g.facts ?? []).entries()) {
    const j = judge(f, i);
    if (j) return j;
  }
  for (const f of g.accept ?? []) {
    const j = judge(f);
    if (j) return j;
  }
  return { field: 'founders', value, verdict: 'wrong' };
}

export function judgeSocial(truth: SiteTruth, platform: string, url: string): Judged {
  const value = `${platform}: ${url}`;
  const trap = trapFor(truth, 'socials', [url]);
  if (trap) return { field: 'socials', value, verdict: 'trap', why: trap.why };
  const g = truth.socials;
  if (g.status === 'absent') return { field: 'socials', value, verdict: 'invented', why: 'the site links no profile' };
  const judge = (f: SocialFact, fact?: number): Judged | null => {
    if (!matchesUrl(f.accept, url)) return null;
    if (!f.platform.includes(platform))
      return { field: 'socials', value, verdict: 'partial', fact, why: `platform should be ${f.platform.join('/')}` };
    return { field: 'socials', value, verdict: 'full', fact };
  };
  for (const [i, f] of (g.facts ?? []).entries()) {
    const j = judge(f, i);
    if (j) return j;
  }
  for (const f of g.accept ?? []) {
    const j = judge(f);
    if (j) return j;
  }
  return { field: 'socials', value, verdict: 'wrong' };
}

// --- Pages as text -----------------------------------------------------------------------

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);
const INLINE = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CITE',
  'CODE',
  'DATA',
  'DFN',
  'EM',
  'I',
  'KBD',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
  'IMG',
  'SVG',
  'LABEL',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'data-src']);
/** Attributes whose values a page says (not class names, ids or styles). */
const TEXT_ATTRIBUTES = new Set([
  ...URL_ATTRIBUTES,
  'content',
  'alt',
  'title',
  'aria-label',
  'value',
  'placeholder',
  'label',
  'datetime',
]);

function jsonStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) jsonStrings(v, out);
}

/**
 * Everything a page says, as the lines a quote may be taken from: the visible
 * text (a line per block element), the title, every attribute value (meta
 * contents, links as written and resolved against `pageUrl`, alt and aria
 * labels), and the strings of its JSON-LD. Spacing folded, nothing else changed.
 */
export function pageText(html: string, pageUrl: string): string {
  const dom = new JSDOM(html, { url: pageUrl, virtualConsole: new VirtualConsole() });
  try {
    const doc = dom.window.document;
    const lines: string[] = [doc.title];
    let current = '';
    const flush = () => {
      if (current.trim()) lines.push(current);
      current = '';
    };
    const walk = (node: Node): void => {
      if (node.nodeType === 3) {
        current += node.textContent ?? '';
        return;
      }
      if (node.nodeType !== 1) return;
      const el = node as Element;
      if (SKIP.has(el.tagName)) return;
      const block = !INLINE.has(el.tagName);
      if (block) flush();
      for (const child of Array.from(el.childNodes)) walk(child);
      if (block) flush();
    };
    if (doc.body) walk(doc.body);
    flush();
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (!attr.value.trim() || !TEXT_ATTRIBUTES.has(attr.name)) continue;
        lines.push(attr.value);
        if (URL_ATTRIBUTES.has(attr.name) || (attr.name === 'content' && /^(\/|https?:)/.test(attr.value))) {
          try {
            lines.push(new URL(attr.value, pageUrl).href);
          } catch {
            // not a URL
          }
        }
      }
    }
    for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
      try {
        jsonStrings(JSON.parse(script.textContent ?? ''), lines);
      } catch {
        // not JSON
      }
    }
    return lines.map(foldSpace).filter(Boolean).join('\n');
  } finally {
    dom.window.close();
  }
}

/** The site's HTML files, by path inside the site folder. */
export function htmlFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (extname(name) === '.html') out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** The file a URL path names: the file itself, path.html, or path/index.html; null when none (or outside the site). */
export function fileForPath(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/');
  } catch {
    return null;
  }
  const base = resolve(root);
  const target = normalize(join(base, path));
  if (target !== base && !target.startsWith(base + sep)) return null;
  const candidates = path.endsWith('/')
    ? [join(target, 'index.html')]
    : [target, `${target}.html`, join(target, 'index.html')];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** Same-site links of every page (path form), for the integrity test. */
export function siteLinks(root: string): { from: string; path: string }[] {
  const out: { from: string; path: string }[] = [];
  const origin = 'http://127.0.0.1';
  for (const file of htmlFiles(root)) {
    const pageUrl = `${origin}/${file.replace(/(^|\/)index\.html$/, '$1')}`;
    const dom = new JSDOM(readFileSync(join(root, file), 'utf8'), {
      url: pageUrl,
      virtualConsole: new VirtualConsole(),
    });
    for (const a of Array.from(dom.window.document.querySelectorAll('a[href]'))) {
      const href = a.getAttribute('href')!;
      if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith('#')) continue;
      const url = new URL(href, pageUrl);
      // Downloads and images are not pages (the crawler does not read them either).
      if (url.origin === origin && !/\.(?!html?$)[a-z0-9]+$/i.test(url.pathname))
        out.push({ from: file, path: url.pathname });
    }
    dom.window.close();
  }
  return out;
}

// --- Serving a site -----------------------------------------------------------------------

export interface ServedSite {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
};

/**
 * Serves a fixture folder on 127.0.0.1: its HTML by path (see fileForPath), its robots.txt, 404 for anything
 * else; `anyFile` also serves its CSS and images (never truth.json, site.json or SOURCE.txt).
 */
export async function serveDraftSite(root: string, options: { anyFile?: boolean } = {}): Promise<ServedSite> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(req.url ?? '/');
    if (path === '/robots.txt') {
      const robots = join(root, 'robots.txt');
      if (!existsSync(robots)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(readFileSync(robots));
    }
    const file = fileForPath(root, path);
    if (file && options.anyFile && TYPES[extname(file).toLowerCase()] && !/SOURCE\.txt$/.test(file))
      return void res.writeHead(200, { 'content-type': TYPES[extname(file).toLowerCase()]! }).end(readFileSync(file));
    if (!file || extname(file) !== '.html')
      return void res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
    if (!path.endsWith('/') && file.endsWith(`${sep}index.html`) && !path.endsWith('index.html'))
      return void res.writeHead(301, { location: `${path}/` }).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

// --- Scoring one draft -------------------------------------------------------------------------

export interface Evidence {
  quote: string;
  url: string;
}
/** What the benchmark reads of a finished draft (a subset of src/drafts/drafts.ts Draft). */
export interface DraftResult {
  fields: Record<string, { value: string | string[] | null; evidence: Evidence[] }>;
  faqs: { question: string; answer: string; evidence?: Evidence[] }[];
  founders: { name: string; title: string | null; evidence?: Evidence[] }[];
  company_socials: Record<string, unknown>;
}

export interface QuoteIssue {
  field: string;
  quote: string;
  url: string;
  problem: string;
}
export interface FactResult {
  field: string;
  fact: string;
  result: 'full' | 'partial' | 'missed';
  /** For a missed or partial fact: whether a page stating it was read. */
  pageRead?: boolean;
}
export interface SiteScore {
  site: string;
  status: string;
  failure: string | null;
  ms: number;
  pagesRead: string[];
  sitePages: number;
  judged: Judged[];
  facts: FactResult[];
  quotes: QuoteIssue[];
  quotesChecked: number;
}

const factLabel = (field: string, truth: SiteTruth, i: number): string => {
  const first = (ms: readonly Matcher[] | undefined) => {
    const m = ms?.[0];
    if (!m) return '?';
    return typeof m === 'string' ? m : 'has' in m ? m.has.join(' + ') : `/${m.re}/`;
  };
  if (field === 'faqs') return first(truth.faqs.facts?.[i]?.question);
  if (field === 'founders') return first(truth.founders.facts?.[i]?.name);
  if (field === 'socials') {
    const f = truth.socials.facts?.[i];
    return `${f?.platform.join('/')}: ${first(f?.accept)}`;
  }
  return first(factsOf(field, truth.fields[field]!)[i]?.accept);
};

const evidenceOfFact = (field: string, truth: SiteTruth, i: number): string[] => {
  if (field === 'faqs') return truth.faqs.facts?.[i]?.evidence ?? [];
  if (field === 'founders') return truth.founders.facts?.[i]?.evidence ?? [];
  if (field === 'socials') return truth.socials.facts?.[i]?.evidence ?? [];
  return factsOf(field, truth.fields[field]!)[i]?.evidence ?? [];
};

function socialUrl(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { url?: unknown }).url === 'string') return (v as { url: string }).url;
  return null;
}

/**
 * Scores one finished draft: every value judged, every fact found or missed,
 * every quote looked up on the page it names. `pages` maps a crawled URL to
 * its text as pageText gives it (null when the URL is not a page of the site).
 */
export function scoreDraft(
  truth: SiteTruth,
  draft: DraftResult,
  pages: { text(url: string): string | null; read: string[]; all: { url: string; text: string }[] },
): Pick<SiteScore, 'judged' | 'facts' | 'quotes' | 'quotesChecked'> {
  const judged: Judged[] = [];
  for (const field of TRUTH_FIELDS) {
    const value = draft.fields[field]?.value ?? null;
    const items = value == null ? [] : Array.isArray(value) ? value : [value];
    for (const item of items) judged.push(judgeValue(truth, field, item));
  }
  for (const f of draft.faqs) judged.push(judgeFaq(truth, f.question, f.answer));
  for (const f of draft.founders) judged.push(judgeFounder(truth, f.name, f.title));
  for (const [platform, v] of Object.entries(draft.company_socials)) {
    const url = socialUrl(v);
    if (platform === 'website' || !url) continue; // the URL the maker gave, not drafted
    judged.push(judgeSocial(truth, platform, url));
  }

  const facts: FactResult[] = [];
  const readText = pages.all.filter((p) => pages.read.includes(p.url)).map((p) => foldSpace(p.text));
  const stated = (field: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const hits = judged.filter((j) => j.field === field && j.fact === i);
      const result = hits.some((j) => j.verdict === 'full')
        ? 'full'
        : hits.some((j) => j.verdict === 'partial')
          ? 'partial'
          : 'missed';
      const fact: FactResult = { field, fact: factLabel(field, truth, i), result };
      if (result !== 'full') {
        const ev = evidenceOfFact(field, truth, i).map(foldSpace);
        fact.pageRead = readText.some((t) => ev.some((e) => t.includes(e)));
      }
      facts.push(fact);
    }
  };
  for (const field of TRUTH_FIELDS) stated(field, factsOf(field, truth.fields[field]!).length);
  for (const group of GROUPS) if (truth[group].status === 'stated') stated(group, truth[group].facts?.length ?? 0);

  const quotes: QuoteIssue[] = [];
  let quotesChecked = 0;
  const check = (field: string, evidence: Evidence[] | undefined) => {
    for (const e of evidence ?? []) {
      quotesChecked++;
      const page = pages.text(e.url);
      // A quote may run across blocks (the gate folds every line break too); it must not change a letter.
      const text = page === null ? null : foldSpace(page);
      const quote = foldSpace(e.quote);
      if (text === null)
        quotes.push({ field, quote: e.quote, url: e.url, problem: 'names a page that is not on the site' });
      else if (text.includes(quote)) continue;
      else if (foldTypography(text).includes(foldTypography(quote)))
        quotes.push({
          field,
          quote: e.quote,
          url: e.url,
          problem: 'quote differs from the page in its typography (’ “ – …)',
        });
      else quotes.push({ field, quote: e.quote, url: e.url, problem: 'quote is not on the page it names' });
    }
  };
  for (const field of TRUTH_FIELDS) check(field, draft.fields[field]?.evidence);
  for (const f of draft.faqs) check('faqs', f.evidence);
  for (const f of draft.founders) check('founders', f.evidence);
  for (const v of Object.values(draft.company_socials))
    if (v && typeof v === 'object' && Array.isArray((v as { evidence?: unknown }).evidence))
      check('socials', (v as { evidence: Evidence[] }).evidence);
  return { judged, facts, quotes, quotesChecked };
}

// --- Totals and the report -------------------------------------------------------------------------

export interface Tally {
  drafted: number;
  full: number;
  partial: number;
  wrong: number;
  invented: number;
  trap: number;
  stated: number;
  recalledFull: number;
  recalledPartial: number;
  missed: number;
  missedUnread: number;
}

export const emptyTally = (): Tally => ({
  drafted: 0,
  full: 0,
  partial: 0,
  wrong: 0,
  invented: 0,
  trap: 0,
  stated: 0,
  recalledFull: 0,
  recalledPartial: 0,
  missed: 0,
  missedUnread: 0,
});

export function tally(judged: Judged[], facts: FactResult[], into = emptyTally()): Tally {
  for (const j of judged) {
    into.drafted++;
    into[j.verdict]++;
  }
  for (const f of facts) {
    into.stated++;
    if (f.result === 'full') into.recalledFull++;
    else if (f.result === 'partial') into.recalledPartial++;
    else {
      into.missed++;
      if (f.pageRead === false) into.missedUnread++;
    }
  }
  return into;
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`);
export const precision = (t: Tally) => pct(t.full, t.drafted);
export const recall = (t: Tally) => pct(t.recalledFull, t.stated);
const violationsOf = (t: Tally, quoteIssues: number) => t.invented + t.trap + quoteIssues;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const clip = (s: string, n = 110) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function report(
  scores: SiteScore[],
  meta: { drafter: string; date: string; seconds: number; label?: string },
): string {
  const total = emptyTally();
  for (const s of scores) tally(s.judged, s.facts, total);
  const quoteIssues = scores.reduce((n, s) => n + s.quotes.length, 0);
  const quotesChecked = scores.reduce((n, s) => n + s.quotesChecked, 0);
  const lines: string[] = [];
  lines.push('# Draft quality benchmark');
  lines.push('');
  lines.push(
    `Run ${meta.date} with the \`${meta.drafter}\` drafter${meta.label ? ` (${meta.label})` : ''} on ${scores.length} fixture sites (\`bench/draft-sites\`), ${meta.seconds.toFixed(1)} s in all. Method: \`bench/README.md\`. Regenerate with \`npm run bench:drafts\`.`,
  );
  lines.push('');
  lines.push('## Totals');
  lines.push('');
  lines.push('| | |');
  lines.push('|---|---|');
  lines.push(`| values drafted | ${total.drafted} |`);
  lines.push(`| fully right | ${total.full} |`);
  lines.push(`| partly right | ${total.partial} |`);
  lines.push(`| wrong | ${total.wrong} |`);
  lines.push(`| **strict precision** (fully right / drafted) | **${precision(total)}** |`);
  lines.push(`| facts the sites state | ${total.stated} |`);
  lines.push(`| drafted fully | ${total.recalledFull} |`);
  lines.push(`| drafted partly | ${total.recalledPartial} |`);
  lines.push(`| missed (of them on a page never read) | ${total.missed} (${total.missedUnread}) |`);
  lines.push(`| **strict recall** (drafted fully / stated) | **${recall(total)}** |`);
  lines.push(
    `| **violations** | **${violationsOf(total, quoteIssues)}**: ${total.invented} invented, ${total.trap} trap values, ${quoteIssues} quotes not on their page (of ${quotesChecked} checked) |`,
  );
  const ready = scores.filter((s) => s.status === 'ready');
  const times = ready.map((s) => s.ms / 1000);
  lines.push(
    `| time per draft | ${times.length ? `median ${median(times).toFixed(2)} s, slowest ${Math.max(...times).toFixed(2)} s` : '–'}; ${ready.length} of ${scores.length} ready |`,
  );
  lines.push('');

  lines.push('## Per field');
  lines.push('');
  lines.push(
    '| field | drafted | full | partial | wrong | invented | trap | strict precision | stated | recalled full | partial | missed (unread) | strict recall |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const field of [...TRUTH_FIELDS, ...GROUPS]) {
    const t = emptyTally();
    for (const s of scores)
      tally(
        s.judged.filter((j) => j.field === field),
        s.facts.filter((f) => f.field === field),
        t,
      );
    lines.push(
      `| ${field} | ${t.drafted} | ${t.full} | ${t.partial} | ${t.wrong} | ${t.invented} | ${t.trap} | ${precision(t)} | ${t.stated} | ${t.recalledFull} | ${t.recalledPartial} | ${t.missed} (${t.missedUnread}) | ${recall(t)} |`,
    );
  }
  lines.push('');

  lines.push('## Per site');
  lines.push('');
  lines.push(
    '| site | status | time | pages read / HTML pages | drafted | strict precision | stated | strict recall | violations |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const s of scores) {
    const t = tally(s.judged, s.facts);
    lines.push(
      `| ${s.site} | ${s.status}${s.failure ? `: ${cell(s.failure)}` : ''} | ${(s.ms / 1000).toFixed(2)} s | ${s.pagesRead.length} / ${s.sitePages} | ${t.drafted} | ${precision(t)} | ${t.stated} | ${recall(t)} | ${violationsOf(t, s.quotes.length)} |`,
    );
  }
  lines.push('');

  const violations = scores.flatMap((s) => [
    ...s.judged
      .filter((j) => j.verdict === 'invented' || j.verdict === 'trap')
      .map((j) => `| ${s.site} | ${j.field} | ${j.verdict} | ${cell(clip(j.value))} | ${cell(j.why ?? '')} |`),
    ...s.quotes.map((q) => `| ${s.site} | ${q.field} | quote | ${cell(clip(q.quote))} | ${cell(q.problem)} |`),
  ]);
  lines.push('## Violations');
  lines.push('');
  if (violations.length === 0) lines.push('None.');
  else {
    lines.push('| site | field | kind | value or quote | why |');
    lines.push('|---|---|---|---|---|');
    lines.push(...violations);
  }
  lines.push('');

  lines.push('## Details');
  lines.push('');
  lines.push(
    'Every drafted value with its verdict, then the facts not drafted fully ("unread": no page stating it was read). Use this to see what went wrong, not to edit the truth files: a truth changed after a run needs a reason a reviewer can check against the site.',
  );
  for (const s of scores) {
    lines.push('');
    lines.push(`### ${s.site}`);
    lines.push('');
    lines.push(`Pages read: ${s.pagesRead.map((u) => `\`${new URL(u).pathname}\``).join(', ') || 'none'}.`);
    lines.push('');
    if (s.judged.length > 0) {
      lines.push('| field | verdict | value | note |');
      lines.push('|---|---|---|---|');
      for (const j of s.judged)
        lines.push(`| ${j.field} | ${j.verdict} | ${cell(clip(j.value))} | ${cell(j.why ?? '')} |`);
      lines.push('');
    }
    const notFull = s.facts.filter((f) => f.result !== 'full');
    if (notFull.length > 0) {
      lines.push(
        `Not drafted fully: ${notFull.map((f) => `${f.field} "${cell(clip(f.fact, 60))}" (${f.result}${f.pageRead === false ? ', unread' : ''})`).join('; ')}.`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

// --- Running the drafts -------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      site: { type: 'string', multiple: true },
      json: { type: 'string' },
      out: { type: 'string', default: join(here, 'results-drafts-fixtures.md') },
      env: { type: 'boolean', default: false },
      label: { type: 'string' },
    },
  });
  const started = performance.now();
  const names = values.site?.length ? values.site : siteNames();
  const bench = await startDraftBench(values.env!);
  try {
    const categoryNames = bench.categoryNames;
    const truths = names.map((name) => {
      const truth = loadTruth(join(SITES_DIR, name));
      const problems = truthProblems(truth, categoryNames);
      if (problems.length) throw new Error(`${name}/truth.json:\n  ${problems.join('\n  ')}`);
      return { name, truth, root: join(SITES_DIR, name) };
    });

    const scores: SiteScore[] = [];
    for (const { name, truth, root } of truths) {
      const served = await serveDraftSite(root);
      try {
        const { draft, ms, read } = await bench.draftUrl(served.url);
        const cache = new Map<string, string | null>();
        const text = (url: string): string | null => {
          if (!cache.has(url)) {
            let file: string | null = null;
            try {
              const u = new URL(url);
              if (`${u.origin}/` === served.url) file = fileForPath(root, u.pathname);
            } catch {
              file = null;
            }
            cache.set(url, file ? pageText(readFileSync(file, 'utf8'), url) : null);
          }
          return cache.get(url)!;
        };
        const all = read.map((url) => ({ url, text: text(url) ?? '' }));
        const scored = scoreDraft(truth, draft as unknown as DraftResult, { text, read, all });
        scores.push({
          site: name,
          status: draft.status,
          failure: draft.failure_reason,
          ms,
          pagesRead: read,
          sitePages: htmlFiles(root).length,
          ...scored,
        });
        const t = tally(scored.judged, scored.facts);
        console.log(
          `${name.padEnd(12)} ${draft.status.padEnd(8)} ${(ms / 1000).toFixed(2).padStart(6)} s  pages ${read.length}/${htmlFiles(root).length}  precision ${precision(t).padStart(5)}  recall ${recall(t).padStart(5)}  violations ${violationsOf(t, scored.quotes.length)}`,
        );
      } finally {
        await served.close();
      }
    }

    const seconds = (performance.now() - started) / 1000;
    const markdown = report(scores, {
      drafter: bench.drafter,
      date: new Date().toISOString().slice(0, 10),
      seconds,
      label: values.label,
    });
    writeFileSync(values.out!, markdown);
    if (values.json) writeFileSync(values.json, JSON.stringify(scores, null, 2));
    const total = emptyTally();
    for (const s of scores) tally(s.judged, s.facts, total);
    const quoteIssues = scores.reduce((n, s) => n + s.quotes.length, 0);
    console.log('');
    console.log(
      `values drafted ${total.drafted}: ${total.full} fully right, ${total.partial} partly, ${total.wrong} wrong, ${total.invented} invented, ${total.trap} traps → strict precision ${precision(total)}`,
    );
    console.log(
      `facts stated ${total.stated}: ${total.recalledFull} drafted fully, ${total.recalledPartial} partly, ${total.missed} missed (${total.missedUnread} on pages never read) → strict recall ${recall(total)}`,
    );
    console.log(
      `violations ${violationsOf(total, quoteIssues)} (${total.invented} invented, ${total.trap} traps, ${quoteIssues} quotes not on their page)`,
    );
    console.log(`report: ${relative(process.cwd(), values.out!)} (${seconds.toFixed(1)} s)`);
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
