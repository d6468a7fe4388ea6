// Reading helpers over a crawled site shared by the built-in extractor and the
// Claude drafter: which page plays which role, the product's own words (not
// testimonials, quotes or comparisons), sentences and clauses, the product's
// name and brand, the competitors a page compares with, JSON-LD lookups.
import { INJECTION } from '../evidence.js';
import { type PageKind, pageKey, pageKind } from '../crawler/choose.js';
import { stripMarks } from '../crawler/facts.js';
import type { EvidencePage, SiteEvidence } from './fields.js';

export type PageRole =
  | 'home'
  | 'pricing'
  | 'about'
  | 'legal'
  | 'features'
  | 'faq'
  | 'contact'
  | 'compare'
  | 'customers'
  | 'policy'
  | 'blog'
  | 'other';

/** Imprint and legal notice pages: who runs the company and where, never marketing prose. */
const LEGAL =
  /(?<![\p{L}\p{N}])(imprint|impressum|legal notice|legal|mentions l[eé]gales|aviso legal|colofon|note legali|legal information)(?![\p{L}\p{N}])/iu;
/** Pages comparing the product with others ("/compare/statuspage", "Lumen vs Statuspage", "Alternative to X"); not "compare plans". */
const COMPARE_PATH = /(?<![\p{L}\p{N}])(vs|versus|compare|comparison|alternatives?)(?![\p{L}\p{N}])/iu;
const COMPARE_NAME = /(?<![\p{L}\p{N}])(vs\.?|versus|alternatives? (?:to|for)|compared (?:to|with))(?![\p{L}\p{N}])/iu;
const PLANS = /(?<![\p{L}\p{N}])(plans?|pricing|prices|tiers?|editions?)(?![\p{L}\p{N}])/iu;
/** Pages of other people's words: customer stories, case studies, testimonials, reviews. */
const CUSTOMERS =
  /(?<![\p{L}\p{N}])(customers|customer stories|case[- ]stud(?:y|ies)|testimonials|success stories|stories|showcase|wall of love|kunden|referenzen)(?![\p{L}\p{N}])/iu;
/** A page called "Reviews" (a path word "reviews" may be a feature: "/features/code-reviews"). */
const REVIEWS = /^(reviews|customer reviews|what (?:people|customers|users) say)$/i;
/** Roles whose pages are never the product's own facts (posts, policies, comparisons, other people's stories). */
export const NOT_OURS: readonly PageRole[] = ['blog', 'policy', 'compare', 'customers'];
const POLICY_PATH = /(privacy|cookies?|terms|gdpr|dpa|datenschutz|agb)/i;
const TITLE_SEPARATORS = /\s+[|–—·•-]\s+|:\s+/;

const pathWords = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url).pathname)
      .replace(/\.(html?|php|aspx?)$/i, '')
      .replace(/[/_.-]+/g, ' ')
      .trim();
  } catch {
    return '';
  }
};

/** The role of a path alone (pages read before link labels were kept, tests). */
export function roleOfPath(pathname: string): Exclude<PageRole, 'home'> {
  return roleOf(`https://x.invalid${pathname.startsWith('/') ? '' : '/'}${pathname}`, []);
}

function roleOf(url: string, names: string[]): Exclude<PageRole, 'home'> {
  const words = pathWords(url);
  if (POLICY_PATH.test(words)) return 'policy';
  if (LEGAL.test(words) || names.some((n) => n.split(/\s+/).length <= 4 && LEGAL.test(n))) return 'legal';
  if ((COMPARE_PATH.test(words) && !PLANS.test(words)) || names.some((n) => COMPARE_NAME.test(n))) return 'compare';
  if (CUSTOMERS.test(words) || names.some((n) => (n.split(/\s+/).length <= 4 && CUSTOMERS.test(n)) || REVIEWS.test(n)))
    return 'customers';
  let best: PageKind = 'other';
  const rank = (k: PageKind) =>
    ['pricing', 'about', 'features', 'faq', 'contact', 'policy', 'blog', 'other'].indexOf(k);
  const u = new URL(url);
  for (const kind of [pageKind(u, ''), ...names.map((n) => pageKind(u, n))]) if (rank(kind) < rank(best)) best = kind;
  // A path under /blog stays a post, whatever the link calls it.
  if (pageKind(u, '') === 'blog') return 'blog';
  return best;
}

const rolesBySite = new WeakMap<SiteEvidence, Map<EvidencePage, PageRole>>();

/**
 * What a page is for, judged like the crawler chose it: its path, the labels
 * of the site's links to it ("Plans" → /cloud), its title and its h1.
 */
export function pageRole(site: SiteEvidence, page: EvidencePage): PageRole {
  let roles = rolesBySite.get(site);
  if (!roles) {
    roles = new Map();
    const labels = new Map<string, string[]>();
    for (const p of site.pages)
      for (const link of p.facts.links) {
        if (!link.text || link.quoted) continue;
        let key: string;
        try {
          key = pageKey(link.href);
        } catch {
          continue;
        }
        const list = labels.get(key) ?? [];
        if (list.length < 8 && !list.includes(link.text)) list.push(link.text);
        labels.set(key, list);
      }
    const name = productName(site)?.toLowerCase();
    site.pages.forEach((p, i) => {
      if (i === 0) {
        roles!.set(p, 'home');
        return;
      }
      const title = (p.facts.title ?? '').split(TITLE_SEPARATORS).filter((part) => part.toLowerCase() !== name);
      const h1 = p.facts.headings.find((h) => h.level === 1)?.text;
      let key = '';
      try {
        key = pageKey(p.url);
      } catch {
        // An odd URL has no labels.
      }
      roles!.set(p, roleOf(p.url, [...(labels.get(key) ?? []), ...title, ...(h1 ? [h1] : [])]));
    });
    rolesBySite.set(site, roles);
  }
  return roles.get(page) ?? (page === site.pages[0] ? 'home' : roleOf(page.url, []));
}

export function pagesOf(site: SiteEvidence, role: PageRole): EvidencePage[] {
  return site.pages.filter((p) => pageRole(site, p) === role);
}

/** Text written to a model rather than about the product is never used. */
export const isInstruction = (text: string): boolean => INJECTION.test(text);

/** A block quoted whole or ending in an attribution ("… — Maria K."): someone's words, not the product's. */
const QUOTED = /^[“"„«][^“”"„«»]{12,}[”"»](?:\s*[—–-]{1,2}\s*\p{Lu}.{0,120})?$|[”"]\s*[—–-]{1,2}\s*\p{Lu}[\p{L}.'’-]+/u;

/** Someone else's words by their text (pages read before their regions were marked, readable text). */
export const isOthersText = (text: string): boolean => QUOTED.test(text);

const othersBySite = new WeakMap<EvidencePage, Set<string>>();

/**
 * Texts of a page's blocks that are other people's words (testimonials,
 * quotes, press strips), to tell them apart in Readability's copy: sentences
 * only, as a short text ("Acme") may also be the product's own.
 */
function othersOf(page: EvidencePage): Set<string> {
  let set = othersBySite.get(page);
  if (!set) {
    set = new Set(
      (page.facts.othersAt ?? [])
        .map((i) => page.facts.blocks[i])
        .filter((t): t is string => t !== undefined && t.length >= 25),
    );
    othersBySite.set(page, set);
  }
  return set;
}

/**
 * Blocks of a page fit to quote as the product's own words: no instructions
 * aimed at an AI, no testimonials, reviews, quotes, press or partner strips.
 * Readable blocks (Readability's copy) are told apart by their text.
 */
export function cleanBlocks(page: EvidencePage, from: 'blocks' | 'readable' = 'blocks'): string[] {
  let clean = cleanBySite.get(page);
  if (!clean) {
    const others = new Set([...(page.facts.othersAt ?? []), ...(page.facts.chromeAt ?? [])]);
    const quoted = othersOf(page);
    clean = {
      blocks: page.facts.blocks.filter((b, i) => !others.has(i) && !isInstruction(b) && !isOthersText(b)),
      readable: page.facts.readable.filter((b) => !quoted.has(b) && !isInstruction(b) && !isOthersText(b)),
    };
    cleanBySite.set(page, clean);
  }
  return clean[from];
}
const cleanBySite = new WeakMap<EvidencePage, { blocks: string[]; readable: string[] }>();

/** Headings of a page that are the product's own (not inside a testimonial or press strip). */
export function ownHeadings(page: EvidencePage): { level: number; text: string }[] {
  return page.facts.headings
    .filter((h) => !h.quoted && !isInstruction(h.text))
    .map((h) => ({ level: h.level, text: stripMarks(h.text) }))
    .filter((h) => h.text);
}

/** For each of a page's clean blocks, the text of the nearest own heading at or above it (null before the first). */
export function headingsAbove(page: EvidencePage): (string | null)[] {
  const headings = new Set(ownHeadings(page).map((h) => h.text));
  let current: string | null = null;
  return cleanBlocks(page).map((block) => {
    if (headings.has(block)) current = block;
    return current;
  });
}

/** The sentences of a block (split after . ! ? followed by a space). */
export function sentences(block: string): string[] {
  return block
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
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

// --- The product's name and brand ---------------------------------------------

/** Site builders and hosts that name themselves on pages they serve: never the product's name. */
const BUILDER_NAMES =
  /^(wordpress|webflow|wix|squarespace|framer|shopify|ghost|substack|carrd|notion|github pages|netlify|vercel|medium|hugo|jekyll|gatsby)$/i;

/** The parts of the homepage title ("Lumen — self-hosted status pages" → Lumen, self-hosted status pages). */
export function titleParts(site: SiteEvidence): string[] {
  const home = site.pages[0];
  const title = home?.facts.title ?? home?.facts.meta['og:title'] ?? '';
  return stripMarks(title)
    .split(TITLE_SEPARATORS)
    .map((s) => stripMarks(s))
    .filter(Boolean);
}

const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Host labels the site goes by: its own, and those its canonical and og:url name (sites served elsewhere). */
export function brandHosts(site: SiteEvidence): string[] {
  const hosts = new Set<string>();
  const add = (u: unknown) => {
    if (typeof u !== 'string') return;
    try {
      const host = new URL(u).hostname.toLowerCase().replace(/^www\./, '');
      if (!/^[\d.]+$|^localhost$|^\[/.test(host)) hosts.add(host);
    } catch {
      // not a URL
    }
  };
  add(site.url);
  const meta = site.pages[0]?.facts.meta ?? {};
  add(meta['og:url']);
  for (const obj of [...ldOfType(site, ORG_TYPES), ...ldOfType(site, PRODUCT_TYPES), ...ldOfType(site, ['WebSite'])])
    add(obj.url);
  return [...hosts];
}

/** A company's legal form at the end of a name. */
const LEGAL_FORM =
  /\s(Inc|GmbH|Ltd|LLC|LLP|AG|SA|SAS|SARL|BV|B\.V\.|NV|UG|KG|Oy|AB|ApS|Pty|Limited|Corp|Corporation|S\.?L|SRL)\.?$/;

const nameBySite = new WeakMap<SiteEvidence, string | null>();

/** The product's name as the site states it: JSON-LD, og:site_name, then the title part matching the domain. */
export function productName(site: SiteEvidence): string | null {
  if (nameBySite.has(site)) return nameBySite.get(site)!;
  const pick = (): string | null => {
    // A product's name first; a company's legal name ("Lumen Software GmbH") only when nothing else names it.
    let legal: string | null = null;
    for (const obj of [
      ...ldOfType(site, PRODUCT_TYPES),
      ...ldOfType(site, ORG_TYPES),
      ...ldOfType(site, ['WebSite']),
    ]) {
      const name = ldString(obj.name);
      if (!name || name.length > 100 || BUILDER_NAMES.test(name)) continue;
      if (!LEGAL_FORM.test(name)) return name;
      legal ??= name;
    }
    const meta = site.pages[0]?.facts.meta ?? {};
    const named = [meta['og:site_name'], meta['application-name']].find(
      (n) => n && n.length <= 100 && !BUILDER_NAMES.test(n) && !LEGAL_FORM.test(n),
    );
    if (named) return named;
    const parts = titleParts(site).filter((p) => !BUILDER_NAMES.test(p));
    const labels = brandHosts(site).map((h) => alnum(h.split('.')[0]!));
    const byDomain = parts.find((p) => labels.includes(alnum(p)));
    if (byDomain) return byDomain;
    // The words of the link home ("<a href="/">Tallyho</a>") when the title says them too.
    const home = site.pages[0];
    const homeLinks = (home?.facts.links ?? [])
      .filter((l) => l.area === 'nav' && sameSite(l.href, site.url) && new URL(l.href).pathname === '/')
      .map((l) => l.text);
    const byHomeLink = parts.find((p) => homeLinks.includes(p));
    if (byHomeLink) return byHomeLink;
    // The part the other pages' titles share ("Plans | Lumen", "Team | Lumen") names the product.
    // A part counts for a page whose title holds its letters anywhere ("Support for WeKan ®"); the part most titles
    // hold wins, the shorter on a tie.
    const inTitles = (p: string) =>
      site.pages.slice(1).filter((q) => alnum(q.facts.title ?? '').includes(alnum(p)) && alnum(p) !== '').length;
    const ranked = [...parts]
      .filter((p) => site.pages.length > 1 && inTitles(p) >= Math.max(1, Math.ceil((site.pages.length - 1) / 2)))
      .sort((a, b) => inTitles(b) - inTitles(a) || a.length - b.length);
    // A part held in every title only inside another ("POS" in "… | ImPOS"): the part holding it is the name.
    const shortestShared = ranked[0];
    const shared =
      ranked.find(
        (p) =>
          p !== shortestShared &&
          inTitles(p) === inTitles(shortestShared!) &&
          alnum(p).includes(alnum(shortestShared!)) &&
          p.length <= 40,
      ) ?? shortestShared;
    if (shared && shared.length <= 40) return shared;
    // Else the shortest part, if it is short enough to be a name (not "Status pages you own").
    const shortest = [...parts].sort((a, b) => a.length - b.length)[0];
    if (shortest && shortest.length <= 40 && shortest.split(/\s+/).length <= 3) return shortest;
    return legal;
  };
  const name = pick();
  nameBySite.set(site, name);
  return name;
}

/** Lowercased letters and digits the product goes by: its name (whole and first word) and its domain labels. */
export function brandTokens(site: SiteEvidence): string[] {
  const name = productName(site);
  const tokens = new Set<string>();
  if (name) {
    tokens.add(alnum(name));
    const first = alnum(name.split(/\s+/)[0] ?? '');
    if (first.length >= 3) tokens.add(first);
  }
  for (const host of brandHosts(site)) {
    const label = alnum(host.split('.')[0]!);
    if (label.length >= 3) tokens.add(label);
  }
  tokens.delete('');
  return [...tokens];
}

/** Whether `handle` (an account, an org, a repository) is the brand's: it holds one of its tokens, or is held by one. */
export function isBrand(handle: string, tokens: string[]): boolean {
  const h = alnum(handle);
  return h.length >= 2 && tokens.some((t) => t.length >= 3 && (h.includes(t) || (h.length >= 4 && t.includes(h))));
}

// --- Someone else's facts -------------------------------------------------------

const NAME = "\\p{Lu}[\\p{L}\\p{N}&+.'’-]*(?:\\s\\p{Lu}[\\p{L}\\p{N}&+.-]*){0,2}";
/** Words that open a sentence or refer to us, never a competitor's name. */
const NOT_A_NAME =
  /^(we|our|us|it|its|this|that|these|those|the|a|an|you|your|they|their|most|many|other|others|all|some|any|every|each|what|which|when|where|why|how|most|one|no|yes|free|pro|plus|monthly|yearly|annual|i|he|she|nobody|everyone|everybody|someone)$/i;
/** Who a sentence compares with: "unlike X", "cheaper than X", "X's $99 plan", "X charges" (not "Team starts at": a plan). */
const COMPARED = [
  new RegExp(
    `\\b(?:unlike|compared (?:to|with)|versus|vs\\.?|than|instead of|alternatives? (?:to|for)|switch(?:ing|ed)? (?:over )?from|migrat(?:e|ing|ed) from|moving from|coming from|replaces?|replacing|competitors? (?:like|such as))\\s+(${NAME})`,
    'gu',
  ),
  new RegExp(
    `(${NAME})['’]s\\s+(?:[$€£]|\\d|free|pro|basic|starter|business|enterprise|paid|cheapest|plans?|pricing|prices?|tiers?|fees?)`,
    'gu',
  ),
  new RegExp(`(${NAME})\\s+(?:charges?|bills?)\\b`, 'gu'),
];
/** Comparison words that make a sentence partly about others even without a name. */
const COMPARE_WORDS =
  /\b(unlike|compared (?:to|with)|versus|vs\.?|instead of|alternatives? to|other (?:tools|apps|services|providers|vendors|products|platforms)|competitors?|elsewhere|the big (?:players|vendors))\b/i;
/** Text that names what the product works with or is paid through: not the product's own facts. */
export const INTEGRATION =
  /\b(integrat\w*|works? (?:with|alongside|on)|connects? (?:to|with)|plugs? into|plug-?ins? for|add-?ons? for|extensions? for|powered by|payments? (?:by|via|through|processed by)|pay (?:with|via)|checkout (?:by|via|with)|built (?:with|on)|made (?:with|in) (?:Framer|Webflow|Wix)|compatible with|syncs? with|imports? from|exports? to|hosted (?:on|by)|runs on|processing fees?|transaction fees?|processor)\b/i;

const competitorsBySite = new WeakMap<SiteEvidence, string[]>();

/** Names the site compares the product with (anywhere on its pages). */
export function competitors(site: SiteEvidence): string[] {
  let found = competitorsBySite.get(site);
  if (found) return found;
  const own = brandTokens(site);
  const names = new Set<string>();
  for (const page of site.pages)
    for (const block of page.facts.blocks) {
      if (
        !/unlike|than|compar|versus|vs|instead|alternative|switch|migrat|moving|coming|replac|competitor|charge|bill|['’]s\s/i.test(
          block,
        )
      )
        continue;
      for (const pattern of COMPARED)
        for (const m of block.matchAll(pattern)) {
          const name = m[1]!.replace(/[.'’-]+$/, '');
          if (!NOT_A_NAME.test(name.split(/\s+/)[0]!) && !isBrand(name, own) && name.length >= 2) names.add(name);
        }
    }
  found = [...names].slice(0, 30);
  competitorsBySite.set(site, found);
  return found;
}

/** `s` as a regular expression that matches it literally. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches `name` as a whole word (not inside a longer one). */
export const wholeWord = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'u');

/** Whether `text` compares with, or speaks of, a competitor. */
export function aboutOthers(text: string, rivals: string[]): boolean {
  if (COMPARE_WORDS.test(text)) return true;
  return rivals.some((r) => wholeWord(r).test(text));
}

/**
 * The clauses of a sentence that are about this product: "Unlike X's $99
 * plan, we charge $9 a month." → "we charge $9 a month." Each clause is a
 * substring of the sentence (leading conjunctions and trailing commas cut).
 */
export function ownClauses(sentence: string, rivals: string[], brand: string[] = []): string[] {
  if (!aboutOthers(sentence, rivals)) return [sentence];
  const out: string[] = [];
  // A clause after one about others goes on about them ("…, which charges $99,") until we speak again.
  let theirs = false;
  for (const raw of sentence.split(/(?<=[,;:])\s+|\s+(?=(?:but|while|whereas|yet)\s)|\s[—–]\s/)) {
    const clause = raw
      .replace(/^(?:but|while|whereas|yet|and)\s+/i, '')
      .replace(/[,;:]+$/, '')
      .trim();
    const first = clause.split(/\s+/)[0] ?? '';
    const ours =
      /^(we|we['’](re|ve|ll)|our|it|it['’]s|you|your|here|with|at|for|all|every|each|one|plans?|prices?|pricing)$/i.test(
        first,
      ) ||
      isBrand(first, brand) ||
      /^[$€£\d]/.test(first);
    if (aboutOthers(clause, rivals) || /\bthan\b/i.test(clause)) theirs = true;
    else if (ours || !theirs) {
      theirs = false;
      if (clause.length >= 3) out.push(clause);
    }
  }
  return out;
}
