// The badge drawing: one SVG per badge kind, shape, colour mode and size,
// every piece of text XML-escaped. Served by the badge route
// (src/http/badges.ts) and previewed inline in the MCP App's draft review
// (src/web/maker/draft-review.ts), before the listing has a badge URL.
import {
  badgeAlt,
  badgeDimensions,
  escapeXml,
  type BadgeKind,
  type BadgeMode,
  type BadgeShape,
  type BadgeStyle,
  type EarnedBadge,
} from './badges.js';

const COLOURS = {
  light: { bg: '#ffffff', border: '#d0d7de', text: '#1f2328', sub: '#57606a' },
  dark: { bg: '#0d1117', border: '#30363d', text: '#f0f6fc', sub: '#9198a1' },
};
const ACCENT: Record<BadgeKind, string> = {
  listed: '#2563eb',
  launched: '#ea580c',
  featured: '#7c3aed',
  verified: '#16a34a',
  'launch-of-the-week': '#ca8a04',
};

function css(mode: BadgeMode, shape: BadgeShape, accent: string): string {
  // outline: no background, a border in the kind's colour.
  const rules = (c: (typeof COLOURS)['light']) =>
    `.bg{fill:${shape === 'outline' ? 'none' : c.bg};stroke:${shape === 'outline' ? accent : c.border}}.t{fill:${c.text}}.s{fill:${c.sub}}.rule{stroke:${c.sub}}`;
  const font = "text{font-family:Inter,system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif}";
  if (mode === 'auto')
    return `${font}${rules(COLOURS.light)}@media (prefers-color-scheme: dark){${rules(COLOURS.dark)}}`;
  return `${font}${rules(COLOURS[mode])}`;
}

/**
 * Fits text into `room` units: shrinks the font down to 70 % first, then cuts
 * the text (by code point, with an ellipsis). Glyph width is a generous average.
 */
function fit(text: string, room: number, fontSize: number): { text: string; size: number } {
  const GLYPH = 0.6;
  const chars = Array.from(text);
  const size = Math.max(fontSize * 0.7, Math.min(fontSize, room / (Math.max(chars.length, 1) * GLYPH)));
  const max = Math.max(1, Math.floor(room / (size * GLYPH)));
  return {
    text:
      chars.length <= max
        ? text
        : `${chars
            .slice(0, max - 1)
            .join('')
            .trimEnd()}…`,
    size: Math.round(size * 10) / 10,
  };
}

/** The kind's glyph, white, drawn in a -16..16 box and placed over the accent circle. */
function glyph(badge: EarnedBadge): string {
  switch (badge.kind) {
    case 'listed':
      return '<path d="M-7 -5H7M-7 0H7M-7 5H3" stroke="#fff" stroke-width="2.5" stroke-linecap="round" fill="none"/>';
    case 'launched':
      return '<path d="M0 -8L8 6H-8Z" fill="#fff"/>';
    case 'featured': {
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? 9 : 4;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
      });
      return `<polygon points="${points.join(' ')}" fill="#fff"/>`;
    }
    case 'verified':
      return '<path d="M-7 0L-2 5L8 -6" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none"/>';
    case 'launch-of-the-week':
      return `<text x="0" y="5" text-anchor="middle" font-size="14" font-weight="700" fill="#fff">#${escapeXml(String(badge.rank ?? ''))}</text>`;
  }
}

/** The small line above the site name. */
function kicker(badge: EarnedBadge): string {
  if (badge.kind === 'launch-of-the-week') return `LAUNCH OF THE WEEK #${badge.rank ?? ''}`;
  return `${badge.kind.toUpperCase()} ON`;
}

/** A line of text: x, baseline y, font size, width available, anchor (drawing units). */
type TextBox = [x: number, y: number, size: number, room: number, anchor: 'start' | 'middle' | 'end'];

interface Layout {
  radius: number;
  /** The accent circle: cx, cy, r. */
  icon: [cx: number, cy: number, r: number];
  /** The kicker ("LAUNCHED ON") and the site name below it. */
  top: TextBox;
  main: TextBox;
}

const LAYOUTS: Record<BadgeShape, Layout> = {
  standard: { radius: 8, icon: [27, 27, 17], top: [54, 22, 10, 186, 'start'], main: [54, 41, 18, 186, 'start'] },
  outline: { radius: 8, icon: [27, 27, 17], top: [54, 22, 10, 186, 'start'], main: [54, 41, 18, 186, 'start'] },
  pill: { radius: 22, icon: [22, 22, 15], top: [44, 18, 9, 170, 'start'], main: [44, 34, 15, 170, 'start'] },
  banner: { radius: 8, icon: [30, 30, 20], top: [60, 25, 11, 178, 'start'], main: [60, 45, 20, 178, 'start'] },
  square: { radius: 12, icon: [60, 40, 22], top: [60, 80, 9, 108, 'middle'], main: [60, 100, 14, 108, 'middle'] },
};

export function renderBadgeSvg(args: {
  badge: EarnedBadge;
  listingName: string;
  siteName: string;
  style: BadgeStyle;
}): string {
  const { badge, style } = args;
  const { width, height, viewWidth, viewHeight } = badgeDimensions(style.shape, style.size);
  const layout = LAYOUTS[style.shape];
  const title = escapeXml(badgeAlt(badge, args.listingName));
  const accent = ACCENT[badge.kind];
  const [cx, cy, r] = layout.icon;
  const text = (cls: string, [x, y, fontSize, room, anchor]: TextBox, value: string, weight: number, extra = '') => {
    const fitted = fit(value, room, fontSize);
    return `<text class="${cls}" x="${x}" y="${y}" font-size="${fitted.size}" font-weight="${weight}" text-anchor="${anchor}"${extra}>${escapeXml(fitted.text)}</text>`;
  };

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<style>${css(style.mode, style.shape, accent)}</style>`,
    `<rect class="bg" x="1" y="1" width="${viewWidth - 2}" height="${viewHeight - 2}" rx="${layout.radius}" stroke-width="${style.shape === 'outline' ? 2 : 1}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}"/>`,
    `<g transform="translate(${cx} ${cy}) scale(${(r / 16).toFixed(3)})">${glyph(badge)}</g>`,
    text('s', layout.top, kicker(badge), 600, ' letter-spacing="0.5"'),
    text('t', layout.main, args.siteName, 700),
  ];
  if (style.shape === 'banner') {
    // The banner has room for the product's own name on the right.
    parts.push('<path class="rule" d="M248 14V46" stroke-opacity="0.4"/>');
    parts.push(text('t', [452, 37, 16, 190, 'end'], args.listingName, 600));
  }
  parts.push('</svg>');
  return parts.join('');
}
