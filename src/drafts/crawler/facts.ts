// What the crawler keeps of one page (PageFacts) and the evidence text drawn
// from it, apart from the jsdom extraction in crawler-page.ts: the crawler and
// the drafter need these on the main thread, where loading jsdom would cost
// start-up time for nothing (pages are parsed in the html worker threads).

export interface PageFacts {
  /** The page URL (after redirects). */
  url: string;
  title: string | null;
  lang: string | null;
  /** meta name/property (lowercased) → content. */
  meta: Record<string, string>;
  /** JSON-LD objects, arrays and @graph flattened. */
  jsonLd: unknown[];
  /** Visible headings, permalink marks stripped; `quoted` when inside other people's words (a testimonial, a press strip…). */
  headings: { level: number; text: string; quoted?: true }[];
  /**
   * Absolute http(s) links with their text and where they sit (absent in pages read before areas were kept);
   * `quoted` inside other people's words, `hero` in the block around the page's h1.
   */
  /** `me`: marked rel="me", the page naming an account as its owner's own. */
  links: { href: string; text: string; area?: 'nav' | 'footer' | 'body'; quoted?: true; hero?: true; me?: true }[];
  mailtos: string[];
  /** Video embeds and video links (iframes, <video>, og:video). */
  videos: string[];
  icons: { href: string; rel: string; sizes: string | null }[];
  /** Visible images with alt text, outside other people's words (absent in pages read before they were kept). */
  images?: { src: string; alt: string }[];
  /** Visible text, one block (paragraph, list item, heading, cell…) per entry. */
  blocks: string[];
  /** Short list items (features, plan lines). */
  listItems: string[];
  /** The main content as found by Readability, one block per entry. */
  readable: string[];
  /** Question/answer pairs written on the page (details/summary, dl, "…?" headings). */
  faqs: { question: string; answer: string }[];
  /**
   * Indexes of the blocks that are not the product speaking: testimonials,
   * quotes, reviews, "as seen in" and partner strips, comparison sections
   * (absent in pages read before they were told apart).
   */
  othersAt?: number[];
  /** Indexes of the blocks of menus and buttons (navigation, "Start free trial"). */
  chromeAt?: number[];
}

/** Folds every run of whitespace (incl. no-break spaces) to one space. */
export function fold(text: string): string {
  return text.replace(/[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, ' ').trim();
}

/** Heading permalink marks: ¶ and 🔗 anywhere at an end, # and § only apart from the words (not "C#", "§ 5"). */
const LEADING_MARKS = /^(?:(?:[¶🔗⚓]\uFE0F?|[#§](?=\s+\p{L}))\s*)+/u;
const TRAILING_MARKS = /(?:\s*[¶🔗⚓]\uFE0F?|\s+[#§])+$/u;

/** `text` without the permalink marks a heading carries ("Summary ¶", "# Reader", "Is it free? 🔗"). */
export function stripMarks(text: string): string {
  return text.replace(LEADING_MARKS, '').replace(TRAILING_MARKS, '').trim();
}

function jsonLdStrings(value: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 400) return;
  if (typeof value === 'string') {
    const text = fold(value);
    if (text) out.push(text.slice(0, 2000));
  } else if (typeof value === 'number') {
    out.push(String(value));
  } else if (Array.isArray(value)) {
    for (const v of value) jsonLdStrings(v, out, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!k.startsWith('@')) jsonLdStrings(v, out, depth + 1);
  }
}

/**
 * The page's evidence text: every string a quote may be taken from (title,
 * meta values, JSON-LD values, visible text, link targets, addresses,
 * embeds, icons), one per line. The evidence gate searches this text.
 */
export function evidenceText(facts: PageFacts): string {
  const lines: string[] = [];
  if (facts.title) lines.push(facts.title);
  for (const [key, value] of Object.entries(facts.meta))
    if (!key.startsWith('viewport') && !key.startsWith('theme-color')) lines.push(value);
  const ld: string[] = [];
  for (const obj of facts.jsonLd) jsonLdStrings(obj, ld);
  lines.push(...ld);
  lines.push(...facts.blocks);
  for (const link of facts.links) lines.push(link.text ? `${link.text} ${link.href}` : link.href);
  lines.push(...facts.mailtos, ...facts.videos, ...facts.icons.map((i) => i.href));
  return lines.join('\n');
}
