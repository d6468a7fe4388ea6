// The evidence gate (ARCHITECTURE §5 "Evidence rule"): a drafted value is kept
// only if every one of its quotes occurs verbatim in text crawled from that
// site; anything else becomes `not_found` with a null value. Nothing is
// invented, whichever drafter proposed it.
//
// "Verbatim" here: case-sensitive, after folding every run of whitespace to
// one space, Unicode NFC, and typographic quotes, apostrophes and dashes read
// as their ASCII forms (a model that writes ' for ’ still quotes the site; a
// model that changes a letter's case or a word does not). The evidence kept is
// the page's own text (its ’ and “ ” as written), not the quote as proposed.
// A quote must be at least 3 characters. A quote that is itself an
// instruction aimed at an AI ("ignore previous instructions…") is never
// evidence.
import {
  type DraftProposal,
  type Evidence,
  type FieldName,
  type FieldProposal,
  type FieldValue,
  type SocialPlatform,
  isListField,
  LIST_ITEM_MAX,
  LIST_MAX_ITEMS,
  maxLength,
  PROFILE_FIELDS,
} from './drafter/fields.js';
import { isWebLink } from '../platform/links.js';
import { isFoundedYear } from '../listings/founded-year.js';

export const MIN_QUOTE = 3;
const MAX_QUOTE = 2000;

/** Text a page said to a model instead of about the product. */
export const INJECTION =
  /\b(ignore|disregard|forget|override)\b[^.\n]{0,60}\b(instructions?|prompts?|rules|guidelines)\b|\bsystem prompt\b|\byou are (now )?(an? |the )?(ai|assistant|language model|chatbot|llm)\b|\bas an (ai|llm|language model)\b|<\/?(system|instructions?)>/i;

const SPACE = /[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const SPACES = new RegExp(`${SPACE.source}+`, 'g');
/** SPACE by code unit (the map is built a character at a time over whole pages). */
const isSpace = (code: number): boolean =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  (code > 127 &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200b) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff));
const ASCII_FORM: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2212': '-',
  '\u2026': '...',
};
const asciiForm = (c: string): string =>
  c < '\u00b4' ? c : (ASCII_FORM[c] ?? (c >= '\u2010' && c <= '\u2015' ? '-' : c));

/**
 * `text` as quotes are matched (NFC, whitespace folded, typographic marks in
 * ASCII), and for each character of the result the index in the NFC text it
 * came from.
 */
function normalizeWithMap(text: string): { text: string; source: string; at: number[] } {
  const source = text.normalize('NFC');
  let out = '';
  const at: number[] = [];
  let space = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (isSpace(source.charCodeAt(i))) {
      space = out.length > 0;
      continue;
    }
    if (space) {
      out += ' ';
      at.push(i);
      space = false;
    }
    const form = asciiForm(c);
    for (let k = 0; k < form.length; k++) at.push(i);
    out += form;
  }
  return { text: out, source, at };
}

/** `text` as quotes are matched (the same result as normalizeWithMap's, by native replaces). */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, ' ')
    .trim();
}

/** The crawled text of one site, searchable for quotes. */
export interface Corpus {
  /** The URL of the first page holding `quote` verbatim, or null. */
  find(quote: string): string | null;
  /** The page holding `quote` and the quote as that page writes it (its ’ and “ ”, whitespace folded), or null. */
  locate(quote: string): Evidence | null;
}

export function buildCorpus(pages: { url: string; text: string }[]): Corpus {
  // Pages are searched in their matching form; the map back to their own text is built for a page once it holds a quote.
  const normalized = pages.map((p) => ({
    url: p.url,
    raw: p.text,
    text: normalizeForMatch(p.text),
    mapped: null as ReturnType<typeof normalizeWithMap> | null,
  }));
  const locate = (quote: string): Evidence | null => {
    const q = normalizeForMatch(quote);
    if (q.length < MIN_QUOTE || q.length > MAX_QUOTE || INJECTION.test(q)) return null;
    for (const page of normalized) {
      const start = page.text.indexOf(q);
      if (start < 0) continue;
      const end = start + q.length - 1;
      page.mapped ??= normalizeWithMap(page.raw);
      const { source, at } = page.mapped;
      // Each matched character maps back to the one it came from ("..." to "…", whole).
      const verbatim = source
        .slice(at[start]!, at[end]! + 1)
        .replace(SPACES, ' ')
        .trim();
      return { quote: verbatim, url: page.url };
    }
    return null;
  };
  return { find: (quote) => locate(quote)?.url ?? null, locate };
}

/** Evidence for every quote, as the page writes it, or null when any quote is missing from the site (or there are none). */
export function verifyQuotes(corpus: Corpus, quotes: readonly string[]): Evidence[] | null {
  const unique = [...new Set(quotes.map((q) => (typeof q === 'string' ? q.trim() : '')))];
  if (unique.length === 0) return null;
  const evidence: Evidence[] = [];
  for (const quote of unique) {
    const found = corpus.locate(quote);
    if (!found) return null;
    if (!evidence.some((e) => e.quote === found.quote && e.url === found.url)) evidence.push(found);
  }
  return evidence;
}

/** Languages whose country names are read besides English: the languages product sites are most often written in. */
const SITE_LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'cs', 'sv', 'da', 'nb', 'fi'];

const COUNTRY_NAMES: Map<string, string> = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  // Codes Intl names that are not current ISO 3166-1 countries (reserved, historic, groupings).
  const notCountries = new Set([
    'AC',
    'AN',
    'BU',
    'DY',
    'HV',
    'NH',
    'RH',
    'VD',
    'CP',
    'CQ',
    'CS',
    'DD',
    'DG',
    'EA',
    'EU',
    'EZ',
    'FX',
    'IC',
    'NT',
    'QO',
    'SU',
    'TA',
    'TP',
    'UK',
    'UN',
    'XA',
    'XB',
    'YD',
    'YU',
    'ZR',
    'ZZ',
  ]);
  const map = new Map<string, string>();
  const add = (names: Intl.DisplayNames) => {
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code && !notCountries.has(code) && !map.has(name.toLowerCase()))
          map.set(name.toLowerCase(), code);
      }
    }
  };
  add(names);
  // Sites in other languages name countries in them ("Schweiz", "Maroc", "Alemania"): CLDR's names, after English's.
  for (const locale of SITE_LANGUAGES) add(new Intl.DisplayNames([locale], { type: 'region' }));
  // A foreign name that is an English word reads as the word ("Island" is Iceland in German and Danish).
  map.delete('island');
  for (const [alias, code] of [
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['u.s.', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
    ['great britain', 'GB'],
    ['holland', 'NL'],
    ['the netherlands', 'NL'],
    ['czech republic', 'CZ'],
    ['south korea', 'KR'],
    ['uae', 'AE'],
  ] as const) {
    map.set(alias, code);
  }
  return map;
})();
const REGION_CODES = new Set(COUNTRY_NAMES.values());

/** An ISO 3166 alpha-2 code for a code or an English country name, else null. */
export function countryCode(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v) && REGION_CODES.has(v.toUpperCase())) return v.toUpperCase();
  return COUNTRY_NAMES.get(v.toLowerCase()) ?? null;
}

const EMAIL = /^[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/;

/** The pricing models a draft may hold; a licence ("open source") or "paid" says nothing a maker can list. */
export const PRICING_MODELS = [
  'free',
  'freemium',
  'subscription',
  'one-time',
  'usage-based',
  'pay-what-you-want',
  'contact sales',
] as const;

/** A pricing model in its stored spelling ("One time", "usage based", "Pay what you want"), or null. */
export function pricingModel(value: string): string | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const spelled = PRICING_MODELS.find((m) => m.replace(/-/g, ' ') === key);
  if (spelled) return spelled;
  if (/^(one off|lifetime|pay once|one time purchase)$/.test(key)) return 'one-time';
  if (/^(pay as you go|metered|usage)$/.test(key)) return 'usage-based';
  if (/^(pwyw|name your price)$/.test(key)) return 'pay-what-you-want';
  if (/^(contact us|custom|custom pricing|enterprise|quote|contact)$/.test(key)) return 'contact sales';
  if (/^(recurring|subscriptions?|monthly|annual)$/.test(key)) return 'subscription';
  return null;
}

/**
 * The value in its stored form within the field's bounds, or null when it
 * cannot be one (wrong type, not an email, not a founded year…).
 * `categories` keeps only names of known categories, in their canonical case.
 */
export function normalizeValue(field: FieldName, value: unknown, categories: readonly string[]): FieldValue {
  if (value == null) return null;
  if (isListField(field)) {
    const raw = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    let items = raw
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim())
      .filter((v) => v.length > 0 && v.length <= LIST_ITEM_MAX);
    if (field === 'categories') {
      const canonical = new Map(categories.map((c) => [c.toLowerCase(), c]));
      items = items.map((i) => canonical.get(i.toLowerCase())).filter((c): c is string => c !== undefined);
    }
    items = [...new Set(items)].slice(0, LIST_MAX_ITEMS);
    return items.length > 0 ? items : null;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!text || text.length > maxLength(field)) return null;
  switch (field) {
    case 'country':
      return countryCode(text);
    case 'founded_year': {
      const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
      return isFoundedYear(year) ? String(year) : null;
    }
    case 'contact_email':
      return EMAIL.test(text) ? text : null;
    case 'pricing_model':
      return pricingModel(text);
    case 'demo_video_url':
    case 'logo_url':
      return isWebLink(text) ? text : null;
    default:
      return text;
  }
}

/** Fields whose value must itself appear in one of its quotes (a fact, not a summary). */
const LITERAL_FIELDS: readonly FieldName[] = ['founded_year', 'contact_email', 'demo_video_url', 'logo_url'];

export interface GatedField {
  value: FieldValue;
  evidence: Evidence[];
}

export interface GatedDraft {
  fields: Record<FieldName, GatedField>;
  faqs: { question: string; answer: string; evidence: Evidence[] }[];
  /** `avatar_url`: the founder's photo from the site, stored here (founder-photos.ts). */
  founders: { name: string; title: string | null; bio: string | null; evidence: Evidence[]; avatar_url?: string }[];
  company_socials: Partial<Record<SocialPlatform, string>>;
  /** For each social link kept, where the page shows it (its text and address). */
  company_socials_evidence: Partial<Record<SocialPlatform, Evidence[]>>;
  seo: { title: string | null; meta: string | null };
  /** Why each dropped value was dropped (logs and tests; never shown as a value). */
  dropped: { field: string; reason: string }[];
}

export function gateField(
  field: FieldName,
  proposal: FieldProposal | undefined,
  corpus: Corpus,
  categories: readonly string[],
): GatedField & { reason?: string } {
  if (!proposal || proposal.value == null) return { value: null, evidence: [] };
  const value = normalizeValue(field, proposal.value, categories);
  if (value == null) return { value: null, evidence: [], reason: 'not a valid value for the field' };
  const evidence = verifyQuotes(corpus, Array.isArray(proposal.quotes) ? proposal.quotes : []);
  if (!evidence) return { value: null, evidence: [], reason: 'a quote does not occur on the site' };
  if (LITERAL_FIELDS.includes(field) && !evidence.some((e) => e.quote.includes(String(value)))) {
    return { value: null, evidence: [], reason: 'the value is not in its quotes' };
  }
  return { value, evidence };
}

/** Applies the evidence rule to everything a drafter proposed. */
export function gateProposal(
  proposal: DraftProposal,
  corpus: Corpus,
  categories: readonly string[],
  only?: readonly FieldName[],
): GatedDraft {
  const dropped: GatedDraft['dropped'] = [];
  const fields = {} as Record<FieldName, GatedField>;
  for (const field of only ?? PROFILE_FIELDS) {
    const gated = gateField(field, proposal.fields[field], corpus, categories);
    if (gated.reason) dropped.push({ field, reason: gated.reason });
    fields[field] = { value: gated.value, evidence: gated.evidence };
  }

  const faqs: GatedDraft['faqs'] = [];
  for (const faq of proposal.faqs) {
    const question = faq.question?.trim() ?? '';
    const answer = faq.answer?.trim() ?? '';
    const evidence =
      question && answer && question.length <= 300 && answer.length <= 1500
        ? verifyQuotes(corpus, faq.quotes ?? [])
        : null;
    if (evidence) faqs.push({ question, answer, evidence });
    else dropped.push({ field: 'faqs', reason: `"${question.slice(0, 60)}" lacks evidence` });
  }

  const founders: GatedDraft['founders'] = [];
  for (const f of proposal.founders) {
    const name = f.name?.trim() ?? '';
    const evidence = name && name.length <= 160 ? verifyQuotes(corpus, f.quotes ?? []) : null;
    if (evidence?.some((e) => e.quote.includes(name))) {
      founders.push({
        name,
        title: f.title?.trim().slice(0, 160) || null,
        bio: f.bio?.trim().slice(0, 3000) || null,
        evidence,
      });
    } else {
      dropped.push({ field: 'founders', reason: `"${name.slice(0, 60)}" lacks evidence` });
    }
  }

  const company_socials: GatedDraft['company_socials'] = {};
  const company_socials_evidence: GatedDraft['company_socials_evidence'] = {};
  for (const s of proposal.company_socials) {
    if (s.platform in company_socials || !isWebLink(s.url) || s.url.length > 500) continue;
    // The link's own line on the page (text and address) when quoted so, else the address alone.
    // Or the account's @handle as the page writes it (an X card tag names the account, not its address).
    const handle = /^https:\/\/x\.com\/([A-Za-z0-9_]{1,15})$/.exec(s.url)?.[1];
    const quotes = (Array.isArray(s.quotes) ? s.quotes : []).filter(
      (q) =>
        typeof q === 'string' &&
        (q.includes(s.url) || (!!handle && q.trim().toLowerCase() === `@${handle.toLowerCase()}`)),
    );
    const evidence = (quotes.length > 0 ? verifyQuotes(corpus, quotes) : null) ?? verifyQuotes(corpus, [s.url]);
    if (evidence) {
      company_socials[s.platform] = s.url;
      company_socials_evidence[s.platform] = evidence;
    } else dropped.push({ field: 'company_socials', reason: `${s.platform} link is not on the site` });
  }

  let seo: GatedDraft['seo'] = { title: null, meta: null };
  const seoEvidence = verifyQuotes(corpus, proposal.seo.quotes ?? []);
  if (seoEvidence) {
    seo = {
      title: proposal.seo.title && proposal.seo.title.trim().length <= 70 ? proposal.seo.title.trim() : null,
      meta: proposal.seo.meta && proposal.seo.meta.trim().length <= 170 ? proposal.seo.meta.trim() : null,
    };
  }

  return {
    fields,
    faqs: faqs.slice(0, 5),
    founders: founders.slice(0, 6),
    company_socials,
    company_socials_evidence,
    seo,
    dropped,
  };
}
