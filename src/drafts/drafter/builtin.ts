// The built-in drafter: no model, no key. Reads what sites state in
// machine-readable places (meta tags, JSON-LD, headings, links, mail
// addresses, embeds, icons) and in their readable text, and proposes each
// field with the exact lines it came from. Deterministic: the same pages give
// the same draft.
import type {
  Drafter,
  DraftProposal,
  DraftRequest,
  FieldName,
  FieldProposal,
  SiteEvidence,
  SocialPlatform,
} from './fields.js';
import { draftPricing } from './pricing.js';
import { draftFoundedYear, draftFounders, draftLocation } from './people.js';
import {
  cleanBlocks,
  isInstruction,
  ldOfType,
  ldString,
  ORG_TYPES,
  pagesOf,
  PRODUCT_TYPES,
  sameSite,
  sentenceWith,
} from './site.js';

const SEPARATORS = /\s+[|–—·•:-]\s+/;
const GENERIC =
  /^(home|features?|pricing|plans|about( us)?|blog|faqs?|contact( us)?|get started|sign ?up|log ?in|sign in|learn more|read more|docs|documentation|support|careers|product|solutions|resources|company|team|customers|privacy|terms|menu|frequently asked questions)$/i;

const quoteOf = (text: string | null | undefined): FieldProposal | undefined =>
  text ? { value: text, quotes: [text] } : undefined;

function titleParts(site: SiteEvidence): string[] {
  const home = site.pages[0];
  const title = home?.facts.title ?? home?.facts.meta['og:title'] ?? '';
  return title
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
}

function draftName(site: SiteEvidence): FieldProposal | undefined {
  for (const obj of [...ldOfType(site, PRODUCT_TYPES), ...ldOfType(site, ORG_TYPES), ...ldOfType(site, ['WebSite'])]) {
    const name = ldString(obj.name);
    if (name && name.length <= 100) return quoteOf(name);
  }
  const meta = site.pages[0]?.facts.meta ?? {};
  const named = meta['og:site_name'] ?? meta['application-name'];
  if (named && named.length <= 100) return quoteOf(named);
  const parts = titleParts(site);
  if (parts.length === 0) return undefined;
  const label = new URL(site.url).hostname
    .replace(/^www\./, '')
    .split('.')[0]!
    .replace(/[^a-z0-9]/g, '');
  const byDomain = parts.find((p) => p.toLowerCase().replace(/[^a-z0-9]/g, '') === label);
  const shortest = [...parts].sort((a, b) => a.length - b.length)[0]!;
  const name = byDomain ?? (shortest.length <= 40 ? shortest : null);
  return quoteOf(name);
}

function draftTagline(site: SiteEvidence, name: string | null): FieldProposal | undefined {
  const home = site.pages[0];
  if (!home) return undefined;
  const h1 = home.facts.headings.find((h) => h.level === 1)?.text;
  if (h1 && h1.length >= 8 && h1.length <= 200 && h1 !== name && !isInstruction(h1)) return quoteOf(h1);
  const rest = titleParts(site).filter((p) => p !== name && p.length >= 8 && p.length <= 200);
  if (rest.length > 0) return quoteOf(rest[0]);
  const h2 = home.facts.headings.find(
    (h) => h.level === 2 && h.text.length >= 8 && h.text.length <= 200 && !GENERIC.test(h.text),
  )?.text;
  return quoteOf(h2);
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

function draftDescription(site: SiteEvidence, exclude: (string | undefined)[]): FieldProposal | undefined {
  const sources = [site.pages[0], ...pagesOf(site, 'about')].filter((p) => p !== undefined);
  const paragraphs: string[] = [];
  let length = 0;
  for (const page of sources) {
    const readable = cleanBlocks(page, 'readable');
    for (const block of readable.length > 0 ? readable : cleanBlocks(page)) {
      if (!PROSE(block) || exclude.includes(block) || paragraphs.includes(block)) continue;
      if (length + block.length > 2500 || paragraphs.length >= 5) break;
      paragraphs.push(block);
      length += block.length;
    }
  }
  return paragraphs.length > 0 ? { value: paragraphs.join('\n\n'), quotes: paragraphs } : undefined;
}

const STAGE =
  /\b(public beta|private beta|open beta|closed beta|beta|alpha|early access|waitlist|wait list|pre-launch|coming soon)\b/i;

function draftStage(site: SiteEvidence): FieldProposal | undefined {
  for (const page of site.pages) {
    for (const block of [...page.facts.headings.map((h) => h.text), ...cleanBlocks(page)]) {
      const m = STAGE.exec(block);
      if (!m || isInstruction(block)) continue;
      const quote = block.length <= 200 ? block : sentenceWith(block, STAGE);
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
  }
  return undefined;
}

function draftCategories(site: SiteEvidence, categories: string[]): FieldProposal | undefined {
  const texts = site.pages.flatMap((p) => [
    ...Object.values(p.facts.meta),
    ...p.facts.headings.map((h) => h.text),
    ...cleanBlocks(p),
  ]);
  const scored: { name: string; count: number; quote: string }[] = [];
  for (const name of categories) {
    const pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
    const hits = texts.filter((t) => pattern.test(t));
    const quote = hits.map((h) => (h.length <= 300 ? h : sentenceWith(h, pattern))).find((q): q is string => !!q);
    if (quote && hits.length >= (name.length <= 3 ? 2 : 1)) scored.push({ name, count: hits.length, quote });
  }
  scored.sort((a, b) => b.count - a.count);
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

function draftKeywords(site: SiteEvidence): { keywords?: FieldProposal; tags?: FieldProposal } {
  const meta = site.pages[0]?.facts.meta ?? {};
  const out: { keywords?: FieldProposal; tags?: FieldProposal } = {};
  if (meta.keywords && !isInstruction(meta.keywords))
    out.keywords = { value: splitList(meta.keywords), quotes: [meta.keywords] };
  for (const obj of ldOfType(site, PRODUCT_TYPES)) {
    const kw = obj.keywords;
    const category = ldString(obj.applicationCategory);
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
  return out;
}

function featureLike(text: string): boolean {
  return (
    text.length >= 3 &&
    text.length <= 120 &&
    !GENERIC.test(text) &&
    !/\?$/.test(text) &&
    !/[$€£]\s?\d/.test(text) &&
    !isInstruction(text)
  );
}

function draftFeatures(site: SiteEvidence): FieldProposal | undefined {
  const featurePages = pagesOf(site, 'features');
  let items: string[] = [];
  for (const page of featurePages) {
    const h3 = page.facts.headings.filter((h) => h.level === 3).map((h) => h.text);
    const h2 = page.facts.headings.filter((h) => h.level === 2).map((h) => h.text);
    items = (h3.length >= 2 ? h3 : h2.length >= 2 ? h2 : page.facts.listItems).filter(featureLike);
    if (items.length >= 2) break;
  }
  if (items.length < 2 && site.pages[0])
    items = site.pages[0].facts.headings
      .filter((h) => h.level === 3)
      .map((h) => h.text)
      .filter(featureLike);
  items = [...new Set(items)].slice(0, 8);
  return items.length >= 2 ? { value: items, quotes: items } : undefined;
}

const USP =
  /\b(no credit card|cancel any ?time|money[- ]back|free trial|gdpr|soc ?2|hipaa|iso 27001|open[- ]source|self[- ]host|end-to-end encrypt|no code|no-code|set ?up in (minutes|seconds)|24\/7|made in|privacy[- ]first)\b/i;

function draftUsps(site: SiteEvidence, features: string[]): FieldProposal | undefined {
  const home = site.pages[0];
  if (!home) return undefined;
  const items: string[] = [];
  for (const page of site.pages)
    for (const b of cleanBlocks(page)) if (USP.test(b) && b.length <= 120 && !items.includes(b)) items.push(b);
  for (const h of home.facts.headings) {
    const words = h.text.split(' ').length;
    if (
      h.level === 2 &&
      words >= 3 &&
      words <= 12 &&
      featureLike(h.text) &&
      !features.includes(h.text) &&
      !items.includes(h.text)
    )
      items.push(h.text);
  }
  const top = items.slice(0, 6);
  return top.length > 0 ? { value: top, quotes: top } : undefined;
}

function draftContactEmail(site: SiteEvidence): FieldProposal | undefined {
  const ordered = [...pagesOf(site, 'contact'), ...site.pages];
  const all = ordered.flatMap((p) => p.facts.mailtos);
  const domain = new URL(site.url).hostname.replace(/^www\./, '');
  const email = all.find((e) => e.toLowerCase().endsWith(`@${domain}`)) ?? all[0];
  return quoteOf(email);
}

const VIDEO_PREFERENCE = /youtube|youtu\.be|vimeo|loom|wistia/i;

function draftDemoVideo(site: SiteEvidence): FieldProposal | undefined {
  const videos = site.pages.flatMap((p) => p.facts.videos);
  return quoteOf(videos.find((v) => VIDEO_PREFERENCE.test(v)) ?? videos[0]);
}

function draftLogo(site: SiteEvidence): FieldProposal | undefined {
  const icons = site.pages[0]?.facts.icons ?? [];
  const size = (s: string | null) => Number(/(\d+)x\d+/.exec(s ?? '')?.[1] ?? 0);
  const pick =
    icons.find((i) => i.rel === 'logo') ??
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

function draftSocials(site: SiteEvidence): DraftProposal['company_socials'] {
  const found: DraftProposal['company_socials'] = [];
  for (const page of site.pages) {
    for (const link of page.facts.links) {
      if (sameSite(link.href, site.url)) continue;
      const u = new URL(link.href);
      const target = `${u.hostname}${u.pathname}`;
      const platform = SOCIAL_HOSTS.find(([, pattern]) => pattern.test(target))?.[0];
      if (platform && !found.some((f) => f.platform === platform)) found.push({ platform, url: link.href });
    }
  }
  return found;
}

function draftFaqs(site: SiteEvidence): DraftProposal['faqs'] {
  const faqs: DraftProposal['faqs'] = [];
  const pages = [...pagesOf(site, 'faq'), ...site.pages];
  for (const page of pages) {
    for (const f of page.facts.faqs) {
      if (
        faqs.length >= 5 ||
        faqs.some((x) => x.question === f.question) ||
        isInstruction(f.question) ||
        isInstruction(f.answer)
      )
        continue;
      faqs.push({ question: f.question, answer: f.answer, quotes: [f.question, f.answer] });
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
  const short = draftShortDescription(site);
  const features = draftFeatures(site);
  const fields: Partial<Record<FieldName, FieldProposal>> = {
    name,
    tagline: draftTagline(site, (name?.value as string) ?? null),
    short_description: short,
    description: draftDescription(site, [short?.value as string | undefined]),
    stage: draftStage(site),
    categories: draftCategories(site, request.categories),
    ...draftKeywords(site),
    ...draftPricing(site),
    ...draftLocation(site),
    founded_year: draftFoundedYear(site),
    features,
    usps: draftUsps(site, (features?.value as string[]) ?? []),
    contact_email: draftContactEmail(site),
    demo_video_url: draftDemoVideo(site),
    logo_url: draftLogo(site),
  };
  for (const key of Object.keys(fields) as FieldName[]) if (fields[key] === undefined) delete fields[key];
  return {
    fields,
    faqs: draftFaqs(site),
    founders: draftFounders(site),
    company_socials: draftSocials(site),
    seo: draftSeo(site),
  };
}

export function builtinDrafter(): Drafter {
  return { name: 'builtin', draft: async (request) => extractProposal(request) };
}
