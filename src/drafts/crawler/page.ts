// What one crawled HTML page yields as evidence: visible text in reading
// order, the main content (Readability), meta tags, JSON-LD, headings, links,
// mail addresses, video embeds and icons. Pure: HTML in, plain data out; the
// jsdom window is always closed. Runs inside the html worker threads
// (html-worker.ts) so a large page cannot stall or bloat the server. The
// facts' shape and their evidence text live in crawler-facts.ts, which the
// main thread loads without jsdom.
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { fold, type PageFacts, stripMarks } from './facts.js';

export type { PageFacts };

/** Elements beyond which Readability is not run (typical product pages have a few hundred to ~2,000). */
export const READABILITY_MAX_ELEMENTS = 3000;

const LIMITS = {
  links: 400,
  blocks: 3000,
  listItems: 300,
  headings: 200,
  jsonLd: 30,
  meta: 120,
  faqs: 30,
  images: 60,
  blockChars: 4000,
};

const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'CANVAS',
  'IFRAME',
  'OBJECT',
  'HEAD',
  'SELECT',
  'OPTION',
]);
const BLOCK = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'BR',
  'BUTTON',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LABEL',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);
const VIDEO_HOST =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com|player\.vimeo\.com|loom\.com|wistia\.(com|net)|fast\.wistia\.net|vidyard\.com|dailymotion\.com)$/i;

function absolute(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href.trim(), base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'mailto:') return null;
    u.hash = '';
    return u.toString();
  } catch {
    return null;
  }
}

/** Where a link sits: the site's navigation (nav, header, role navigation or banner), its footer, or the body. */
function linkArea(a: Element): 'nav' | 'footer' | 'body' {
  for (let el = a.parentElement; el; el = el.parentElement) {
    const role = el.getAttribute('role');
    if (el.tagName === 'NAV' || el.tagName === 'HEADER' || role === 'navigation' || role === 'banner') return 'nav';
    if (el.tagName === 'FOOTER' || role === 'contentinfo') return 'footer';
  }
  return 'body';
}

/** A heading's permalink: an in-page anchor inside a heading showing only a mark (¶, §, #, 🔗) or nothing. */
const PERMALINK_TEXT = /^(?:[¶§#🔗⚓]\uFE0F?|permalink|link|anchor|link to (?:this )?(?:section|heading))?$/iu;
const PERMALINK_CLASS =
  /(?:^|\s)(?:headerlink|anchorjs-link|anchor-link|heading-anchor|heading-link|hash-link|permalink|header-anchor|anchor)(?:\s|$)/i;

function isPermalink(el: Element): boolean {
  if (el.tagName !== 'A') return false;
  const href = (el.getAttribute('href') ?? '').trim();
  if (!href.startsWith('#') && !PERMALINK_CLASS.test(el.getAttribute('class') ?? '')) return false;
  if (!PERMALINK_TEXT.test(fold(el.textContent ?? ''))) return false;
  for (let p = el.parentElement; p; p = p.parentElement) if (/^(H[1-6]|DT|SUMMARY)$/.test(p.tagName)) return true;
  return false;
}

/** A heading's words: its text without permalinks or marks. */
function headingText(el: Element): string {
  return stripMarks(visibleText(el));
}

/** The text a visitor sees in `node`: no hidden elements (nor copies in another language), scripts or permalinks. */
function visibleText(node: Node): string {
  if (node.nodeType === 3) return fold(node.nodeValue ?? '');
  let text = '';
  const walk = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.nodeValue ?? '';
      else if (c.nodeType === 1) {
        const e = c as Element;
        // A line break separates words ("The music manager<br>your library deserves.").
        if (e.tagName === 'BR') text += ' ';
        else if (!SKIP.has(e.tagName) && !hidden(e) && !isPermalink(e)) walk(e);
      }
    }
  };
  if (node.nodeType === 1 && !hidden(node as Element)) walk(node);
  return fold(text);
}

// --- Other people's words ------------------------------------------------------
// Testimonials, reviews, quotes, press and partner strips and comparison
// tables are on the page but are not the product speaking: their blocks are
// listed apart (PageFacts.others) and their links and headings marked.

/** Class or id words of such regions ("testimonial-card", "section--reviews", "logo-cloud"). */
const OTHERS_NAME =
  /(?:^|[\s_-])(?:testimonials?|(?<!code[_-])reviews?|quotes?|blockquote|pull-?quote|press|in-the-press|as-seen-(?:in|on)|featured-(?:in|on)|logo-?(?:cloud|strip|wall|grid|bar|list|garden|carousel|marquee|row)|logos|partners?|clients|customer-(?:logos|quotes?|stories|story|says?)|trusted-?by|wall-?of-?love|tweets?|twitter-tweet|social-?proof|endorsements?|kudos|praise|shout-?outs?)(?:$|[\s_-])/i;
/** Class or id words of a comparison; one of the product's own plans ("pricing-comparison") is its own. */
const COMPARISON_NAME = /(?:^|[\s_-])(?:comparison|compare|versus)(?:$|[\s_-])/i;
const OWN_COMPARISON = /(?:^|[\s_-])(?:pricing|plans?|tiers?|features?)(?:$|[\s_-])/i;
/** Headings that open such a region. */
const OTHERS_HEADING =
  /^(?:what (?:our |people |customers |users |clients |makers |teams |developers |folks |others )?(?:\p{L}+ )?(?:are )?(?:say(?:ing)?|said|think)\b|testimonials?\b|reviews?\b|kind words|wall of love|loved by|trusted by|used by|as seen (?:in|on)|as featured (?:in|on)|featured (?:in|on)|in the (?:press|news)|press\b(?![- ]?kit)|our (?:customers|clients|partners)|partners\b|backed by|don['’]t (?:just )?take our word|hear from|customer stories|(?:how|why) .{0,40}\bcompares?\b|comparison\b|compared\b|confronto\b|vergleich\b|comparaison\b|comparaci[oó]n\b|compara[cç][aã]o\b|.{1,40} (?:vs\.?|versus) .{1,40}$|alternatives?\b)/iu;
const HEADING_TAGS = /^H[1-6]$/;
const REL_ME = /(?:^|\s)me(?:\s|$)/i;

/** A comparison of the product's own plans: it or a region around it says so ("pricing-comparison-section"). */
function ownComparison(el: Element): boolean {
  for (let at: Element | null = el; at; at = at.parentElement) {
    const names = `${at.getAttribute('class') ?? ''} ${at.getAttribute('id') ?? ''}`;
    if (OWN_COMPARISON.test(names) && (at === el || COMPARISON_NAME.test(names))) return true;
  }
  return false;
}

function othersRoots(all: Element[], headings: Element[]): Set<Element> {
  const roots = new Set<Element>();
  for (const el of all) {
    const tag = el.tagName;
    if (tag === 'BLOCKQUOTE') roots.add(el.parentElement?.tagName === 'FIGURE' ? el.parentElement : el);
    else if (tag === 'BODY' || tag === 'HTML' || tag === 'MAIN') continue;
    else {
      const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
      const itemtype = el.getAttribute('itemtype') ?? '';
      const others = OTHERS_NAME.test(names) || (COMPARISON_NAME.test(names) && !ownComparison(el));
      if ((names.trim() && others) || /schema\.org\/Review\b/i.test(itemtype)) roots.add(el);
    }
  }
  // A heading such as "What our customers say" or "Lumen vs. Statuspage" covers its section.
  for (const h of headings) {
    if (!OTHERS_HEADING.test(headingText(h))) continue;
    const level = Number(h.tagName.slice(1));
    const parent = h.parentElement;
    const alone =
      parent &&
      !/^(BODY|MAIN|HTML)$/.test(parent.tagName) &&
      !headings.some((o) => o !== h && Number(o.tagName.slice(1)) <= level && parent.contains(o));
    if (alone) roots.add(parent);
    else {
      roots.add(h);
      // Up to the next heading as high, within a dozen elements, never into the page's footer or menus.
      let n = 0;
      for (let sib = h.nextElementSibling; sib && n < 12; sib = sib.nextElementSibling, n++) {
        if (HEADING_TAGS.test(sib.tagName) && Number(sib.tagName.slice(1)) <= level) break;
        if (/^(FOOTER|HEADER|NAV|MAIN|FORM)$/.test(sib.tagName)) break;
        roots.add(sib);
      }
    }
  }
  return roots;
}

/** Whether `node` sits inside one of `roots` (memoized per element). */
function insideOf(roots: Set<Element>): (node: Node | null) => boolean {
  const memo = new Map<Node, boolean>();
  const inside = (node: Node | null): boolean => {
    if (!node) return false;
    if (node.nodeType !== 1) return inside(node.parentNode);
    const known = memo.get(node);
    if (known !== undefined) return known;
    const result = roots.has(node as Element) || inside(node.parentNode);
    memo.set(node, result);
    return result;
  };
  return inside;
}

/** A block quoted whole: “…” or "…", maybe with its attribution after a dash. */
const QUOTED_BLOCK = /^[“"„«‘][^“”"„«»]{12,}[”"»’](?:\s*[—–-]{1,2}\s*\p{Lu}.{0,120})?$/u;
/** An attribution: "— Maria Klein, designer at Foo" or "Maria Klein, designer at Foo". */
const DASH_ATTRIBUTION = /^[—–-]{1,2}\s*\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:\s*[,|(·@].{0,100})?$/u;
const NAME_ATTRIBUTION =
  /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}.'’-]*){1,3}\s*(?:,|\s[—–|·]\s|\s(?:at|from|of)\s)\s*.{2,100}$/u;
/** A quotation inside a block ("… fewer incidents. “For the first time we …”"), whoever's words follow in the next line. */
const INLINE_QUOTE = /[“„«][^“”„«»]{20,}[”»]|(?:^|\s)"[^"]{20,}"/u;
const FIRST_PERSON = /(?:^|[\s“"(])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|my|me)\b/u;

/**
 * Blocks that are someone else's words by their text: quoted whole, or a
 * first-person (I, my, me) or quoted block followed by an attribution line.
 */
function attributed(blocks: { text: string; attribution: boolean }[]): Set<number> {
  const out = new Set<number>();
  blocks.forEach((b, i) => {
    if (QUOTED_BLOCK.test(b.text)) out.add(i);
    const prev = blocks[i - 1];
    if (!prev || b.text.length > 140) return;
    const byDash = DASH_ATTRIBUTION.test(b.text);
    const byName = b.attribution && NAME_ATTRIBUTION.test(b.text);
    if (
      (byDash || byName) &&
      (FIRST_PERSON.test(prev.text) || /^[“"„«]/.test(prev.text) || INLINE_QUOTE.test(prev.text) || out.has(i - 1))
    ) {
      out.add(i - 1);
      out.add(i);
    }
  });
  return out;
}

const TEXT_BLOCK = /^(P|LI|TD|TH|DD|DT|H[1-6]|BLOCKQUOTE|FIGCAPTION|LABEL|CAPTION|SUMMARY|PRE|ADDRESS)$/;

/**
 * A link that stands on its own (a button, a row of links), not one inside a
 * sentence: its block holds little text besides the links in it.
 */
function standalone(a: Element): boolean {
  let inline: Element = a;
  while (inline.parentElement && !BLOCK.has(inline.parentElement.tagName)) inline = inline.parentElement;
  const block = inline.parentElement;
  if (!block) return true;
  if (!TEXT_BLOCK.test(block.tagName)) {
    // In a container (a hero's div): running text is text right next to the link.
    const near = (n: Node | null) => n?.nodeType === 3 && /[\p{L}\p{N}]/u.test(n.nodeValue ?? '');
    return !near(inline.previousSibling) && !near(inline.nextSibling);
  }
  let rest = fold(block.textContent ?? '');
  for (const link of block.getElementsByTagName('a')) rest = rest.replace(fold(link.textContent ?? ''), '');
  return rest.replace(/[\s·|•,–—-]+/g, '').length <= 3;
}

function hidden(el: Element): boolean {
  const style = el.getAttribute('style');
  if (el.hasAttribute('hidden') || (style !== null && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)))
    return !collapsedAnswer(el);
  return inactiveTab(el) || otherLanguage(el);
}

/** A closed accordion's panel: hidden until its question, the element before it, is opened. */
function collapsedAnswer(el: Element): boolean {
  const question = el.previousElementSibling?.textContent?.trim() ?? '';
  return question.length <= 300 && /[?？]$/.test(question);
}

/** The language an element's copy is marked as (`lang="en"`, `data-lang="en"`, `data-lang-en`), or null. */
function languageOf(el: Element): string | null {
  const marked = el.getAttribute('lang') ?? el.getAttribute('data-lang');
  if (marked) return marked.slice(0, 2).toLowerCase();
  for (const attr of Array.from(el.attributes)) {
    const m = /^data-lang-([a-z]{2})$/i.exec(attr.name);
    if (m) return m[1]!.toLowerCase();
  }
  return null;
}

/**
 * A copy in another language than the page's, beside one in the page's
 * ("<span data-lang-it>Prova</span><span data-lang-en>Trial</span>" on an
 * Italian page): a script shows one of them, a visitor reads one.
 */
function otherLanguage(el: Element): boolean {
  if (el.attributes.length === 0 || el.tagName === 'HTML') return false;
  const own = languageOf(el);
  const page = el.ownerDocument.documentElement.getAttribute('lang')?.slice(0, 2).toLowerCase();
  if (!own || !page || own === page) return false;
  return Array.from(el.parentElement?.children ?? []).some((s) => s !== el && languageOf(s) === page);
}

/** Hidden itself or inside something hidden. */
function hiddenWithin(el: Element): boolean {
  for (let at: Element | null = el; at; at = at.parentElement) if (hidden(at)) return true;
  return false;
}

const ACTIVE_TAB = /(?:^|\s)(?:active|show|w--tab-active|is-active|selected)(?:\s|$)/;
/**
 * A tab panel that is not the open one, when its siblings say which is ("w--tab-active", "active"): a
 * visitor sees only that one (a site template's leftover plans often sit in the others).
 */
function inactiveTab(el: Element): boolean {
  if (el.getAttribute('role') !== 'tabpanel' && !/(?:^|\s|-)tab-pane(?:\s|$)/.test(el.getAttribute('class') ?? ''))
    return false;
  if (ACTIVE_TAB.test(el.getAttribute('class') ?? '')) return false;
  const siblings = Array.from(el.parentElement?.children ?? []).filter((s) => s !== el);
  return siblings.some(
    (s) => s.getAttribute('role') === el.getAttribute('role') && ACTIVE_TAB.test(s.getAttribute('class') ?? ''),
  );
}

interface Block {
  text: string;
  /** The block element the text sits in. */
  el: Node | null;
}

/** Visible text of `root` split into blocks, in document order; heading permalinks and marks left out. */
function blockTexts(root: Node, doc: Document): Block[] {
  const NodeFilter = doc.defaultView!.NodeFilter;
  const blocks: Block[] = [];
  let current: string[] = [];
  let currentBlock: Node | null = null;
  const flush = () => {
    const text = stripMarks(fold(current.join('')));
    if (text) blocks.push({ text: text.slice(0, LIMITS.blockChars), el: currentBlock });
    current = [];
  };
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node: Node) {
      if (node.nodeType === 1) {
        const el = node as Element;
        if (SKIP.has(el.tagName.toUpperCase()) || hidden(el) || isPermalink(el)) return NodeFilter.FILTER_REJECT;
        // A line break inside a block separates its words ("Ehrenstraße 45<br>50672 Köln").
        return el.tagName === 'BR' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node && blocks.length < LIMITS.blocks; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      current.push(' ');
      continue;
    }
    let block: Node | null = node.parentNode;
    while (block && block !== root && !(block.nodeType === 1 && BLOCK.has((block as Element).tagName.toUpperCase())))
      block = block.parentNode;
    if (block !== currentBlock) {
      flush();
      currentBlock = block;
    }
    current.push(node.nodeValue ?? '');
  }
  flush();
  return blocks;
}

function flattenJsonLd(value: unknown, out: unknown[]): void {
  if (out.length >= LIMITS.jsonLd) return;
  if (Array.isArray(value)) {
    for (const v of value) flattenJsonLd(v, out);
    return;
  }
  if (value && typeof value === 'object') {
    const graph = (value as Record<string, unknown>)['@graph'];
    if (graph) flattenJsonLd(graph, out);
    const { '@graph': _, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).some((k) => k !== '@context')) out.push(rest);
  }
}

function pageFaqs(elements: Element[], quoted: (el: Element) => boolean): { question: string; answer: string }[] {
  const faqs: { question: string; answer: string }[] = [];
  const push = (q: string | null | undefined, a: string | null | undefined) => {
    const question = fold(q ?? '');
    const answer = fold(a ?? '');
    if (
      question.length >= 5 &&
      question.length <= 300 &&
      answer.length >= 2 &&
      answer.length <= 1500 &&
      !faqs.some((f) => f.question === question)
    )
      faqs.push({ question, answer });
  };
  for (const el of elements) {
    if (faqs.length >= LIMITS.faqs) break;
    if (quoted(el)) continue;
    const tag = el.tagName;
    if (tag === 'DETAILS') {
      const summary = [...el.children].find((c) => c.tagName === 'SUMMARY');
      if (summary)
        push(
          headingText(summary),
          [...el.childNodes]
            .filter((n) => n !== summary)
            .map(visibleText)
            .join(' '),
        );
    } else if (tag === 'DT') {
      const dd = el.nextElementSibling;
      const question = headingText(el);
      if (dd?.tagName === 'DD' && /[?？]$/.test(question)) push(question, visibleText(dd));
    } else if (tag === 'BUTTON') {
      // An accordion: the button asks, the panel it controls (or the element after it) answers.
      const question = headingText(el);
      const controls = el.getAttribute('aria-controls');
      const panel = (controls && el.ownerDocument.getElementById(controls)) || el.nextElementSibling;
      if (/[?？]$/.test(question) && panel && panel.tagName !== 'BUTTON') push(question, visibleText(panel));
    } else if (/^H[2-5]$/.test(tag)) {
      const question = headingText(el);
      const next = el.nextElementSibling;
      if (/[?？]$/.test(question) && next && /^(P|DIV|UL|OL|DL)$/.test(next.tagName)) push(question, visibleText(next));
    }
  }
  return faqs;
}

/** Parses one HTML page into evidence facts. */
export function extractPage(html: string, url: string): PageFacts {
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole(), contentType: 'text/html' });
  try {
    const doc = dom.window.document;
    const base = doc.baseURI || url;

    // One pass over every element, by tag. (Selector queries are avoided on
    // purpose: jsdom's selector engine keeps each document it queried alive,
    // about 11 MB per 200 KB page, even after window.close().)
    const all: Element[] = [];
    const elementWalker = doc.createTreeWalker(doc.documentElement, dom.window.NodeFilter.SHOW_ELEMENT);
    for (let el = elementWalker.currentNode as Element | null; el; el = elementWalker.nextNode() as Element | null)
      all.push(el);
    const byTag = (...tags: string[]) => all.filter((el) => tags.includes(el.tagName));

    const meta: Record<string, string> = {};
    for (const el of byTag('META')) {
      // http-equiv="refresh" is kept as "refresh": the crawler follows a homepage that only sends visitors on.
      const key = (
        el.getAttribute('name') ??
        el.getAttribute('property') ??
        el.getAttribute('itemprop') ??
        (el.getAttribute('http-equiv')?.toLowerCase() === 'refresh' ? 'refresh' : '')
      )
        .toLowerCase()
        .trim();
      const content = fold(el.getAttribute('content') ?? '');
      if (key && content && !(key in meta) && Object.keys(meta).length < LIMITS.meta)
        meta[key] = content.slice(0, 2000);
    }

    const jsonLd: unknown[] = [];
    for (const el of byTag('SCRIPT')) {
      if ((el.getAttribute('type') ?? '').trim().toLowerCase() !== 'application/ld+json') continue;
      try {
        flattenJsonLd(JSON.parse(el.textContent ?? ''), jsonLd);
      } catch {
        // Broken JSON-LD is common; the rest of the page still counts.
      }
    }

    const headingEls = byTag('H1', 'H2', 'H3', 'H4', 'H5', 'H6').filter((h) => !hidden(h));
    const quoted = insideOf(othersRoots(all, headingEls));
    const headings: PageFacts['headings'] = headingEls
      .filter((h) => h.tagName <= 'H4')
      .map((h) => ({
        level: Number(h.tagName.slice(1)),
        text: headingText(h).slice(0, 500),
        ...(quoted(h) ? { quoted: true as const } : {}),
      }))
      .filter((h) => h.text)
      .slice(0, LIMITS.headings);

    // The hero: the block around the h1 that holds no h2, or when the h1 stands in the page's main
    // flow, the few elements right after it (links there are the page's own, like the nav's).
    const h1 = headingEls.find((h) => h.tagName === 'H1');
    const h2s = headingEls.filter((h) => h.tagName === 'H2');
    const heroRoots = new Set<Element>();
    const flow = (el: Element | null) => !el || /^(BODY|MAIN|HTML|ARTICLE)$/.test(el.tagName);
    if (h1 && flow(h1.parentElement)) {
      let n = 0;
      for (
        let sib = h1.nextElementSibling;
        sib && n < 3 && !HEADING_TAGS.test(sib.tagName);
        sib = sib.nextElementSibling, n++
      )
        heroRoots.add(sib);
    } else if (h1) {
      let hero = h1.parentElement!;
      while (hero.parentElement && !flow(hero.parentElement)) {
        const up = hero.parentElement;
        if (h2s.some((h) => up.contains(h))) break;
        hero = up;
      }
      heroRoots.add(hero);
    }
    const inHero = insideOf(heroRoots);

    const links: PageFacts['links'] = [];
    const mailtos = new Set<string>();
    const seenLinks = new Set<string>();
    for (const a of byTag('A')) {
      const href = absolute(a.getAttribute('href'), base);
      if (!href) continue;
      if (href.startsWith('mailto:')) {
        let address = href.slice(7).split('?')[0]!;
        try {
          address = decodeURIComponent(address).trim();
        } catch {
          continue;
        }
        if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) mailtos.add(address);
        continue;
      }
      if (seenLinks.has(href) || links.length >= LIMITS.links) continue;
      seenLinks.add(href);
      const area = linkArea(a);
      links.push({
        href,
        text: fold(a.textContent || a.getAttribute('aria-label') || '').slice(0, 200),
        area,
        ...(quoted(a) ? { quoted: true as const } : {}),
        ...(area === 'body' && inHero(a) && standalone(a) ? { hero: true as const } : {}),
        ...(REL_ME.test(a.getAttribute('rel') ?? '') ? { me: true as const } : {}),
      });
    }
    // <link rel="me"> in the head names the owner's accounts as a footer link would.
    for (const el of byTag('LINK')) {
      const href = REL_ME.test(el.getAttribute('rel') ?? '') ? absolute(el.getAttribute('href'), base) : null;
      if (!href || href.startsWith('mailto:') || seenLinks.has(href) || links.length >= LIMITS.links) continue;
      seenLinks.add(href);
      links.push({ href, text: '', me: true });
    }

    const videos = new Set<string>();
    for (const el of byTag('IFRAME', 'VIDEO', 'SOURCE', 'EMBED')) {
      if (el.tagName === 'SOURCE' && el.parentElement?.tagName !== 'VIDEO') continue;
      const src = absolute(el.getAttribute('src'), base);
      if (!src || src.startsWith('mailto:')) continue;
      if (el.tagName !== 'IFRAME' || VIDEO_HOST.test(new URL(src).hostname)) videos.add(src);
    }
    for (const key of ['og:video', 'og:video:url', 'og:video:secure_url', 'twitter:player']) {
      const src = absolute(meta[key], base);
      if (src && !src.startsWith('mailto:')) videos.add(src);
    }
    for (const link of links) {
      const u = new URL(link.href);
      if (
        VIDEO_HOST.test(u.hostname) &&
        (/\/watch|\/embed|\/share|\/video|^\/\d+/.test(u.pathname) || u.hostname === 'youtu.be')
      )
        videos.add(link.href);
    }

    const icons: PageFacts['icons'] = [];
    for (const el of byTag('LINK')) {
      const rel = (el.getAttribute('rel') ?? '').toLowerCase();
      if (!/\b(icon|apple-touch-icon|mask-icon)\b/.test(rel)) continue;
      const href = absolute(el.getAttribute('href'), base);
      if (href && !href.startsWith('mailto:') && !icons.some((i) => i.href === href))
        icons.push({ href, rel, sizes: el.getAttribute('sizes') });
    }

    // The site's own mark: the first image in a link to its home page ("<a href="/"><img …></a>", the brand link
    // of a header), else an image in the page's header or navigation that says it is a logo. Ranked after a logo
    // named in structured data and before the browser icons.
    const pageOrigin = new URL(base).origin;
    const homeLink = (a: Element) => {
      const href = absolute(a.getAttribute('href'), base);
      if (!href) return false;
      const u = new URL(href);
      return u.origin === pageOrigin && /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/?)?(?:index\.html?)?$/i.test(u.pathname);
    };
    const imageSrc = (img: Element) => absolute(img.getAttribute('src'), base);
    let brandImage: string | null = null;
    for (const a of byTag('A')) {
      const img = a.querySelector('img[src]');
      if (img && homeLink(a) && !hidden(img)) {
        brandImage = imageSrc(img);
        if (brandImage) break;
      }
    }
    if (!brandImage)
      for (const img of byTag('IMG')) {
        const marks = `${img.getAttribute('src') ?? ''} ${img.getAttribute('alt') ?? ''} ${img.getAttribute('class') ?? ''}`;
        if (/\blogo|wordmark|brand/i.test(marks) && linkArea(img) === 'nav') {
          brandImage = imageSrc(img);
          if (brandImage) break;
        }
      }
    if (brandImage && !brandImage.startsWith('mailto:') && !brandImage.startsWith('data:'))
      icons.unshift({ href: brandImage, rel: 'brand', sizes: null });

    // A logo named in structured data is the best icon there is.
    for (const obj of jsonLd) {
      const logo = obj && typeof obj === 'object' ? (obj as Record<string, unknown>).logo : undefined;
      const raw =
        typeof logo === 'string'
          ? logo
          : logo && typeof logo === 'object'
            ? (logo as Record<string, unknown>).url
            : undefined;
      const href = typeof raw === 'string' ? absolute(raw, base) : null;
      if (href && !href.startsWith('mailto:') && !icons.some((i) => i.href === href))
        icons.unshift({ href, rel: 'logo', sizes: null });
    }

    const items = byTag('LI');
    const nesting = new Set<Element>();
    for (const li of items)
      for (let p = li.parentElement; p; p = p.parentElement) if (p.tagName === 'LI') nesting.add(p);
    // The site's furniture: menus and buttons (their blocks are not sentences about the product), and
    // the header and footer (a list there lists pages, not features or plans).
    const menuRoots = new Set<Element>();
    const furnitureRoots = new Set<Element>();
    for (const el of all) {
      const role = el.getAttribute('role');
      // An accordion's button that asks a question is the question, not furniture.
      const asks = el.tagName === 'BUTTON' && /[?？]\s*$/.test(visibleText(el));
      if (el.tagName === 'NAV' || (el.tagName === 'BUTTON' && !asks) || role === 'navigation' || role === 'menu')
        menuRoots.add(el);
      if (
        el.tagName === 'NAV' ||
        el.tagName === 'HEADER' ||
        el.tagName === 'FOOTER' ||
        /^(navigation|banner|contentinfo|menu)$/.test(role ?? '')
      )
        furnitureRoots.add(el);
    }
    const furniture = insideOf(furnitureRoots);
    const listItems = items
      .filter((li) => !hiddenWithin(li) && !nesting.has(li) && !quoted(li) && !furniture(li))
      .map((li) => stripMarks(visibleText(li)))
      .filter((t) => t.length >= 3 && t.length <= 200)
      .slice(0, LIMITS.listItems);

    // Pictures that say what they show (alt text): a team page's photos name the people in them.
    const images = byTag('IMG')
      .filter((img) => !hiddenWithin(img) && !quoted(img))
      .flatMap((img) => {
        const alt = fold(img.getAttribute('alt') ?? '');
        const src = imageSrc(img);
        return alt.length >= 3 && alt.length <= 200 && src && /^https?:/.test(src) ? [{ src, alt }] : [];
      })
      .slice(0, LIMITS.images);

    const faqs = pageFaqs(byTag('DETAILS', 'DT', 'H2', 'H3', 'H4', 'H5', 'BUTTON'), quoted);
    const title = fold(doc.title ?? '') || null;
    const lang = doc.documentElement.getAttribute('lang');
    const bodyBlocks = doc.body ? blockTexts(doc.body, doc) : [];
    const blocks = bodyBlocks.map((b) => b.text);
    const byText = attributed(
      bodyBlocks.map((b) => ({
        text: b.text,
        attribution: b.el?.nodeType === 1 && !HEADING_TAGS.test((b.el as Element).tagName),
      })),
    );
    const othersAt = bodyBlocks.flatMap((b, i) => (byText.has(i) || quoted(b.el) ? [i] : []));
    const menus = insideOf(menuRoots);
    const chromeAt = bodyBlocks.flatMap((b, i) => (menus(b.el) ? [i] : []));

    // Readability changes the document it reads, so it runs last.
    let readable: string[] = [];
    try {
      // Readability's work grows faster than the page (a body of 8,000 bare links
      // took ~28 s): past READABILITY_MAX_ELEMENTS it is skipped and the page's
      // own blocks (above) are its text.
      const article = new Readability<Node>(doc, {
        charThreshold: 200,
        maxElemsToParse: READABILITY_MAX_ELEMENTS,
        serializer: (node) => node,
      }).parse();
      if (article?.content) readable = blockTexts(article.content, doc).map((b) => b.text);
    } catch {
      // Too many elements for Readability, or a page it cannot read: the blocks stand in.
      readable = [];
    }

    return {
      url,
      title,
      lang,
      meta,
      jsonLd,
      headings,
      links,
      mailtos: [...mailtos],
      videos: [...videos],
      icons,
      images,
      blocks,
      listItems,
      readable,
      faqs,
      othersAt,
      chromeAt,
    };
  } finally {
    dom.window.close();
  }
}
