// The fonts share images are drawn with: Inter, regular and bold,
// from the inter-font package (SIL Open Font License) and never the system's,
// so an image is the same on every machine. Found through the package
// resolver from this module's URL, which in the executable and the MCP bundle
// is the runtime directory carrying node_modules/inter-font (scripts/bundle).
// Also each face's advance widths and character map, read from the font file,
// so text is cut to the room it has by its measured width, and characters
// Inter cannot draw are left out instead of drawn as boxes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The family name the SVGs ask for (the files' own family name). */
export const FONT_FAMILY = 'Inter';

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: 'inter-font/ttf/Inter-Regular.ttf',
  bold: 'inter-font/ttf/Inter-Bold.ttf',
};

/** One face's metrics: advance widths by code point, in font units. */
export interface FontFace {
  weight: FontWeight;
  /** The font file's path (handed to resvg). */
  file: string;
  /** The width `text` takes at `size` px, kerning aside (Inter's kerning only tightens, by a few %). */
  width(text: string, size: number): number;
  /** Whether the face has a glyph for the code point. */
  covers(codePoint: number): boolean;
}

export interface ShareFonts {
  regular: FontFace;
  bold: FontFace;
  /** The font files, for resvg's `fontFiles`. */
  files: string[];
}

/** Reads Inter's two faces (about 0.6 MB of files, parsed in a few ms); call once and keep the result. */
export function loadShareFonts(): ShareFonts {
  const require = createRequire(import.meta.url);
  const face = (weight: FontWeight) => parseFace(weight, require.resolve(FILES[weight]));
  const regular = face('regular');
  const bold = face('bold');
  return { regular, bold, files: [regular.file, bold.file] };
}

/** The few TrueType tables measuring needs: head (units per em), hhea and hmtx (advances), cmap (characters). */
function parseFace(weight: FontWeight, file: string): FontFace {
  const font = readFileSync(file);
  const tables = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`${file}: no ${tag} table`);
    return at;
  };
  const unitsPerEm = font.readUInt16BE(table('head') + 18);
  const longMetrics = font.readUInt16BE(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, longMetrics - 1));
  const glyphOf = readCharacterMap(font, table('cmap'));
  const advances = new Map<number, number>();
  const notDefined = advanceOf(0);
  return {
    weight,
    file,
    covers: (codePoint) => (glyphOf(codePoint) ?? 0) !== 0,
    width(text, size) {
      let units = 0;
      for (const char of text) {
        const cp = char.codePointAt(0)!;
        let advance = advances.get(cp);
        if (advance === undefined) {
          const glyph = glyphOf(cp);
          advance = glyph ? advanceOf(glyph) : notDefined;
          advances.set(cp, advance);
        }
        units += advance;
      }
      return (units * size) / unitsPerEm;
    },
  };
}

/** The cmap subtable for Unicode (format 12 for the full range, else format 4) as a lookup. */
function readCharacterMap(font: Buffer, cmap: number): (codePoint: number) => number | undefined {
  const subtables = font.readUInt16BE(cmap + 2);
  let format4: number | undefined;
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + 8 * i;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const at = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) return format12(font, at);
    if (format === 4) format4 ??= at;
  }
  if (format4 === undefined) throw new Error('the font has no Unicode character map');
  return format4Lookup(font, format4);
}

function format12(font: Buffer, at: number): (codePoint: number) => number | undefined {
  const groups = font.readUInt32BE(at + 12);
  return (cp) => {
    let lo = 0;
    let hi = groups - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const group = at + 16 + 12 * mid;
      const start = font.readUInt32BE(group);
      const end = font.readUInt32BE(group + 4);
      if (cp < start) hi = mid - 1;
      else if (cp > end) lo = mid + 1;
      else return font.readUInt32BE(group + 8) + (cp - start);
    }
    return undefined;
  };
}

function format4Lookup(font: Buffer, at: number): (codePoint: number) => number | undefined {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (cp) => {
    if (cp > 0xffff) return undefined;
    for (let i = 0; i < segments; i++) {
      if (cp > font.readUInt16BE(ends + 2 * i)) continue;
      const start = font.readUInt16BE(starts + 2 * i);
      if (cp < start) return undefined;
      const delta = font.readInt16BE(deltas + 2 * i);
      const rangeAt = rangeOffsets + 2 * i;
      const rangeOffset = font.readUInt16BE(rangeAt);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeAt + rangeOffset + 2 * (cp - start));
      return glyph === 0 ? undefined : (glyph + delta) & 0xffff;
    }
    return undefined;
  };
}
