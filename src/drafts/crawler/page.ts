// What one crawled HTML page yields as evidence: visible text in reading
// order, the main content (Readability), meta tags, JSON-LD, headings, links,
// mail addresses, video embeds and icons. Pure: HTML in, plain data out; the
// jsdom window is always closed. Runs inside the html worker threads
// (html-worker.ts) so a large page cannot stall or bloat the server. The
// facts' shape and their evidence text live in crawler-facts.ts, which the
// main thread loads without jsdom.
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { fold, type PageFacts } from './facts.js';

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

function hidden(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true;
  const style = el.getAttribute('style');
  return style !== null && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** Visible text of `root` split into blocks, in document order. */
function blockTexts(root: Node, doc: Document): string[] {
  const NodeFilter = doc.defaultView!.NodeFilter;
  const blocks: string[] = [];
  let current: string[] = [];
  let currentBlock: Node | null = null;
  const flush = () => {
    const text = fold(current.join(''));
    if (text) blocks.push(text.slice(0, LIMITS.blockChars));
    current = [];
  };
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node: Node) {
      if (node.nodeType === 1) {
        const el = node as Element;
        if (SKIP.has(el.tagName.toUpperCase()) || hidden(el)) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_SKIP;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node && blocks.length < LIMITS.blocks; node = walker.nextNode()) {
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

function pageFaqs(elements: Element[]): { question: string; answer: string }[] {
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
    const tag = el.tagName;
    if (tag === 'DETAILS') {
      const summary = [...el.children].find((c) => c.tagName === 'SUMMARY');
      if (summary)
        push(
          summary.textContent,
          [...el.childNodes]
            .filter((n) => n !== summary)
            .map((n) => n.textContent ?? '')
            .join(' '),
        );
    } else if (tag === 'DT') {
      const dd = el.nextElementSibling;
      if (dd?.tagName === 'DD' && /\?\s*$/.test(el.textContent ?? '')) push(el.textContent, dd.textContent);
    } else if (/^H[2-5]$/.test(tag) && /\?\s*$/.test(el.textContent ?? '')) {
      const next = el.nextElementSibling;
      if (next && /^(P|DIV)$/.test(next.tagName)) push(el.textContent, next.textContent);
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
      const key = (el.getAttribute('name') ?? el.getAttribute('property') ?? el.getAttribute('itemprop') ?? '')
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

    const headings = byTag('H1', 'H2', 'H3', 'H4')
      .filter((h) => !hidden(h))
      .map((h) => ({ level: Number(h.tagName.slice(1)), text: fold(h.textContent ?? '').slice(0, 500) }))
      .filter((h) => h.text)
      .slice(0, LIMITS.headings);

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
      links.push({
        href,
        text: fold(a.textContent || a.getAttribute('aria-label') || '').slice(0, 200),
        area: linkArea(a),
      });
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
    const listItems = items
      .filter((li) => !hidden(li) && !nesting.has(li))
      .map((li) => fold(li.textContent ?? ''))
      .filter((t) => t.length >= 3 && t.length <= 200)
      .slice(0, LIMITS.listItems);

    const faqs = pageFaqs(byTag('DETAILS', 'DT', 'H2', 'H3', 'H4', 'H5'));
    const title = fold(doc.title ?? '') || null;
    const lang = doc.documentElement.getAttribute('lang');
    const blocks = doc.body ? blockTexts(doc.body, doc) : [];

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
      if (article?.content) readable = blockTexts(article.content, doc);
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
      blocks,
      listItems,
      readable,
      faqs,
    };
  } finally {
    dom.window.close();
  }
}
