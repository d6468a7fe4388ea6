// Marks the words a search matched in a piece of text (a result's name or
// tagline), for the search page. Search reports matched words lower-cased and
// with accents folded; the text keeps its own spelling ("Café" is marked for
// "cafe"), and everything is escaped.
import { tokens } from '../../search/text.js';
import { html, type SafeHtml } from './html.js';

/** A word as the text spells it: letters and digits, with any combining accents they carry. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * `text` as escaped HTML with each whole word whose folded form is in
 * `matched` wrapped in <mark>; case and accents do not matter, parts of
 * words are never marked.
 */
export function highlightWords(text: string, matched: readonly string[]): SafeHtml {
  if (matched.length === 0) return html`${text}`;
  const wanted = new Set(matched.flatMap((w) => tokens(w)));
  const parts: (SafeHtml | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const folded = tokens(m[0]);
    if (folded.length === 0 || !folded.every((w) => wanted.has(w))) continue;
    parts.push(text.slice(last, m.index), html`<mark>${m[0]}</mark>`);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return html`${parts}`;
}
