// Reading helpers over a crawled site shared by the built-in extractor and the
// Claude drafter: which page plays which role, sentences, JSON-LD lookups.
import { INJECTION } from '../evidence.js';
import type { EvidencePage, SiteEvidence } from './fields.js';

export type PageRole = 'home' | 'pricing' | 'about' | 'features' | 'faq' | 'contact' | 'other';

const ROLE_PATTERNS: [Exclude<PageRole, 'home' | 'other'>, RegExp][] = [
  ['pricing', /(^|\/)(pricing|prices?|plans?|buy|purchase)(\/|$|\.|-)/i],
  ['about', /(^|\/)(about|about-us|company|team|story|our-story|who-we-are)(\/|$|\.|-)/i],
  ['features', /(^|\/)(features?|product|tour|how-it-works|platform|solutions?)(\/|$|\.|-)/i],
  ['faq', /(^|\/)(faqs?|help|questions)(\/|$|\.|-)/i],
  ['contact', /(^|\/)(contact|contact-us|support|imprint|impressum)(\/|$|\.|-)/i],
];

export function roleOfPath(pathname: string): Exclude<PageRole, 'home'> {
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(pathname)) return role;
  return 'other';
}

export function pageRole(site: SiteEvidence, page: EvidencePage): PageRole {
  if (page === site.pages[0]) return 'home';
  return roleOfPath(new URL(page.url).pathname);
}

export function pagesOf(site: SiteEvidence, role: PageRole): EvidencePage[] {
  return site.pages.filter((p) => pageRole(site, p) === role);
}

/** Text written to a model rather than about the product is never used. */
export const isInstruction = (text: string): boolean => INJECTION.test(text);

/** Blocks of a page fit to quote: no instructions aimed at an AI. */
export function cleanBlocks(page: EvidencePage, from: 'blocks' | 'readable' = 'blocks'): string[] {
  return page.facts[from].filter((b) => !isInstruction(b));
}

/** The sentences of a block (split after . ! ? followed by a space). */
export function sentences(block: string): string[] {
  return block
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The sentence of `block` holding `match`, or the block itself when short. */
export function sentenceWith(block: string, match: RegExp): string | null {
  for (const s of sentences(block)) if (match.test(s)) return s.length <= 400 ? s : null;
  return null;
}

/** JSON-LD objects of the whole site whose @type is one of `types`. */
export function ldOfType(site: SiteEvidence, types: string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const page of site.pages) {
    for (const obj of page.facts.jsonLd) {
      if (!obj || typeof obj !== 'object') continue;
      const t = (obj as Record<string, unknown>)['@type'];
      const list = Array.isArray(t) ? t : [t];
      if (list.some((x) => typeof x === 'string' && types.includes(x))) out.push(obj as Record<string, unknown>);
    }
  }
  return out;
}

/** A string held by a JSON-LD value: the string, the first string of an array, or an object's name/url. */
export function ldString(value: unknown, key: 'name' | 'url' | 'text' = 'name'): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => ldString(v, key)).find((v) => v) ?? null;
  if (value && typeof value === 'object') return ldString((value as Record<string, unknown>)[key], key);
  return null;
}

export const PRODUCT_TYPES = ['SoftwareApplication', 'WebApplication', 'MobileApplication', 'Product', 'Service'];
export const ORG_TYPES = ['Organization', 'Corporation', 'LocalBusiness', 'NGO', 'OnlineBusiness'];

/** Same site: the same host, ignoring a leading www. */
export function sameSite(a: string, b: string): boolean {
  const host = (u: string) => new URL(u).hostname.toLowerCase().replace(/^www\./, '');
  try {
    return host(a) === host(b);
  } catch {
    return false;
  }
}
