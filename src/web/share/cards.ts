// The share cards, composed as SVG 1200×630 (Open Graph's large
// image) from plain data: a listing (its logo or monogram, name, tagline, votes,
// category, award or launch week), a week (its top launches and their
// votes) and the site (its name and purpose), each with the site's mark and
// name. Pure functions of their input and the fonts: the same data gives the
// same SVG, byte for byte, which is what the image cache keys on. Every piece
// of text goes through drawable() and is escaped by svgText().
import { DAY_MS, WEEK_MS } from '../../launches/weeks.js';
import { initials, nameHue } from '../ui/public-page.js';
import { MARK_COLOUR, markSvg } from '../ui/icons.js';
import { monogramColour, oklchHex } from './colour.js';
import { FONT_FAMILY, type ShareFonts } from './fonts.js';
import { drawable, fitSize, fitWidth, leadingSentences, round, svgText, wrap } from './text.js';
import { CARD_HEIGHT, CARD_WIDTH } from './urls.js';

const PAD = 72;
const ROOM = CARD_WIDTH - 2 * PAD;

const INK = '#111827';
const MUTED = '#4b5563';
const FAINT = '#6b7280';
const RULE = '#e5e7eb';

/** Who the card is from: the site's name (settings) and the host of its public URL. */
export interface Brand {
  siteName: string;
  host: string;
}

export interface ListingCardData {
  name: string;
  slug: string;
  tagline: string | null;
  category: string | null;
  votes: number;
  /** `live` or `scheduled` (the only statuses the public sees). */
  status: string;
  /** Monday of the launch week, YYYY-MM-DD. */
  week: string | null;
  /** The best award's title ("Launch of the Week #1"), if any. */
  award: string | null;
  /** The stored logo as a PNG data URI (compose.ts), drawn instead of the monogram. */
  logo?: string | null;
}

export interface WeekCardData {
  /** Monday, YYYY-MM-DD. */
  monday: string;
  /** Future weeks are not ranked yet: their launches are scheduled. */
  kind: 'past' | 'current' | 'future';
  total: number;
  top: { name: string; slug: string; tagline: string | null; votes: number; logo?: string | null }[];
}

/** ISO 8601 week name of a Monday: 2026-11-16 → 2026-W47 (the week belongs to the year of its Thursday). */
export function isoWeekName(monday: string): string {
  const thursday = new Date(Date.parse(`${monday}T00:00:00.000Z`) + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Monday to Sunday as `16 – 22 Nov 2026`. */
function weekRange(monday: string): string {
  const start = Date.parse(`${monday}T00:00:00.000Z`);
  return `${dayMonth.format(start)} – ${dayMonthYear.format(start + 6 * DAY_MS)}`;
}

function svgDocument(body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILY}">${body.join('')}</svg>`;
}

/** A diagonal wash from `from` (top left) to white. */
const wash = (id: string, from: string, to = '#ffffff') =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#${id})"/>`;

/** A product's square: the initials of its name as drawn, on the colour from its full name, as the pages paint it. */
function monogram(fonts: ShareFonts, name: { shown: string; hue: number }, x: number, y: number, size: number): string {
  const letters = initials(name.shown);
  const fontSize = Math.round(size * (letters.length > 1 ? 0.42 : 0.5));
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${round(size * 0.22)}" fill="${monogramColour(name.hue)}"/>${svgText(
    x + size / 2,
    y + size / 2 + fontSize * 0.36,
    fitWidth(letters, fonts.bold, fontSize, size * 0.8),
    { size: fontSize, weight: 'bold', fill: '#ffffff', anchor: 'middle' },
  )}`;
}

/**
 * A product's stored logo (a PNG data URI, never a link: resvg fetches
 * nothing) on a white square with the monogram's rounded corners, or its
 * monogram when it has none.
 */
function productMark(
  fonts: ShareFonts,
  product: { shown: string; hue: number; logo?: string | null | undefined },
  x: number,
  y: number,
  size: number,
): string {
  if (!product.logo) return monogram(fonts, product, x, y, size);
  const id = `logo-${x}-${y}`;
  const rx = round(size * 0.22);
  return `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${rx}"/></clipPath><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${rx}" fill="#ffffff" stroke="${RULE}" stroke-width="2"/><image href="${product.logo}" x="${x}" y="${y}" width="${size}" height="${size}" preserveAspectRatio="xMidYMid meet" clip-path="url(#${id})"/>`;
}

/** The mark and the site's name from the left margin at `top`, `size` tall; the host at the right margin. */
function brandLine(fonts: ShareFonts, brand: Brand, top: number, size: number) {
  const nameSize = Math.round(size * 0.6);
  const hostSize = Math.round(size * 0.5);
  const baseline = top + size / 2 + nameSize * 0.36;
  const host = fitWidth(brand.host, fonts.regular, hostSize, ROOM / 2);
  const hostWidth = fonts.regular.width(host, hostSize);
  const nameRoom = ROOM - size - 16 - hostWidth - 32;
  const name = fitWidth(drawable(brand.siteName, fonts.bold) || brand.host, fonts.bold, nameSize, nameRoom);
  return [
    markSvg(PAD, top, size),
    svgText(PAD + size + 16, baseline, name, { size: nameSize, weight: 'bold', fill: INK }),
    svgText(CARD_WIDTH - PAD, baseline, host, { size: hostSize, weight: 'regular', fill: FAINT, anchor: 'end' }),
  ].join('');
}

type Chip = { text: string; fill: string; ink: string; stroke?: string };

/** Rounded labels in a row from (x, top), in order until one no longer fits. */
function chips(fonts: ShareFonts, labels: Chip[], x: number, top: number) {
  const size = 24;
  const height = 48;
  const out: string[] = [];
  let at = x;
  for (const label of labels) {
    const text = fitWidth(label.text, fonts.bold, size, ROOM - 40);
    const width = fonts.bold.width(text, size) + 40;
    if (at + width > x + ROOM) break;
    out.push(
      `<rect x="${round(at)}" y="${top}" width="${round(width)}" height="${height}" rx="${height / 2}" fill="${label.fill}"${label.stroke ? ` stroke="${label.stroke}" stroke-width="2"` : ''}/>`,
      svgText(at + 20, top + height / 2 + size * 0.36, text, { size, weight: 'bold', fill: label.ink }),
    );
    at += width + 14;
  }
  return out.join('');
}

/** Top right: a live listing's votes, or the week a scheduled one launches. */
function sideBox(fonts: ShareFonts, listing: ListingCardData, live: boolean): string {
  if (!live && !listing.week) return '';
  const box = { x: CARD_WIDTH - PAD - 156, y: PAD, w: 156, h: 152 };
  const cx = box.x + box.w / 2;
  const small = (y: number, text: string) =>
    svgText(cx, y, text, { size: 22, weight: 'regular', fill: FAINT, anchor: 'middle' });
  const big = (y: number, text: string) => {
    const fitted = fitSize(text, fonts.bold, box.w - 36, 52, 30);
    return svgText(cx, y, fitted.text, { size: fitted.size, weight: 'bold', fill: INK, anchor: 'middle' });
  };
  const frame = `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="24" fill="#ffffff" stroke="${RULE}" stroke-width="2"/>`;
  if (live)
    return `${frame}${voteArrow(cx, box.y + 22, 34, MARK_COLOUR)}${big(box.y + 104, String(listing.votes))}${small(box.y + 134, listing.votes === 1 ? 'vote' : 'votes')}`;
  const [year, week] = isoWeekName(listing.week!).split('-');
  return `${frame}${small(box.y + 42, 'Launching')}${big(box.y + 100, week)}${small(box.y + 130, year)}`;
}

/** An upward triangle, the vote sign, `size` wide with its top at (cx, top). */
const voteArrow = (cx: number, top: number, size: number, fill: string) =>
  `<path d="M${round(cx)} ${round(top)}l${round(size / 2)} ${round(size * 0.8)}h${round(-size)}z" fill="${fill}" stroke="${fill}" stroke-width="${round(size / 8)}" stroke-linejoin="round"/>`;

/** A listing's card: logo or monogram, name, tagline, its labels, the vote count when live, and the brand below. */
export function listingCardSvg(fonts: ShareFonts, brand: Brand, listing: ListingCardData): string {
  const name = drawable(listing.name, fonts.bold) || listing.slug;
  const hue = nameHue(listing.name);
  const out = [wash('bg', oklchHex(0.96, 0.035, hue))];
  out.push(`<rect width="${CARD_WIDTH}" height="10" fill="${monogramColour(hue)}"/>`);
  out.push(productMark(fonts, { shown: name, hue, logo: listing.logo }, PAD, PAD, 152));
  const live = listing.status === 'live';
  out.push(sideBox(fonts, listing, live));
  // One line from 80 px down to 60; a longer name takes two lines at 56, and the tagline one.
  const single = fonts.bold.width(name, 60) <= ROOM;
  const title = single ? fitSize(name, fonts.bold, ROOM, 80, 60) : { text: '', size: 56 };
  const titleLines = single ? [title.text] : wrap(name, fonts.bold, title.size, ROOM, 2);
  let baseline = PAD + 152 + 40 + title.size * 0.8 - title.size * 1.15;
  for (const line of titleLines) {
    baseline += title.size * 1.15;
    out.push(svgText(PAD, baseline, line, { size: title.size, weight: 'bold', fill: INK }));
  }
  const taglineLines = titleLines.length > 1 ? 1 : 2;
  const tagline = listing.tagline
    ? leadingSentences(drawable(listing.tagline, fonts.regular), fonts.regular, 38, ROOM, taglineLines)
    : '';
  wrap(tagline, fonts.regular, 38, ROOM, taglineLines).forEach((line, i) => {
    baseline += i === 0 ? 58 : 50;
    out.push(svgText(PAD, baseline, line, { size: 38, weight: 'regular', fill: MUTED }));
  });
  const labels: Chip[] = [];
  if (listing.award) labels.push({ text: drawable(listing.award, fonts.bold), fill: '#fef3c7', ink: '#92400e' });
  const category = listing.category ? drawable(listing.category, fonts.bold) : '';
  if (category) labels.push({ text: category, fill: '#e0e7ff', ink: '#3730a3' });
  if (listing.week)
    labels.push({
      text: `${live ? 'Launched in' : 'Launching in'} week ${isoWeekName(listing.week)}`,
      fill: '#ffffff',
      ink: '#374151',
      stroke: RULE,
    });
  out.push(chips(fonts, labels, PAD, baseline + 30));
  out.push(footer(fonts, brand));
  return svgDocument(out);
}

/** The brand on a white band along the bottom edge. */
function footer(fonts: ShareFonts, brand: Brand): string {
  const top = CARD_HEIGHT - 84;
  return `<rect y="${top}" width="${CARD_WIDTH}" height="84" fill="#ffffff"/><rect y="${top}" width="${CARD_WIDTH}" height="2" fill="${RULE}"/>${brandLine(fonts, brand, top + 20, 46)}`;
}

/** How many launches a week's card lists. */
export const WEEK_CARD_TOP = 5;

/** A week's card: its name and dates, then its top launches (by votes) with their votes. */
export function weekCardSvg(fonts: ShareFonts, brand: Brand, week: WeekCardData): string {
  const future = week.kind === 'future';
  const out = [wash('bg', '#eef2ff')];
  out.push(brandLine(fonts, brand, 48, 48));
  const heading = fitSize(
    `${future ? 'Launching in' : 'Launches of'} week ${isoWeekName(week.monday)}`,
    fonts.bold,
    ROOM,
    60,
    40,
  );
  out.push(svgText(PAD, 176, heading.text, { size: heading.size, weight: 'bold', fill: INK }));
  const count = `${week.total} ${week.total === 1 ? 'launch' : 'launches'}${week.kind === 'current' ? ' so far' : ''}`;
  out.push(svgText(PAD, 222, `${weekRange(week.monday)} · ${count}`, { size: 30, weight: 'regular', fill: MUTED }));
  const rowHeight = 70;
  const panelTop = 250;
  const rows = week.top.slice(0, WEEK_CARD_TOP);
  if (rows.length === 0) {
    out.push(
      svgText(PAD, panelTop + 80, future ? 'Nothing scheduled yet.' : 'No launches this week yet.', {
        size: 32,
        weight: 'regular',
        fill: FAINT,
      }),
    );
    return svgDocument(out);
  }
  out.push(
    `<rect x="${PAD - 24}" y="${panelTop}" width="${ROOM + 48}" height="${rows.length * rowHeight + 16}" rx="24" fill="#ffffff" stroke="${RULE}" stroke-width="2"/>`,
  );
  rows.forEach((item, i) => {
    const top = panelTop + 8 + i * rowHeight;
    if (i > 0) out.push(`<rect x="${PAD}" y="${top}" width="${ROOM}" height="1" fill="${RULE}"/>`);
    const name = drawable(item.name, fonts.bold) || item.slug;
    let x = PAD;
    if (!future) {
      out.push(svgText(x + 18, top + 46, String(i + 1), { size: 28, weight: 'bold', fill: FAINT, anchor: 'middle' }));
      x += 52;
    }
    out.push(productMark(fonts, { shown: name, hue: nameHue(item.name), logo: item.logo }, x, top + 10, 50));
    x += 68;
    let right = CARD_WIDTH - PAD;
    if (!future) {
      const votes = String(item.votes);
      const width = fonts.bold.width(votes, 30);
      out.push(svgText(right, top + 46, votes, { size: 30, weight: 'bold', fill: INK, anchor: 'end' }));
      out.push(voteArrow(right - width - 22, top + 24, 22, MARK_COLOUR));
      right -= width + 56;
    }
    const room = right - x;
    const tagline = item.tagline ? drawable(item.tagline, fonts.regular) : '';
    out.push(
      svgText(x, top + (tagline ? 32 : 44), fitWidth(name, fonts.bold, 28, room), {
        size: 28,
        weight: 'bold',
        fill: INK,
      }),
    );
    if (tagline)
      out.push(
        svgText(x, top + 60, fitWidth(tagline, fonts.regular, 22, room), { size: 22, weight: 'regular', fill: FAINT }),
      );
  });
  return svgDocument(out);
}

/** The site's card: the mark, its name and what it is for, on the mark's colour. */
export function siteCardSvg(fonts: ShareFonts, brand: Brand, purpose: string): string {
  const out = [wash('bg', MARK_COLOUR, '#1e1b4b')];
  // The mark's glyph, large and faint, bleeding off the right edge.
  out.push(`<g opacity="0.1">${markSvg(CARD_WIDTH - 380, 190, 520, false)}</g>`);
  out.push(
    `<rect x="${PAD - 6}" y="${PAD - 6}" width="132" height="132" rx="34" fill="#ffffff" fill-opacity="0.18"/>`,
    markSvg(PAD, PAD, 120),
  );
  const name = fitSize(drawable(brand.siteName, fonts.bold) || brand.host, fonts.bold, ROOM, 96, 56);
  let baseline = PAD + 120 + 60 + name.size * 0.8;
  out.push(svgText(PAD, baseline, name.text, { size: name.size, weight: 'bold', fill: '#ffffff' }));
  const room = ROOM - 250;
  const about = leadingSentences(drawable(purpose, fonts.regular), fonts.regular, 38, room, 3);
  for (const line of wrap(about, fonts.regular, 38, room, 3)) {
    baseline += 52;
    out.push(svgText(PAD, baseline, line, { size: 38, weight: 'regular', fill: '#e0e7ff' }));
  }
  out.push(svgText(PAD, CARD_HEIGHT - PAD + 8, brand.host, { size: 28, weight: 'bold', fill: '#c7d2fe' }));
  return svgDocument(out);
}
