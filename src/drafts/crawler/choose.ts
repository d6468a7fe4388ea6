// Which linked pages the crawler reads after the homepage: every same-site
// link (nav, footer and body) ranked by how likely its page is to hold
// profile facts, judged from the link's text and its path: plans and prices,
// then the company (about, team, imprint, legal), features, help, contact,
// anything else, policies, and the blog last. Pure: links in, URLs out.

/** Kinds of page, most useful to a profile first. */
export const PAGE_KINDS = ['pricing', 'about', 'features', 'faq', 'contact', 'other', 'policy', 'blog'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Where a link sits on its page; site navigation names the pages a site thinks matter. */
export type LinkArea = 'nav' | 'footer' | 'body';

export interface PageLink {
  href: string;
  text: string;
  area?: LinkArea;
}

/** Whole words only, letters of any script (so "über uns" matches where \b would not). */
const words = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, 'u');

// Matched against the link text and the path's words ("/paid-hosting" → "paid hosting"), lowercased.
const KIND_WORDS: [PageKind, RegExp][] = [
  [
    'pricing',
    words(
      'pricing|prices?|plans?|buy|purchase|store|shop|saas|sponsor|sponsors|sponsorship|donate|donations?|pay what you want|paid hosting|managed hosting|hosted (plans?|version|service)|cloud (plans?|hosting|version)|commercial (support|licen[cs]es?)|paid support|support plans?|enterprise|premium|subscriptions?|licen[cs]ing|upgrade|preise|tarife?|tarifs?|precios|prix|abonnements?|prezzi|prezzo|tariffe|listino|piani|pre[çc]os|planos|planes',
    ),
  ],
  [
    'about',
    words(
      'about|about us|team|our team|company|press ?kit|media ?kit|imprint|impressum|legal|legal notice|who we are|our story|story|founders?|people|mentions l[eé]gales|über uns|ueber uns|a propos|à propos|chi siamo|sobre nosotros|over ons|sobre n[óo]s|quem somos|qui(?:é|e)nes somos|equipo|equipe|équipe|squadra|note legali|aviso legal',
    ),
  ],
  [
    'features',
    words(
      'features?|product|products|tour|how it works|platform|solutions?|overview|use cases?|why [a-z0-9]+|funktionen|fonctionnalit[eé]s',
    ),
  ],
  [
    'faq',
    words(
      'faqs?|help|help center|questions|support|knowledge base|hilfe|aide|domande frequenti|preguntas frecuentes|perguntas frequentes|häufige fragen|ayuda|ajuda|aiuto',
    ),
  ],
  [
    'contact',
    words('contact|contact us|get in touch|reach us|kontakt|contacto|contato|contatti|contattaci|contáctanos'),
  ],
  ['policy', words('privacy|cookies?|terms|tos|gdpr|dpa|datenschutz|agb|security|accessibility')],
  ['blog', words('blog|news|changelog|release notes|posts?|articles?|press|newsroom|updates')],
];
/** A path under these is a post, whatever its slug says ("/blog/our-new-pricing" is not the pricing page). */
const BLOG_PATH = /^\/(blog|news|posts?|articles?|changelog|press|updates)(\/|$)/i;
const SKIP_PATH =
  /\.(pdf|jpe?g|png|gif|svg|webp|ico|zip|gz|dmg|exe|mp4|mov|mp3|css|js|json|xml|rss|txt)$|\/(login|log-in|signin|sign-in|signup|sign-up|register|cart|checkout|account|logout|wp-admin|wp-login|feed)(\/|$)/i;

const MAX_LABEL_WORDS = 4;

const kindOfWords = (phrase: string): PageKind | null => {
  for (const [kind, pattern] of KIND_WORDS) if (pattern.test(phrase)) return kind;
  return null;
};

/** What a link leads to: a post by its path, else the better of what its label and its path say. */
export function pageKind(url: URL, text: string): PageKind {
  if (BLOG_PATH.test(url.pathname)) return 'blog';
  const pathWords = decodeURIComponentSafe(url.pathname)
    .toLowerCase()
    .replace(/\.(html?|php|aspx?)$/, '')
    .replace(/[/_.-]+/g, ' ')
    .trim();
  // A label names its page; a sentence linked in running text ("how Acme cut support tickets") does not.
  const label = text.trim().split(/\s+/).length <= MAX_LABEL_WORDS;
  const byText = label ? kindOfWords(text.toLowerCase()) : null;
  const byPath = kindOfWords(pathWords);
  const rank = (k: PageKind | null) => (k === null ? PAGE_KINDS.length : PAGE_KINDS.indexOf(k));
  const best = rank(byText) <= rank(byPath) ? byText : byPath;
  return best ?? 'other';
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One key per page: host without www, lowercased; path without a trailing slash or index file; no query or fragment. */
export function pageKey(url: URL | string): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  const path = u.pathname.replace(/\/index\.(html?|php)$/i, '/').replace(/\/+$/, '') || '/';
  return `${u.hostname.toLowerCase().replace(/^www\./, '')}${path}`;
}

/** The URL the crawler requests for a link: no fragment, no query (tracking parameters name no new page). */
function pageUrl(href: string): URL | null {
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.search = '';
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

const sameHost = (a: URL, b: URL) =>
  a.hostname.toLowerCase().replace(/^www\./, '') === b.hostname.toLowerCase().replace(/^www\./, '');

export interface Candidate {
  url: string;
  kind: PageKind;
  /** 0: linked from the homepage; 1: from a page read after it. */
  hop: number;
  area: LinkArea;
  depth: number;
  order: number;
}

const AREA_RANK: Record<LinkArea, number> = { nav: 0, footer: 0, body: 1 };

/** Most useful first: kind, then closer to the homepage, then site navigation before body text, then shallower paths, then page order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    PAGE_KINDS.indexOf(a.kind) - PAGE_KINDS.indexOf(b.kind) ||
    a.hop - b.hop ||
    AREA_RANK[a.area] - AREA_RANK[b.area] ||
    a.depth - b.depth ||
    a.order - b.order
  );
}

/** Same-site candidates from `links`, skipping pages already `seen` (keys from pageKey; added to as it goes). */
export function candidatesFrom(
  home: string,
  links: PageLink[],
  seen: Set<string>,
  hop = 0,
  orderFrom = 0,
): Candidate[] {
  const homeUrl = new URL(home);
  const out: Candidate[] = [];
  for (const link of links) {
    const url = pageUrl(link.href);
    if (!url || !sameHost(url, homeUrl) || SKIP_PATH.test(url.pathname)) continue;
    const key = pageKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      url: url.href,
      kind: pageKind(url, link.text),
      hop,
      area: link.area ?? 'body',
      depth: url.pathname.split('/').filter(Boolean).length,
      order: orderFrom + out.length,
    });
  }
  return out;
}

/**
 * Orders candidates for reading: the best page of each kind that tells the
 * most (pricing, about, features, FAQ, contact) first, so one kind cannot take
 * the whole budget, then every other candidate by rank.
 */
export function rankCandidates(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(compareCandidates);
  const firsts = PAGE_KINDS.slice(0, 5)
    .map((kind) => sorted.find((c) => c.kind === kind))
    .filter((c) => c !== undefined);
  return [...firsts, ...sorted.filter((c) => !firsts.includes(c))];
}

/** Up to `limit` linked pages of the homepage worth reading, best first. */
export function choosePages(home: string, links: PageLink[], limit: number): string[] {
  const seen = new Set([pageKey(home)]);
  return rankCandidates(candidatesFrom(home, links, seen))
    .slice(0, limit)
    .map((c) => c.url);
}
