// Text for share images: what the font can draw, cut to the room it has by
// its measured width (with an ellipsis, as ellipsize cuts by characters),
// shrunk to fit, or wrapped over a few lines, and written into SVG escaped.
import { escapeXml } from '../../launches/badges.js';
import { ellipsize } from '../../platform/text.js';
import type { FontFace } from './fonts.js';

/** No line on a 1200 px card holds more; longer text is cut before measuring, so work stays bounded. */
const MAX_CHARS = 400;

/**
 * The text as the face can draw it: characters it has no glyph for (emoji,
 * scripts Inter lacks) left out rather than drawn as boxes, white space
 * folded to single spaces. May be empty.
 */
export function drawable(text: string, face: FontFace): string {
  let out = '';
  for (const char of ellipsize(text, MAX_CHARS)) {
    const cp = char.codePointAt(0)!;
    out += /\s/.test(char) ? ' ' : face.covers(cp) ? char : '';
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** `text` cut to `max` characters with an ellipsis, no space left before it. */
const cut = (text: string, max: number) => ellipsize(text, max).replace(/\s+…$/, '…');

/** The text as it fits in `room` px at `size`: whole, or cut (by measured width) with an ellipsis. */
export function fitWidth(text: string, face: FontFace, size: number, room: number): string {
  if (face.width(text, size) <= room) return text;
  // The longest cut that fits: widths only grow with length, so a binary search finds it.
  let lo = 1;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (face.width(cut(text, mid), size) <= room) lo = mid;
    else hi = mid - 1;
  }
  // At the end of a word when one ends not far back ("Product…", not "Product Na…").
  const space = text.lastIndexOf(' ', lo - 1);
  return space >= lo * 0.7 ? cut(text, space + 1) : cut(text, lo);
}

/** The largest size from `max` down to `min` at which the text fits on one line; at `min`, cut to fit. */
export function fitSize(
  text: string,
  face: FontFace,
  room: number,
  max: number,
  min: number,
): { text: string; size: number } {
  for (let size = max; size > min; size -= 2) if (face.width(text, size) <= room) return { text, size };
  return { text: fitWidth(text, face, min, room), size: min };
}

/** The text broken at spaces into at most `lines` lines of `room` px; the last one cut when text is left. */
export function wrap(text: string, face: FontFace, size: number, room: number, lines: number): string[] {
  const words = text.split(' ').filter(Boolean);
  const out: string[] = [];
  let i = 0;
  while (i < words.length && out.length < lines) {
    if (out.length === lines - 1) {
      out.push(fitWidth(words.slice(i).join(' '), face, size, room));
      break;
    }
    let line = words[i];
    i++;
    while (i < words.length && face.width(`${line} ${words[i]}`, size) <= room) {
      line += ` ${words[i]}`;
      i++;
    }
    // A single word wider than the line is cut where it runs out.
    out.push(fitWidth(line, face, size, room));
  }
  return out;
}

/**
 * The text's leading whole sentences that fit in `lines` lines (so a long
 * description reads as its first sentence, not as a cut one), or, when not
 * even the first fits, the whole text (wrap() then cuts it).
 */
export function leadingSentences(text: string, face: FontFace, size: number, room: number, lines: number): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  let kept = '';
  for (const sentence of sentences) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (wrap(next, face, size, room, lines).join(' ') !== next) break;
    kept = next;
  }
  return kept || text;
}

export interface TextStyle {
  size: number;
  weight: 'regular' | 'bold';
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  /** Extra letter spacing in px (initials). */
  spacing?: number;
}

/** One line of SVG text, escaped, at baseline (x, y). */
export function svgText(x: number, y: number, text: string, style: TextStyle): string {
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const spacing = style.spacing ? ` letter-spacing="${style.spacing}"` : '';
  const weight = style.weight === 'bold' ? ' font-weight="700"' : '';
  return `<text x="${round(x)}" y="${round(y)}" font-size="${style.size}"${weight} fill="${style.fill}"${anchor}${spacing}>${escapeXml(text)}</text>`;
}

/** Coordinates with at most one decimal: stable SVG text, so the same card hashes the same. */
export const round = (n: number) => Math.round(n * 10) / 10;
