// The demo's pictures, drawn here as SVG: a logo for every product (a mark on
// a two-colour tile, no letters) and, for the paid listings whose media
// section is unlocked, two screenshots of a made-up app in the product's
// colours. Each is decided by a hash of the product's slug, never by the
// seed's random draws, so adding pictures moved nothing else in the demo.
// The SVG is turned into stored images by the `draw` the caller passes in
// (db/ imports no app code), so every picture is made offline and the same
// bytes come out of every run.
import { createHash } from 'node:crypto';

/** A picture drawn from its SVG, as the images table keeps it. */
export interface DrawnImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Draws trusted SVG (ours) into a stored image: a logo square or a screenshot. */
export type DrawSvg = (svg: string, variant: 'logo' | 'screenshot') => Promise<DrawnImage>;

/** Numbers in [0, 1) read off the slug's hash, one per call, in order. */
function traits(slug: string) {
  const hash = createHash('sha256').update(slug).digest();
  let at = 0;
  return () => {
    const value = hash.readUInt16BE(at % 30) / 65536;
    at += 2;
    return value;
  };
}

interface Palette {
  from: string;
  to: string;
  ink: string;
  /** A mid tone that reads on white, for the screenshots. */
  accent: string;
  soft: string;
}

function paletteOf(next: () => number): Palette {
  const hue = Math.floor(next() * 360);
  const turn = 25 + Math.floor(next() * 50);
  const dark = next() < 0.2;
  return {
    from: dark ? `hsl(${hue}, 30%, 18%)` : `hsl(${hue}, 72%, 52%)`,
    to: dark ? `hsl(${(hue + turn) % 360}, 35%, 10%)` : `hsl(${(hue + turn) % 360}, 68%, 38%)`,
    ink: dark ? `hsl(${hue}, 85%, 68%)` : '#fff',
    accent: `hsl(${hue}, 65%, 48%)`,
    soft: `hsl(${hue}, 70%, 94%)`,
  };
}

/** The marks a logo may carry, each drawn white on the tile in a 256-unit square. */
const MARKS: ((ink: string, next: () => number) => string)[] = [
  // rings
  (ink) =>
    `<circle cx="128" cy="128" r="70" fill="none" stroke="${ink}" stroke-width="18"/><circle cx="128" cy="128" r="26" fill="${ink}"/>`,
  // play triangle
  (ink) =>
    `<path d="M96 70 L190 128 L96 186 Z" fill="${ink}" stroke="${ink}" stroke-width="14" stroke-linejoin="round"/>`,
  // rising bars
  (ink) =>
    [0, 1, 2]
      .map(
        (i) => `<rect x="${70 + i * 44}" y="${150 - i * 36}" width="30" height="${48 + i * 36}" rx="8" fill="${ink}"/>`,
      )
      .join(''),
  // four tiles, one turned
  (ink, next) => {
    const odd = Math.floor(next() * 4);
    return [0, 1, 2, 3]
      .map((i) => {
        const x = 72 + (i % 2) * 60;
        const y = 72 + Math.floor(i / 2) * 60;
        return i === odd
          ? `<circle cx="${x + 24}" cy="${y + 24}" r="24" fill="${ink}"/>`
          : `<rect x="${x}" y="${y}" width="48" height="48" rx="10" fill="${ink}" opacity="${i % 3 === 0 ? 1 : 0.7}"/>`;
      })
      .join('');
  },
  // rising sun
  (ink) =>
    `<path d="M58 160 A70 70 0 0 1 198 160 Z" fill="${ink}"/><rect x="58" y="176" width="140" height="14" rx="7" fill="${ink}" opacity="0.75"/><rect x="86" y="200" width="84" height="14" rx="7" fill="${ink}" opacity="0.5"/>`,
  // chevrons
  (ink) =>
    [0, 1]
      .map(
        (i) =>
          `<path d="M${74 + i * 52} 80 L${126 + i * 52} 128 L${74 + i * 52} 176" fill="none" stroke="${ink}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round" opacity="${1 - i * 0.35}"/>`,
      )
      .join(''),
  // hexagon with a hole
  (ink) =>
    `<path d="M128 52 L194 90 L194 166 L128 204 L62 166 L62 90 Z" fill="${ink}"/><circle cx="128" cy="128" r="28" fill="#000" opacity="0.18"/>`,
  // four-point spark
  (ink) =>
    `<path d="M128 48 C136 108 148 120 208 128 C148 136 136 148 128 208 C120 148 108 136 48 128 C108 120 120 108 128 48 Z" fill="${ink}"/>`,
  // wave
  (ink) =>
    `<path d="M52 140 C84 90 108 90 128 128 C148 166 172 166 204 116" fill="none" stroke="${ink}" stroke-width="22" stroke-linecap="round"/><circle cx="204" cy="116" r="4" fill="${ink}"/>`,
  // overlapping circles
  (ink) =>
    `<circle cx="104" cy="128" r="52" fill="${ink}" opacity="0.85"/><circle cx="152" cy="128" r="52" fill="${ink}" opacity="0.55"/>`,
  // bolt
  (ink) => `<path d="M142 44 L78 140 L122 140 L110 212 L180 110 L134 110 Z" fill="${ink}" stroke-linejoin="round"/>`,
  // stacked layers
  (ink) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M128 ${70 + i * 36} L200 ${104 + i * 36} L128 ${138 + i * 36} L56 ${104 + i * 36} Z" fill="${ink}" opacity="${1 - i * 0.3}"/>`,
      )
      .join(''),
];

/** A product's logo as SVG: its mark on a tile in its two colours. */
export function logoSvg(slug: string): string {
  const next = traits(slug);
  const palette = paletteOf(next);
  const mark = MARKS[Math.floor(next() * MARKS.length)]!(palette.ink, next);
  const tilt = Math.round((next() - 0.5) * 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="256" height="256" rx="60" fill="url(#g)"/><g transform="rotate(${tilt} 128 128)">${mark}</g></svg>`;
}

/** Grey lines standing in for text: `widths` in pixels, one a row. */
function lines(x: number, y: number, widths: number[], colour = '#d7dbe4'): string {
  return widths
    .map((w, i) => `<rect x="${x}" y="${y + i * 22}" width="${w}" height="10" rx="5" fill="${colour}"/>`)
    .join('');
}

/** A made-up screen of the product: a window with a sidebar and, by `layout`, a dashboard or a board. */
export function screenshotSvg(slug: string, layout: 'dashboard' | 'board'): string {
  const next = traits(slug);
  const palette = paletteOf(next);
  const { accent } = palette;
  const chrome = `<rect width="1280" height="800" fill="#f4f6fa"/><rect width="1280" height="44" fill="#e3e7ee"/>${[0, 1, 2].map((i) => `<circle cx="${24 + i * 22}" cy="22" r="7" fill="${['#f26b5b', '#f6be4f', '#5ec26a'][i]}"/>`).join('')}<rect x="420" y="12" width="440" height="20" rx="10" fill="#fff"/>`;
  const sidebar = `<rect x="0" y="44" width="232" height="756" fill="#fff"/><rect x="24" y="68" width="40" height="40" rx="12" fill="${accent}"/>${lines(76, 82, [110])}${[
    0, 1, 2, 3, 4, 5,
  ]
    .map(
      (i) =>
        `<rect x="16" y="${140 + i * 48}" width="200" height="36" rx="8" fill="${i === 0 ? palette.soft : '#fff'}"/><rect x="32" y="${152 + i * 48}" width="12" height="12" rx="3" fill="${i === 0 ? accent : '#c3c9d4'}"/>${lines(56, 153 + i * 48, [90 + ((i * 37) % 60)], i === 0 ? accent : '#d7dbe4')}`,
    )
    .join('')}`;
  let body: string;
  if (layout === 'dashboard') {
    const heights = Array.from({ length: 12 }, () => 40 + Math.floor(next() * 180));
    const cards = [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${264 + i * 328}" y="124" width="304" height="120" rx="14" fill="#fff"/>${lines(288 + i * 328, 148, [120])}<rect x="${288 + i * 328}" y="180" width="${100 + ((i * 53) % 80)}" height="28" rx="6" fill="${i === 1 ? accent : '#2b3040'}"/>`,
      )
      .join('');
    const bars = heights
      .map(
        (h, i) =>
          `<rect x="${300 + i * 76}" y="${720 - h}" width="44" height="${h}" rx="8" fill="${accent}" opacity="${0.45 + (i % 4) * 0.15}"/>`,
      )
      .join('');
    body = `${lines(264, 76, [260], '#2b3040')}${cards}<rect x="264" y="268" width="960" height="480" rx="14" fill="#fff"/>${lines(288, 292, [180])}${bars}`;
  } else {
    const columns = [0, 1, 2]
      .map((c) => {
        const count = 2 + Math.floor(next() * 3);
        const cards = Array.from(
          { length: count },
          (_, i) =>
            `<rect x="${280 + c * 320}" y="${176 + i * 128}" width="272" height="112" rx="12" fill="#fff" stroke="#e3e7ee"/><rect x="${296 + c * 320}" y="${192 + i * 128}" width="56" height="14" rx="7" fill="${accent}" opacity="${0.4 + c * 0.25}"/>${lines(296 + c * 320, 222 + i * 128, [200, 150])}`,
        ).join('');
        return `${lines(280 + c * 320, 140, [100], '#8a91a2')}${cards}`;
      })
      .join('');
    body = `${lines(264, 76, [220], '#2b3040')}<rect x="1100" y="68" width="124" height="36" rx="10" fill="${accent}"/>${columns}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">${chrome}${sidebar}<g>${body}</g></svg>`;
}
