// The built-in drafter: no model, no key. Reads what sites state in
// machine-readable places (meta tags, JSON-LD, headings, links, mail
// addresses, embeds, icons) and in their readable text, and proposes each
// field with the exact lines it came from. Only the product's own words count:
// testimonials, quotes, press strips, comparisons with competitors and what
// integrations or payment processors charge are read past (site.ts), heading
// permalink marks are gone before it reads (crawler/page.ts). Deterministic:
// the same pages give the same draft.
import type {
  Drafter,
  DraftProposal,
  DraftRequest,
  EvidencePage,
  FieldName,
  FieldProposal,
  SiteEvidence,
  SocialPlatform,
} from './fields.js';
import { stripMarks } from '../crawler/facts.js';
import { draftPricing, PRICE } from './pricing.js';
import { draftFoundedYear, draftFounders, draftLocation } from './people.js';
import {
  aboutOthers,
  brandHosts,
  brandTokens,
  cleanBlocks,
  competitors,
  INTEGRATION,
  isBrand,
  escapeRe,
  isInstruction,
  ldOfType,
  ldString,
  ORG_TYPES,
  ownHeadings,
  NOT_OURS,
  pageRole,
  pagesOf,
  PRODUCT_TYPES,
  productName,
  sameSite,
  sentences,
  sentenceWith,
  titleParts,
} from './site.js';

const GENERIC =
  /^(home|features?|pricing|plans|about( us)?|blog|faqs?|contact( us)?|get started|sign ?up|log ?in|sign in|learn more|read more|docs|documentation|support|careers|product|solutions|resources|company|team|customers|privacy|terms|menu|frequently asked questions|overview|legal|community|developers|integrations|changelog|download|downloads|news|press|links|social|follow us|newsletter|more|explore|everything else|and more|how it works|why [\p{L}\p{N} ]{1,30})$/iu;
/** Calls to action: a button's words, not a claim. */
const CTA =
  /^(get started|ready to|book a demo|request a demo|schedule a demo|start (?:your |a )?free|start now|start today|try (?:it )?(?:\S+ )?(?:for )?free|try it now|sign up|join (?:us|now|today|the|our)|subscribe|download (?:now|for|it)|learn more|see (?:it in action|pricing|plans|how|all)|view all|explore (?:all|more)|contact us|talk to|get in touch|questions\?|still have questions|need help|let['’]s talk|stay (?:in touch|updated)|want to|interested in)\b/i;
const WELCOME = /^(welcome to|welcome|hello|hi there|introducing)\b/i;

const quoteOf = (text: string | null | undefined): FieldProposal | undefined =>
  text ? { value: text, quotes: [text] } : undefined;

const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function draftName(site: SiteEvidence): FieldProposal | undefined {
  return quoteOf(productName(site));
}

/** A line fit for a tagline: short, a claim rather than a question, a button or the name again. */
function taglineLike(text: string | undefined, name: string | null, rivals: string[]): text is string {
  if (!text) return false;
  const t = text.trim();
  return (
    t.length >= 8 &&
    t.length <= 110 &&
    !/[?？]$/.test(t) &&
    (!name || alnum(t) !== alnum(name)) &&
    !GENERIC.test(t) &&
    !CTA.test(t) &&
    !WELCOME.test(t) &&
    !isInstruction(t) &&
    !aboutOthers(t, rivals) &&
    !INSTALL_LABEL.test(t) &&
    !STAT_LINE.test(t) &&
    !CREDIT_LINE.test(t)
  );
}

/** An install link's label ("Dark Reader for Chrome", "Download for macOS"): where to get it, not what it is. */
const INSTALL_LABEL =
  /\bfor (?:google )?(?:chrome|firefox|safari|edge|opera|brave|vivaldi|windows|mac|macos|ios|iphone|ipad|android|linux|the app store|google play)$/i;
/** A credit ("Sponsored by", "Powered by Acme"): who helps, not what the product is. */
const CREDIT_LINE =
  /^(?:sponsored|powered|supported|backed|funded|hosted|brought to you|made possible|proudly sponsored) by\b/i;
/** A figure with its unit ("290 Plugins", "10,000+ users"): a number to show off, not a tagline. */
const STAT_LINE = /^[\d.,]+\s?[+kKmM]*\+?\s+\p{L}+(?:\s+\p{L}+)?$/u;

/** "Lumen: status pages you own" → "status pages you own" (the name is not the tagline). */
function withoutName(text: string, name: string | null): string {
  if (!name) return text;
  const m = new RegExp(`^${escapeRe(name)}\\s*[:|–—·-]\\s+(.+)$`, 'iu').exec(text);
  return m ? m[1]! : text;
}

function draftTagline(site: SiteEvidence, name: string | null): FieldProposal | undefined {
  const home = site.pages[0];
  if (!home) return undefined;
  const rivals = competitors(site);
  const headings = ownHeadings(home);
  const h1 = headings.find((h) => h.level === 1)?.text;
  const meta = home.facts.meta;
  // Lines written as a tagline, then descriptions of one sentence (two sentences are a description, not a tagline).
  const oneSentence = (t: string | undefined) => (t && sentences(t).length === 1 ? t : undefined);
  const candidates = [
    h1 && withoutName(h1, name),
    ...titleParts(site).filter((p) => p !== name),
    oneSentence(meta['og:description']),
    oneSentence(meta['twitter:description']),
    ...(h1 ? heroLines(home, h1).map(oneSentence) : []),
    oneSentence(meta.description),
    headings.find((h) => h.level === 2 && taglineLike(h.text, name, rivals))?.text,
  ];
  // An editor's tagline is short: a long SEO heading gives way to a short line further down.
  return quoteOf(
    candidates.find((c) => taglineLike(c, name, rivals) && c.length <= 70) ??
      candidates.find((c) => taglineLike(c, name, rivals)),
  );
}

/** The hero: up to two of the page's own blocks right under the h1, before the next heading. */
function heroBlocks(page: EvidencePage, h1: string): string[] {
  const blocks = cleanBlocks(page);
  const headings = new Set(page.facts.headings.map((h) => h.text));
  const at = blocks.indexOf(h1);
  if (at < 0) return [];
  const out: string[] = [];
  for (const b of blocks.slice(at + 1, at + 3)) {
    if (headings.has(b)) break;
    out.push(b);
  }
  return out;
}

/** The short lines right under the h1 (a hero's subheading). */
function heroLines(page: EvidencePage, h1: string): string[] {
  return heroBlocks(page, h1).filter((b) => b.length <= 110);
}

function draftShortDescription(site: SiteEvidence): FieldProposal | undefined {
  const meta = site.pages[0]?.facts.meta ?? {};
  const ld = [...ldOfType(site, PRODUCT_TYPES), ...ldOfType(site, ORG_TYPES)]
    .map((o) => ldString(o.description))
    .find((d) => d);
  const text = [meta.description, meta['og:description'], meta['twitter:description'], ld].find(
    (t) => t && t.length >= 20 && !isInstruction(t),
  );
  if (!text) return undefined;
  if (text.length <= 500) return quoteOf(text);
  const cut = text
    .slice(0, 500)
    .replace(/[^.!?]*$/, '')
    .trim();
  return cut.length >= 20 ? quoteOf(cut) : undefined;
}

const PROSE = (b: string) =>
  b.length >= 60 && b.length <= 2000 && (/[.!?]["”')]?$/.test(b) || b.split(' ').length >= 12) && !isInstruction(b);
/** A hero's one sentence may be shorter ("Formly builds conversational forms that feel like a chat."). */
const HERO_PROSE = (b: string) =>
  b.length >= 30 && /[.!]["”')]?$/.test(b) && b.split(' ').length >= 6 && !isInstruction(b);
/** Site furniture in prose form: cookie banners, newsletter boxes, copyright lines. */
const FURNITURE =
  /\b(cookies?\b.{0,80}\b(accept|consent|use|agree)|subscribe to our newsletter|all rights reserved|javascript (is )?(disabled|required))/i;

/** The sentences of `block` about this product, runs of them kept together (each run is a quote). */
function ownRuns(block: string, rivals: string[]): string[] {
  if (!aboutOthers(block, rivals)) return [block];
  const runs: string[][] = [[]];
  for (const s of sentences(block)) {
    if (aboutOthers(s, rivals)) runs.push([]);
    else runs.at(-1)!.push(s);
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(' '));
}

function draftDescription(site: SiteEvidence, exclude: (string | undefined)[]): FieldProposal | undefined {
  const rivals = competitors(site);
  const sources = [site.pages[0], ...pagesOf(site, 'about')].filter((p) => p !== undefined);
  const paragraphs: string[] = [];
  let length = 0;
  for (const page of sources) {
    const readable = cleanBlocks(page, 'readable');
    const h1 = ownHeadings(page).find((h) => h.level === 1)?.text;
    const hero = page === site.pages[0] && h1 ? heroBlocks(page, h1) : [];
    // Headings, answers to questions, prices and buttons are other fields' words.
    const elsewhere = new Set([
      ...page.facts.headings.map((h) => h.text),
      ...page.facts.faqs.filter((f) => !RHETORICAL.test(f.question)).map((f) => f.answer),
    ]);
    for (const block of readable.length > 0 ? readable : cleanBlocks(page)) {
      if (!(PROSE(block) || (hero.includes(block) && HERO_PROSE(block))) || FURNITURE.test(block)) continue;
      if (elsewhere.has(block) || PRICE.test(block) || CTA.test(block)) continue;
      for (const run of ownRuns(block, rivals)) {
        if (run.length < 40 || exclude.some((e) => e && run.includes(e)) || paragraphs.includes(run)) continue;
        if (length + run.length > 2500 || paragraphs.length >= 5) break;
        paragraphs.push(run);
        length += run.length;
      }
    }
  }
  return paragraphs.length > 0 ? { value: paragraphs.join('\n\n'), quotes: paragraphs } : undefined;
}

const STAGE_WORDS =
  'public beta|private beta|open beta|closed beta|beta|alpha|early access|waitlist|wait list|pre-launch|coming soon';
const STAGE = new RegExp(`\\b(${STAGE_WORDS})\\b`, 'i');
const BADGE = new RegExp(`^(?:now |currently |still )?(?:in )?(?:${STAGE_WORDS})(?: version| release)?[.!]?$`, 'i');
const NOT_STAGE =
  /\b(out of (?:public |private )?beta|left (?:the )?beta|no longer (?:in )?(?:beta|alpha)|beta (?:testers?|features?|channel|builds?|versions? of)|after (?:the )?beta)\b/i;

/**
 * The product's stage, where the site speaks of the product as a whole: its
 * title, descriptions, h1 and hero, a short badge on the homepage ("Public
 * beta"), or a sentence whose subject is the product ("Tallyho is in public
 * beta"). A feature in beta, a changelog entry or "out of beta" is not one.
 */
function draftStage(site: SiteEvidence, name: string | null): FieldProposal | undefined {
  const home = site.pages[0];
  if (!home) return undefined;
  const subject = new RegExp(
    `(?:^|\\b)(?:${name ? `${escapeRe(name)}|` : ''}we|we['’]re|we are|it|it['’]s|it is|now|currently|still)\\b[^.!?]{0,30}\\b(?:is |are )?(?:in|into|entering|launching|opening)\\b[^.!?]{0,12}\\b(?:${STAGE_WORDS})\\b|\\b(?:join|sign up for|get on) (?:the|our) (?:wait ?list|beta|early access)\\b`,
    'iu',
  );
  const h1 = ownHeadings(home).find((h) => h.level === 1)?.text;
  const meta = home.facts.meta;
  const hero = [home.facts.title, meta.description, meta['og:description'], h1, ...(h1 ? heroBlocks(home, h1) : [])];
  // A badge says the stage and little else ("Public beta", "Now in early access"), not "AI summaries (beta)".
  // A section heading ("Coming soon" over a roadmap) names what follows it, not the product's stage.
  const sectionHeadings = new Set(
    ownHeadings(home)
      .filter((h) => h.level >= 2)
      .map((h) => h.text),
  );
  const badges = cleanBlocks(home).filter((b) => BADGE.test(b) && !sectionHeadings.has(b));
  const sentencesAbout = [home, ...pagesOf(site, 'about'), ...pagesOf(site, 'pricing')].flatMap((p) =>
    cleanBlocks(p).flatMap((b) => sentences(b).filter((x) => subject.test(x))),
  );
  for (const text of [...hero, ...badges, ...sentencesAbout]) {
    if (!text || isInstruction(text) || NOT_STAGE.test(text)) continue;
    const m = STAGE.exec(text);
    if (!m) continue;
    const quote = text.length <= 200 ? text : sentenceWith(text, STAGE);
    if (!quote) continue;
    const word = m[1]!.toLowerCase();
    const value = /beta/.test(word)
      ? 'beta'
      : word === 'alpha'
        ? 'alpha'
        : /wait ?list|early access/.test(word)
          ? 'early access'
          : 'pre-launch';
    return { value, quotes: [quote] };
  }
  // Where the company says it is in other words: pilots with first customers, a launch phase, being profitable.
  const own = [home, ...pagesOf(site, 'about'), ...site.pages.filter((p) => p !== home)].filter(
    (p) => !NOT_OURS.includes(pageRole(site, p)),
  );
  for (const [pattern, value] of STAGE_SAID)
    for (const page of own)
      for (const block of cleanBlocks(page))
        for (const sentence of sentences(block))
          if (
            sentence.length <= 200 &&
            pattern.test(sentence) &&
            !/[?？]$/.test(sentence) &&
            !aboutOthers(sentence, competitors(site))
          )
            return { value, quotes: [sentence] };
  return undefined;
}

/** Stages said in a sentence rather than a badge, in the languages sites are often written in. */
const STAGE_SAID: [RegExp, string][] = [
  [
    /\b(?:(?:first|initial|ersten?|premiers?|primeros?) (?:\d+ )?pilot[- ]?(?:customers?|clients?|users?|partners?|restaurants?|betriebe?n?|kunden|teams?)|(?:in|our|the) pilot (?:phase|program(?:me)?|stage)|pilotphase|phase pilote|fase piloto)\b/iu,
    'pilot',
  ],
  [
    /\b(?:just launched|newly launched|(?:en|in) phase de lancement|in der launch-?phase|recién lanzad[oa])(?![\p{L}])/iu,
    'launched',
  ],
  [
    /\b(?:accès anticipé|acceso anticipado|acesso antecipado|accesso anticipato|früher zugang|testes? fechados?|bêta (?:fermée|privée|publique)|beta (?:cerrada|privada|chiusa|privata)|geschlossene beta)(?![\p{L}])/iu,
    'early access',
  ],
  [/\b(?:we(?:['’]re| are)|is|are|already|bootstrapped and) (?:now |already |fully )?profitable\b/i, 'profitable'],
];

/** A category name as it may be written: any case, its last word singular or plural; acronyms as written. */
function categoryPattern(name: string): RegExp {
  const words = name.split(/\s+/);
  const last = words.pop()!;
  const stem = /[^s]s$/i.test(last) && last.length > 4 ? last.slice(0, -1) : last;
  const body = [...words.map(escapeRe), `${escapeRe(stem)}(?:s|es)?`].join('[\\s-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, /^[A-Z0-9/&]{2,5}$/.test(name) ? 'u' : 'iu');
}

/**
 * The sentences that say what the product is, best first: "Lumen is an
 * open-source status page…" and structured data; the title, h1 and
 * descriptions; the hero paragraph. Never a feature list or a keyword that
 * happens to appear ("responsive design", "Content Security Policy").
 */
function identityTexts(site: SiteEvidence, name: string | null): string[][] {
  const home = site.pages[0];
  if (!home) return [];
  const rivals = competitors(site);
  const own = (t: string | null | undefined): string[] => {
    if (!t || isInstruction(t)) return [];
    return sentences(t)
      .filter((s) => !aboutOthers(s, rivals))
      .map((s) => {
        // What it works with is not what it is: "…, integrates with Shopify" stops before the integration.
        const at = s.search(INTEGRATION);
        return at > 0 ? s.slice(0, at) : at === 0 ? '' : s;
      })
      .filter((s) => s.length >= 3);
  };
  const isA = new RegExp(
    `(?:^|\\b)(?:${name ? `${escapeRe(name)}|` : ''}it)\\s+(?:is|are|['’]s)\\s+(?:an?|the|your)\\b`,
    'iu',
  );
  const statements: string[] = [];
  for (const obj of [...ldOfType(site, PRODUCT_TYPES)]) {
    // schema.org's application categories are a vocabulary for machines ("BusinessApplication"), not a maker's tag.
    const raw = ldString(obj.applicationCategory);
    const category = raw && !/^[A-Z][a-z]+(?:[A-Z][a-z]+)*Application$/.test(raw) ? raw : null;
    if (category) statements.push(category);
  }
  for (const page of [home, ...pagesOf(site, 'about'), ...pagesOf(site, 'features')])
    for (const block of cleanBlocks(page))
      for (const s of own(block)) if (isA.test(s) && s.length <= 300) statements.push(s);
  const meta = home.facts.meta;
  const h1 = ownHeadings(home).find((h) => h.level === 1)?.text;
  const heads = [
    ...own(home.facts.title),
    ...own(h1),
    ...own(meta['og:description']),
    ...own(meta.description),
    ...own(meta['twitter:description']),
  ];
  const hero = h1 ? heroBlocks(home, h1).flatMap(own) : [];
  return [statements, heads, hero];
}

function draftCategories(site: SiteEvidence, categories: string[], name: string | null): FieldProposal | undefined {
  const tiers = identityTexts(site, name);
  const patterns = categories.map((c) => ({ name: c, pattern: categoryPattern(c) }));
  const scored: { name: string; tier: number; count: number; quote: string }[] = [];
  tiers.forEach((texts, tier) => {
    for (const text of texts) {
      const hits = patterns
        .map((p) => ({ ...p, m: p.pattern.exec(text) }))
        .filter((h): h is typeof h & { m: RegExpExecArray } => h.m !== null);
      for (const hit of hits) {
        const [from, to] = [hit.m.index, hit.m.index + hit.m[0].length];
        // "Design Systems" wins over the "Design" inside it.
        if (
          hits.some(
            (o) => o !== hit && o.m.index <= from && o.m.index + o.m[0].length >= to && o.m[0].length > hit.m[0].length,
          )
        )
          continue;
        const known = scored.find((s) => s.name === hit.name);
        if (known) known.count++;
        else scored.push({ name: hit.name, tier, count: 1, quote: text });
      }
    }
  });
  scored.sort((a, b) => a.tier - b.tier || b.count - a.count);
  const top = scored.slice(0, 3);
  return top.length > 0 ? { value: top.map((s) => s.name), quotes: top.map((s) => s.quote) } : undefined;
}

function splitList(text: string): string[] {
  return text
    .split(/\s*[,;]\s*/)
    .map((t) => t.trim())
    .filter((t) => t.length >= 2 && t.length <= 200)
    .slice(0, 20);
}

const OPEN_SOURCE = /\bopen[- ]source\b/i;
const SELF_HOSTED = /\bself[- ]host(?:ed|able)\b/i;

function draftKeywords(site: SiteEvidence, name: string | null): { keywords?: FieldProposal; tags?: FieldProposal } {
  const meta = site.pages[0]?.facts.meta ?? {};
  const out: { keywords?: FieldProposal; tags?: FieldProposal } = {};
  if (meta.keywords && !isInstruction(meta.keywords))
    out.keywords = { value: splitList(meta.keywords), quotes: [meta.keywords] };
  for (const obj of ldOfType(site, PRODUCT_TYPES)) {
    const kw = obj.keywords;
    // schema.org's application categories are a vocabulary for machines ("BusinessApplication"), not a maker's tag.
    const raw = ldString(obj.applicationCategory);
    const category = raw && !/^[A-Z][a-z]+(?:[A-Z][a-z]+)*Application$/.test(raw) ? raw : null;
    const list = Array.isArray(kw)
      ? kw.filter((k): k is string => typeof k === 'string')
      : typeof kw === 'string'
        ? splitList(kw)
        : [];
    const tags = [...(category ? [category] : []), ...list].slice(0, 20);
    if (tags.length > 0) {
      out.tags = { value: tags, quotes: [...(category ? [category] : []), ...(typeof kw === 'string' ? [kw] : list)] };
      break;
    }
  }
  if (!out.tags) {
    // A licence or a way to run it is a fact about the product, stated in what it is.
    const identity = identityTexts(site, name).flat();
    const tags: string[] = [];
    const quotes: string[] = [];
    for (const [tag, pattern] of [
      ['open source', OPEN_SOURCE],
      ['self-hosted', SELF_HOSTED],
    ] as const) {
      const quote = identity.find((t) => pattern.test(t));
      if (quote) {
        tags.push(tag);
        quotes.push(quote);
      }
    }
    if (tags.length > 0) out.tags = { value: tags, quotes };
  }
  return out;
}

/** The words beside the product's name, when it is named ("About Lumen", "Lumen Features" → "About", "Features"). */
function besideName(text: string, name: string | null): string {
  if (!name) return text;
  const rest = text.replace(new RegExp(escapeRe(name), 'giu'), ' ').trim();
  return rest.replace(/\s+/g, ' ');
}

function featureLike(text: string, rivals: string[], name: string | null): boolean {
  return (
    text.length >= 3 &&
    text.length <= 120 &&
    !GENERIC.test(text) &&
    !GENERIC.test(besideName(text, name)) &&
    !/^help\b/i.test(besideName(text, name)) &&
    !/^(?:our|my|the) (?:vision|mission|ambition|goals?|story|values|promise|approach|why)$/i.test(text) &&
    !CTA.test(text) &&
    !WELCOME.test(text) &&
    !/[?？]$/.test(text) &&
    !/[$€£]\s?\d/.test(text) &&
    !isInstruction(text) &&
    !aboutOthers(text, rivals) &&
    (!name || alnum(text) !== alnum(name))
  );
}

/** The first sentence of the block right after `heading` on the page, when it is prose (not the next heading). */
function sentenceAfter(blocks: string[], heading: string, headings: Set<string>): string | null {
  const at = blocks.indexOf(heading);
  const next = at >= 0 ? blocks[at + 1] : undefined;
  if (!next || next.length < 12 || headings.has(next) || isInstruction(next)) return null;
  const first = sentences(next)[0] ?? next;
  return first.length <= 160 && /\s/.test(first) ? first : null;
}

interface Feature {
  value: string;
  quotes: string[];
}

/**
 * Features as an editor lists them: a heading of a few words ("Incident
 * timeline"), or a one-word heading with its sentence ("Reader: a calm
 * reading view."); never a bare word, a button or a question.
 */
function featureItems(page: EvidencePage, headings: string[], rivals: string[], name: string | null): Feature[] {
  const blocks = cleanBlocks(page);
  const all = new Set(page.facts.headings.map((h) => h.text));
  const items: Feature[] = [];
  for (const h of headings) {
    if (!featureLike(h, rivals, name) || items.some((i) => i.quotes[0] === h)) continue;
    if (h.split(/\s+/).length >= 2) {
      items.push({ value: h, quotes: [h] });
      continue;
    }
    const sentence = sentenceAfter(blocks, h, all);
    if (!sentence || aboutOthers(sentence, rivals)) continue;
    const value = `${h}: ${sentence}`;
    if (value.length <= 200) items.push({ value, quotes: [h, sentence] });
  }
  return items;
}

/** A heading that opens the list of what the product does, in the languages sites are often written in. */
const FEATURES_HEADING =
  /^(?:(?:key |main |core |all |the )?features|what you get|what (?:it|you can) do|highlights|capabilities|funktionen|(?:alle )?funktionen (?:und|&) vorteile|fonctionnalités|características|funcionalidades|funzionalità|functies|funkcje)\b/iu;
/** A lead-in that announces a list ("Borg provides:", "With Lumen you can:"). */
const LEAD_IN = /:\s*$/;
const words = (t: string) => t.split(/\s+/).length;

/**
 * The items of the page's own features section: the blocks under a "Features" heading (a short title followed by
 * its sentence reads as "Title: sentence"), or a list of three or more items right after a lead-in ending in ":".
 */
function featureSection(page: EvidencePage, rivals: string[], name: string | null): Feature[] {
  const blocks = cleanBlocks(page);
  const headings = new Set(page.facts.headings.map((h) => stripMarks(h.text)));
  const listed = new Set(page.facts.listItems);
  const isHeading = (b: string) => headings.has(stripMarks(b));
  const opens = (b: string, i: number) =>
    (isHeading(b) && FEATURES_HEADING.test(stripMarks(b))) ||
    (LEAD_IN.test(b) && b.length <= 160 && listed.has(blocks[i + 1] ?? ''));
  const starts = blocks.flatMap((b, i) => (opens(b, i) ? [i] : []));
  for (const start of starts) {
    const lead = !isHeading(blocks[start]!);
    const items: Feature[] = [];
    for (let i = start + 1; i < blocks.length && items.length < 8; i++) {
      const block = blocks[i]!;
      if (isHeading(block) && !lead) break;
      if (lead && !listed.has(block)) break;
      const next = blocks[i + 1];
      const title = words(block) <= 6 && !/[.!:;]$/.test(block) && block.length <= 60;
      if (!lead && title && next && !isHeading(next) && words(next) >= 4) {
        const sentence = sentences(next)[0] ?? next;
        if (featureLike(block, rivals, name) && sentence.length <= 160 && !aboutOthers(sentence, rivals))
          items.push({ value: `${block}: ${sentence}`, quotes: [block, sentence] });
        i++;
        continue;
      }
      if (featureLike(block, rivals, name) && words(block) >= 2 && !PRICE.test(block))
        items.push({ value: block, quotes: [block] });
    }
    if (items.length >= 3) return items;
  }
  return [];
}

/** A card's title: a few capitalised words, no sentence, no price, no section name. */
const cardTitle = (b: string) =>
  words(b) <= 7 &&
  b.length <= 60 &&
  /^\p{Lu}/u.test(b) &&
  !/[.!?:;,]$/.test(b) &&
  !PRICE.test(b) &&
  !SECTION_TITLE.test(b);
/** A card's text: a sentence of its own. */
const cardText = (b: string) => words(b) >= 4 && (/[.!]$/.test(b) || words(b) >= 10) && !/[?？]$/.test(b);

/**
 * The longest run of three or more cards on a page, however they are marked
 * up: a short title, perhaps a short line under it ("Zero scheduling
 * disputes"), then its sentence ("Sketch" / "Write down your ideas
 * instantly."). Read as "Title: sentence".
 */
function cardRun(page: EvidencePage, rivals: string[], name: string | null): Feature[] {
  const blocks = cleanBlocks(page);
  // A section's own heading (h1, h2) is never a card's title: it ends a run.
  const sections = new Set(
    ownHeadings(page)
      .filter((h) => h.level <= 2)
      .map((h) => h.text),
  );
  const title = (b: string | undefined) => b !== undefined && cardTitle(b) && !sections.has(b);
  let best: Feature[] = [];
  let run: Feature[] = [];
  for (let i = 0; i < blocks.length; ) {
    const head = blocks[i]!;
    let at = i + 1;
    if (title(blocks[at]) && words(blocks[at]!) <= 5 && cardText(blocks[at + 1] ?? '')) at++;
    const text = blocks[at];
    if (title(head) && text && cardText(text) && featureLike(head, rivals, name) && !aboutOthers(text, rivals)) {
      const sentence = sentences(text)[0] ?? text;
      run.push(
        sentence.length <= 160
          ? { value: `${head}: ${sentence}`, quotes: [head, sentence] }
          : { value: head, quotes: [head] },
      );
      i = at + 1;
      continue;
    }
    if (run.length > best.length) best = run;
    run = [];
    i++;
  }
  if (run.length > best.length) best = run;
  return best.length >= 3 ? best : [];
}

function draftFeatures(site: SiteEvidence, name: string | null): FieldProposal | undefined {
  const rivals = competitors(site);
  let found: Feature[] = [];
  for (const page of pagesOf(site, 'features')) {
    const own = ownHeadings(page);
    for (const level of [3, 2]) {
      found = featureItems(
        page,
        own.filter((h) => h.level === level).map((h) => h.text),
        rivals,
        name,
      );
      if (found.length >= 2) break;
    }
    if (found.length < 2)
      found = page.facts.listItems
        .filter((t) => t.split(/\s+/).length >= 2 && featureLike(t, rivals, name) && !/^\d|[$€£]/.test(t))
        .map((t) => ({ value: t, quotes: [t] }));
    if (found.length >= 2) break;
  }
  const home = site.pages[0];
  // An explicit features section, on a features page or the homepage.
  for (const page of [...pagesOf(site, 'features'), ...(home ? [home] : [])]) {
    if (found.length >= 2) break;
    found = featureSection(page, rivals, name);
  }
  if (found.length < 2 && home) {
    // h3 headings, but not those of a section such as "Team" or "Contact" (people and offices are no features).
    let section = '';
    const h3s = ownHeadings(home).flatMap((h) => {
      if (h.level <= 2) section = h.text;
      return h.level === 3 && !SECTION_TITLE.test(section) ? [h.text] : [];
    });
    found = featureItems(home, h3s, rivals, name);
  }
  // Cards marked up as plain lines, on a features page, then the homepage.
  for (const page of [...pagesOf(site, 'features'), ...(home ? [home] : [])]) {
    if (found.length >= 2) break;
    found = cardRun(page, rivals, name);
  }
  // A grid of cards on the homepage: short h2 headings, each with its own sentence under it ("Bank feeds" /
  // "Connect accounts at…"). Section titles and lead-in questions ("What it does", "Who we are") are not cards.
  if (found.length < 2 && home) {
    const blocks = cleanBlocks(home);
    const all = new Set(home.facts.headings.map((h) => h.text));
    const cards = ownHeadings(home)
      .filter((h) => h.level === 2)
      .map((h) => h.text)
      .filter(
        (h) =>
          h.split(/\s+/).length <= 12 &&
          !SECTION_TITLE.test(h) &&
          !/^(what|who|how|why|where|when|meet|see|watch|trusted|loved|used|join)\b/i.test(h) &&
          !(name && h.toLowerCase().includes(name.toLowerCase())) &&
          sentenceAfter(blocks, h, all) !== null,
      );
    if (cards.length >= 3) found = featureItems(home, cards, rivals, name);
  }
  const top = found.slice(0, 8);
  return top.length >= 2 ? { value: top.map((f) => f.value), quotes: top.flatMap((f) => f.quotes) } : undefined;
}

const USP =
  /\b(no credit card|cancel any ?time|money[- ]back|gdpr|soc ?2|hipaa|iso 27001|open[- ]source|self[- ]host|end-to-end encrypt|no code|no-code|set ?up in (minutes|seconds)|24\/7|made in|privacy[- ]first)\b/i;

/** Headings that name a section of the page rather than claim something. */
const SECTION_TITLE =
  /\b(pricing|plans?|faqs?|questions|team|blog|news|contact|newsletter|get in touch|our story|roadmap|changelog|testimonials?|customers|integrations|docs|documentation|careers|jobs)\b/i;

/** Terms of a price (a trial, free for some users): the pricing summary's, not a selling point. */
const PRICE_TERM = /\b(trials?|free for|discount(?:s|ed)?|[$€£]\s?\d)/i;
/** What the product is ("Lumen is an open-source status page"): the description's sentence, not a claim. */
const DEFINITION = /^(?:\p{Lu}[\p{L}\p{N}.'’-]*\s){1,3}(?:is|are)\s+(?:an?|the)\s/u;
/** A heading that claims something of the product ("Private by default", "Small on purpose"), not a section's name. */
const HEADING_CLAIM =
  /\b(by default|by design|on purpose|first|forever|never|without|no\s+\p{L}+|zero|nothing|always|100\s?%)(?![\p{L}])/iu;
/** A section giving the reasons to choose the product: "Why Lumen?", "Why choose us", "Why teams pick Lumen". */
const WHY_HEADING = /^why\b(?!.*\b(?:not|does|do|is|are|did|was)\b).{0,40}$/i;

/** The items of the product's own "Why …?" sections: each is a reason to choose it. */
function whyItems(site: SiteEvidence): string[] {
  const out: string[] = [];
  for (const page of site.pages.slice(0, 3)) {
    const headings = new Set(ownHeadings(page).map((h) => h.text));
    const blocks = cleanBlocks(page);
    let inside = false;
    for (const block of blocks) {
      const text = stripMarks(block);
      if (headings.has(text)) {
        inside = WHY_HEADING.test(text);
        continue;
      }
      if (inside && text.length >= 12 && text.length <= 160 && !/[?？]$/.test(text) && !CTA.test(text))
        if (!out.includes(text)) out.push(text);
    }
    if (out.length > 0) break;
  }
  return out.slice(0, 6);
}

function draftUsps(site: SiteEvidence, features: string[], name: string | null): FieldProposal | undefined {
  const home = site.pages[0];
  if (!home) return undefined;
  const rivals = competitors(site);
  const items: string[] = whyItems(site).filter((t) => !aboutOthers(t, rivals) && !PRICE_TERM.test(t));
  for (const page of site.pages) {
    if ([...NOT_OURS, 'legal'].includes(pageRole(site, page))) continue;
    for (const b of cleanBlocks(page)) {
      // The sentence that makes the claim, not the paragraph around it.
      const claim = sentences(b).length <= 1 ? b : sentenceWith(b, USP);
      if (
        claim &&
        claim.length <= 120 &&
        !/[?？]$/.test(claim) &&
        USP.test(claim) &&
        !PRICE_TERM.test(claim) &&
        !DEFINITION.test(claim) &&
        !INTEGRATION.test(claim) &&
        !aboutOthers(claim, rivals) &&
        !CTA.test(claim) &&
        !FURNITURE.test(claim) &&
        !items.includes(claim)
      )
        items.push(claim);
    }
  }
  for (const h of ownHeadings(home)) {
    const words = h.text.split(' ').length;
    if (
      h.level === 2 &&
      !SECTION_TITLE.test(h.text) &&
      HEADING_CLAIM.test(h.text) &&
      words >= 2 &&
      words <= 12 &&
      featureLike(h.text, rivals, name) &&
      !features.some((f) => f === h.text || f.startsWith(`${h.text}: `)) &&
      !items.includes(h.text)
    )
      items.push(h.text);
  }
  const top = items.slice(0, 6);
  return top.length > 0 ? { value: top, quotes: top } : undefined;
}

/** Mailboxes for people to write to, before role mailboxes nobody answers (privacy@, abuse@, noreply@). */
const CONTACT_MAILBOX = /^(hello|hi|hey|contact|info|support|help|team|sales|mail|office|kontakt|bonjour|hola|ciao)$/i;
const SIDE_MAILBOX =
  /^(privacy|dpo|gdpr|datenschutz|security|abuse|legal|jobs|careers|hiring|press|media|noreply|no-reply|donotreply|postmaster|webmaster|billing|invoices?|accounting|unsubscribe)$/i;

const TEXT_EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const TEXT_EMAIL_WHOLE = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u;
/** A mailing list's address (subscribe, the list itself): writing to it is not contacting the company. */
const MAILING_LIST =
  /[+-](?:subscribe|unsubscribe|request|owner|join|leave)@|@(?:groups\.io|googlegroups\.com|lists\.|freelists\.org)|^(?:noreply|no-reply|donotreply)@/i;

function draftContactEmail(site: SiteEvidence): FieldProposal | undefined {
  const contactPages = pagesOf(site, 'contact');
  const ordered = [...contactPages, ...site.pages.filter((p) => !contactPages.includes(p))];
  const hosts = brandHosts(site);
  const tokens = brandTokens(site);
  const seen = new Set<string>();
  const candidates: { email: string; score: number; order: number }[] = [];
  // The site's structured data names its mailboxes once, whichever page carries it.
  const structured = ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES])
    .flatMap((o) => [o.email, ...[o.contactPoint].flat().map((c) => (c as Record<string, unknown> | undefined)?.email)])
    .filter((e): e is string => typeof e === 'string')
    .map((e) => e.replace(/^mailto:/i, ''));
  for (const page of ordered) {
    // Links first, then addresses written out in the text (an imprint's "E-Mail: info@…"), then structured data.
    const written = cleanBlocks(page).flatMap((b) => b.match(TEXT_EMAIL) ?? []);
    for (const email of [...page.facts.mailtos, ...written, ...structured]) {
      if (seen.has(email) || !TEXT_EMAIL_WHOLE.test(email) || MAILING_LIST.test(email)) continue;
      seen.add(email);
      const [local, domain] = [email.split('@')[0]!, email.split('@')[1]!.toLowerCase()];
      const ours =
        hosts.some((h) => domain === h || domain.endsWith(`.${h}`)) || isBrand(domain.split('.')[0]!, tokens);
      const score =
        (ours ? 0 : 4) +
        (CONTACT_MAILBOX.test(local) ? 0 : SIDE_MAILBOX.test(local) ? 2 : 1) +
        (contactPages.includes(page) ? 0 : 0.5);
      candidates.push({ email, score, order: candidates.length });
    }
  }
  candidates.sort((a, b) => a.score - b.score || a.order - b.order);
  return quoteOf(candidates[0]?.email);
}

const VIDEO_PREFERENCE = /youtube|youtu\.be|vimeo|loom|wistia/i;

function draftDemoVideo(site: SiteEvidence): FieldProposal | undefined {
  // A video in a post, a policy or someone else's story shows something else than the product's demo.
  const videos = site.pages.filter((p) => !NOT_OURS.includes(pageRole(site, p))).flatMap((p) => p.facts.videos);
  return quoteOf(videos.find((v) => VIDEO_PREFERENCE.test(v)) ?? videos[0]);
}

function draftLogo(site: SiteEvidence): FieldProposal | undefined {
  const icons = site.pages[0]?.facts.icons ?? [];
  const size = (s: string | null) => Number(/(\d+)x\d+/.exec(s ?? '')?.[1] ?? 0);
  const pick =
    icons.find((i) => i.rel === 'logo') ??
    icons.find((i) => i.rel === 'brand') ??
    [...icons.filter((i) => i.rel.includes('apple-touch-icon'))].sort((a, b) => size(b.sizes) - size(a.sizes))[0] ??
    icons.find((i) => /\.svg(\?|$)/i.test(i.href)) ??
    [...icons.filter((i) => /\bicon\b/.test(i.rel))].sort((a, b) => size(b.sizes) - size(a.sizes))[0];
  return quoteOf(pick?.href);
}

const SOCIAL_HOSTS: [Exclude<SocialPlatform, 'website' | 'custom'>, RegExp][] = [
  ['linkedin', /^(www\.)?linkedin\.com\/(company|school|showcase)\//i],
  ['x', /^(www\.)?(twitter|x)\.com\/(?!intent|share|home)[A-Za-z0-9_]{1,15}\/?$/i],
  ['facebook', /^(www\.|m\.)?facebook\.com\/(?!sharer|share|dialog)[^/]+\/?$/i],
  ['instagram', /^(www\.)?instagram\.com\/[^/]+\/?$/i],
  ['threads', /^(www\.)?threads\.(net|com)\/@[^/]+\/?$/i],
  ['youtube', /^(www\.)?youtube\.com\/(@|c\/|channel\/|user\/)[^/]+\/?$/i],
  ['tiktok', /^(www\.)?tiktok\.com\/@[^/]+\/?$/i],
  ['github', /^(www\.)?github\.com\/[^/]+(\/[^/]+)?\/?$/i],
  ['gitlab', /^(www\.)?gitlab\.com\/[^/]+(\/[^/]+)?\/?$/i],
  ['reddit', /^(www\.)?reddit\.com\/(r|user|u)\/[^/]+\/?$/i],
  ['discord', /^((www\.)?discord\.gg\/[^/]+|(www\.)?discord\.com\/invite\/[^/]+)\/?$/i],
  ['medium', /^((www\.)?medium\.com\/@?[^/]+|[a-z0-9-]+\.medium\.com)\/?$/i],
];

/** A Mastodon-style account address ("/@htop"). */
const FEDIVERSE_ACCOUNT = /^\/@[\p{L}\p{N}_.]{1,40}\/?$/u;

/** Platforms whose links name an account or an organisation (a person's profile looks the same: judged by where it sits). */
const ACCOUNT_PLATFORMS = new Set<SocialPlatform>([
  'x',
  'github',
  'gitlab',
  'instagram',
  'threads',
  'tiktok',
  'medium',
  'facebook',
  'reddit',
]);

/** How a site labels its own code host: the platform, the source, a star or an icon (no text). */
const CODE_LABEL =
  /^$|^(?:view |star |fork |follow )?(?:us |it )?(?:on )?(?:github|gitlab|source(?: code)?|code|repo(?:sitory)?|contribute|open source|star|fork)(?: us)?(?: on (?:github|gitlab))?$/i;

/** The account or organisation a social link names ("x.com/lumenhq" → lumenhq, "github.com/lumen-status/lumen" → lumen-status/lumen). */
function handleOf(url: URL): string {
  return decodeURIComponent(url.pathname)
    .replace(/^\/(?:@|c\/|channel\/|user\/|company\/|r\/|u\/|invite\/)?/, '')
    .replace(/\/+$/, '');
}

/**
 * The company's own accounts: links in the site's navigation, footer or hero,
 * or whose account or organisation carries the product's name. A reviewer's
 * handle in a testimonial, a person's profile in running text, a side
 * repository the page mentions are not the company's. Each link is quoted as
 * the page shows it (its text and address).
 */
function draftSocials(site: SiteEvidence): DraftProposal['company_socials'] {
  const tokens = brandTokens(site);
  const mainRepo = mostLinkedRepo(site, tokens);
  const candidates: { platform: SocialPlatform; url: string; quote: string; rank: number; order: number }[] = [];
  // The accounts the site's structured data names as its own (sameAs) come first.
  for (const obj of ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES, 'WebSite'])) {
    for (const same of [obj.sameAs].flat()) {
      if (typeof same !== 'string' || !URL.canParse(same)) continue;
      const u = new URL(same);
      const platform = SOCIAL_HOSTS.find(([, pattern]) => pattern.test(`${u.hostname}${u.pathname}`))?.[0];
      if (platform) candidates.push({ platform, url: same, quote: same, rank: -1, order: candidates.length });
    }
  }
  for (const page of site.pages) {
    const home = page === site.pages[0];
    for (const link of page.facts.links) {
      if (link.quoted || sameSite(link.href, site.url)) continue;
      const u = new URL(link.href);
      const target = `${u.hostname}${u.pathname}`;
      // A rel="me" link to an account of a platform with no key of its own (a Mastodon server) is the custom link.
      const platform =
        SOCIAL_HOSTS.find(([, pattern]) => pattern.test(target))?.[0] ??
        (link.me && FEDIVERSE_ACCOUNT.test(u.pathname) ? 'custom' : undefined);
      if (!platform) continue;
      const handle = handleOf(u);
      // github.com/sponsors/lumen is a way to pay, github.com/orgs/… a page about an account: neither is one.
      if ((platform === 'github' || platform === 'gitlab') && CODE_HOST_PAGES.test(handle)) continue;
      const ownName = isBrand(handle.split('/')[0]!, tokens) || isBrand(handle.split('/')[1] ?? '', tokens);
      const placed = link.area === 'nav' || link.area === 'footer' || link.hero === true || link.me === true;
      // A repository or account named in body text is someone else's unless it carries the product's name.
      if (!placed && !ownName && ACCOUNT_PLATFORMS.has(platform)) continue;
      // Even in the menus or the hero, a repository named by its own name ("Built on pgx") is a side repository.
      if (!ownName && (platform === 'github' || platform === 'gitlab') && !CODE_LABEL.test(link.text)) continue;
      // A repository whose name is more than the product's ("lumen-importer") and whose label names that other thing
      // ("Our importer on GitHub") is a side repository of the company, not the product's code.
      // The repository the site links to most (its wiki, releases, issues) is the product's code whatever its suffix
      // ("etherpad-lite"), as is one whose name is the product's with a domain ending ("counter.dev").
      const repo = handle.split('/')[1];
      if (
        repo &&
        (platform === 'github' || platform === 'gitlab') &&
        !tokens.includes(repo.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')) &&
        !tokens.includes(
          repo
            .toLowerCase()
            .replace(/\.(?:dev|app|io|com|org|net|js|sh)$/, '')
            .replace(/[^\p{L}\p{N}]/gu, ''),
        ) &&
        handle.toLowerCase() !== mainRepo &&
        !CODE_LABEL.test(link.text)
      )
        continue;
      const rank = (ownName ? 0 : 2) + (placed ? 0 : 1) + (home ? 0 : 0.5);
      candidates.push({
        platform,
        url: link.href,
        // A link whose text is its address is quoted once ("https://github.com/lumen/lumen"), not twice.
        quote: link.text && link.text !== link.href ? `${link.text} ${link.href}` : link.href,
        rank,
        order: candidates.length,
      });
    }
  }
  // The X account the homepage names in its card tags (twitter:site), when it carries the product's name.
  const card = site.pages[0]?.facts.meta['twitter:site']?.trim();
  const cardHandle = card && /^@?([A-Za-z0-9_]{1,15})$/.exec(card)?.[1];
  if (cardHandle && isBrand(cardHandle, tokens))
    candidates.push({
      platform: 'x',
      url: `https://x.com/${cardHandle}`,
      quote: card,
      rank: 3,
      order: candidates.length,
    });
  candidates.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const found: DraftProposal['company_socials'] = [];
  for (const c of candidates)
    if (!found.some((f) => f.platform === c.platform))
      found.push({ platform: c.platform, url: c.url, quotes: [c.quote] });
  return found;
}

/** Pages of a code host that are not an account or a repository. */
const CODE_HOST_PAGES =
  /^(sponsors|orgs|features|marketplace|topics|about|pricing|login|join|apps|collections|settings|site|contact|security|enterprise|explore|trending|users|help|docs|readme)(\/|$)/i;

/** owner/repo of the code-host repository the site links to most, at least twice, when it carries the brand. */
function mostLinkedRepo(site: SiteEvidence, tokens: string[]): string | null {
  const counts = new Map<string, number>();
  for (const page of site.pages)
    for (const link of page.facts.links) {
      const m = /^https?:\/\/(?:www\.)?(?:github|gitlab)\.com\/([^/?#]+\/[^/?#]+)/i.exec(link.href);
      if (m && !link.quoted && !CODE_HOST_PAGES.test(m[1]!))
        counts.set(m[1]!.toLowerCase(), (counts.get(m[1]!.toLowerCase()) ?? 0) + 1);
    }
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top && top[1] >= 2 && top[0].split('/').some((part) => isBrand(part, tokens)) ? top[0] : null;
}

/** Questions a page asks to lead on, not to be answered ("Why Lumen?", "Ready to start?"). */
const RHETORICAL =
  /^(why|ready|what are you waiting|want|need|looking for|still|got|have (?:more|other|any) questions|questions|curious|interested|sound good|convinced|vous avez (?:d['’]autres|des) questions|d['’]autres questions|des questions|pas trouvé|prêts?|noch fragen|haben sie (?:noch |weitere )?fragen|weitere fragen|bereit|¿?tienes (?:más )?preguntas|¿?listo)(?![\p{L}])/iu;

/** A site template's sample question or answer ("Question?", "Long answer", "Lorem ipsum…"). */
const PLACEHOLDER_FAQ =
  /^(?:(?:your |sample |example )?question\s*\d*\s*[?？]|(?:(?:long|short|sample) )?answer\s*\d*\.?)$|lorem ipsum/i;

/** Lines that ask ("…?") followed by a line that answers, on a page of questions. */
function questionLines(page: EvidencePage): { question: string; answer: string }[] {
  const blocks = cleanBlocks(page);
  const out: { question: string; answer: string }[] = [];
  for (let i = 0; i + 1 < blocks.length; i++) {
    const [q, a] = [blocks[i]!, blocks[i + 1]!];
    if (q.length <= 200 && /[?？]$/.test(q) && !/[?？]$/.test(a) && a.length >= 2 && a.length <= 1500) {
      out.push({ question: q, answer: a });
      i++;
    }
  }
  return out.length >= 2 ? out : [];
}

function draftFaqs(site: SiteEvidence): DraftProposal['faqs'] {
  const faqs: DraftProposal['faqs'] = [];
  const faqPages = pagesOf(site, 'faq');
  const pages = [
    ...faqPages,
    ...site.pages.filter((p) => !faqPages.includes(p) && !NOT_OURS.includes(pageRole(site, p))),
  ];
  for (const page of pages) {
    // Outside an FAQ page, one question heading is a section's lead-in; an FAQ has several.
    if (!faqPages.includes(page) && page.facts.faqs.length < 2) continue;
    // An FAQ page may also write questions as plain lines (a bold paragraph) with the answer under each.
    const pairs = faqPages.includes(page) ? [...page.facts.faqs, ...questionLines(page)] : page.facts.faqs;
    for (const f of pairs) {
      if (RHETORICAL.test(f.question)) continue;
      const question = stripMarks(f.question);
      if (
        faqs.length >= 5 ||
        faqs.some((x) => x.question === question) ||
        !/[?？]$/.test(question) ||
        PLACEHOLDER_FAQ.test(question) ||
        PLACEHOLDER_FAQ.test(f.answer) ||
        isInstruction(question) ||
        isInstruction(f.answer)
      )
        continue;
      faqs.push({ question, answer: f.answer, quotes: [question, f.answer] });
    }
  }
  for (const obj of ldOfType(site, ['FAQPage'])) {
    for (const q of [obj.mainEntity].flat()) {
      if (!q || typeof q !== 'object' || faqs.length >= 5) continue;
      const question = ldString((q as Record<string, unknown>).name);
      const answer = ldString((q as Record<string, unknown>).acceptedAnswer, 'text');
      if (question && answer && !/[<>]/.test(answer) && !faqs.some((x) => x.question === question))
        faqs.push({ question, answer, quotes: [question, answer] });
    }
  }
  return faqs;
}

function draftSeo(site: SiteEvidence): DraftProposal['seo'] {
  const home = site.pages[0];
  const title = home?.facts.title && home.facts.title.length <= 70 ? home.facts.title : null;
  const meta =
    home?.facts.meta.description && home.facts.meta.description.length <= 170 ? home.facts.meta.description : null;
  return { title, meta, quotes: [title, meta].filter((q): q is string => !!q) };
}

/** Every proposal the built-in extractor makes for a site. */
export function extractProposal(request: DraftRequest): DraftProposal {
  const { site } = request;
  const name = draftName(site);
  const named = (name?.value as string | undefined) ?? null;
  const short = draftShortDescription(site);
  const features = draftFeatures(site, named);
  const founders = draftFounders(site);
  const fields: Partial<Record<FieldName, FieldProposal>> = {
    name,
    tagline: draftTagline(site, named),
    short_description: short,
    // A team card's lines are the founders' section, not the product's description.
    description: draftDescription(site, [short?.value as string | undefined, ...founders.flatMap((f) => f.quotes)]),
    stage: draftStage(site, named),
    categories: draftCategories(site, request.categories, named),
    ...draftKeywords(site, named),
    ...draftPricing(site),
    ...draftLocation(site),
    founded_year: draftFoundedYear(site),
    features,
    usps: draftUsps(site, (features?.value as string[]) ?? [], named),
    contact_email: draftContactEmail(site),
    demo_video_url: draftDemoVideo(site),
    logo_url: draftLogo(site),
  };
  for (const key of Object.keys(fields) as FieldName[]) if (fields[key] === undefined) delete fields[key];
  return {
    fields,
    faqs: draftFaqs(site),
    founders,
    company_socials: draftSocials(site),
    seo: draftSeo(site),
  };
}

export function builtinDrafter(): Drafter {
  return { name: 'builtin', draft: async (request) => extractProposal(request) };
}
