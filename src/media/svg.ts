// Whether an SVG is a plain drawing librsvg may rasterise. An SVG is a
// document: it can hold scripts, event handlers, HTML, entity declarations
// (the billion-laughs kind) and references that make the renderer read other
// files or URLs. Anything of that is refused outright, never cleaned: a
// drawing that needs it is not a logo or a screenshot we want. Matching is on
// the raw text, so a prefixed element (`<svg:script>`) or attribute
// (`xlink:href`) is caught too, and anything the patterns might miss because of
// an encoding trick is refused first (only UTF-8 text is read).

/** The only references left in: same-document fragments and inline raster data. */
const INLINE_REFERENCE = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;

/** What makes the SVG unsafe to draw, in words after "The SVG …"; null when it is a plain drawing. */
export function svgProblem(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'is not UTF-8 text';
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'declares a DOCTYPE or entities';
  if (/<([\w.-]+:)?script[\s/>]/i.test(text)) return 'contains a script';
  if (/\son[a-z]+\s*=/i.test(text)) return 'has event handler attributes (scripts)';
  if (/<([\w.-]+:)?(foreignObject|iframe|embed|object)[\s/>]/i.test(text)) return 'embeds other documents';
  for (const match of text.matchAll(/(?:^|[\s"'<?])(?:[\w.-]+:)?href\s*=\s*("([^"]*)"|'([^']*)'|[^\s>]+)/gi)) {
    const value = match[2] ?? match[3] ?? match[1]!;
    if (!INLINE_REFERENCE.test(value)) return 'links to an outside resource (href)';
  }
  if (/@import/i.test(text)) return 'imports a stylesheet';
  // A CSS escape ("\\75 rl(" is "url(") would hide a word from the checks above; drawings have no need of one.
  if (/\\[0-9a-f]{1,6}|\\[^\n0-9a-f]/i.test(text)) return 'uses CSS escapes';
  for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]*)/gi))
    if (!INLINE_REFERENCE.test(match[2]!)) return 'links to an outside resource (url())';
  return filterProblem(text);
}

/**
 * Filters whose cost grows with a number in them (a blur's deviation, a morphology's radius, a matrix's order,
 * noise octaves) are bounded, as is their count: one such filter on a large canvas holds a render thread for
 * minutes, whatever the timeout says.
 */
const FILTER_BOUNDS: [element: string, attribute: string, max: number][] = [
  ['feGaussianBlur', 'stdDeviation', 50],
  ['feMorphology', 'radius', 20],
  ['feConvolveMatrix', 'order', 5],
  ['feTurbulence', 'numOctaves', 4],
  ['feDropShadow', 'stdDeviation', 50],
];
const MAX_FILTER_PRIMITIVES = 16;

function filterProblem(text: string): string | null {
  const primitives = text.match(/<([\w.-]+:)?fe[A-Z]\w*[\s/>]/g) ?? [];
  if (primitives.length > MAX_FILTER_PRIMITIVES) return `has more than ${MAX_FILTER_PRIMITIVES} filter steps`;
  for (const [element, attribute, max] of FILTER_BOUNDS)
    for (const tag of text.matchAll(new RegExp(`<(?:[\\w.-]+:)?${element}\\b[^>]*>`, 'gi'))) {
      const value = new RegExp(`\\s${attribute}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag[0])?.[1] ?? '';
      const numbers = value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (numbers.some((n) => !Number.isFinite(n) || Math.abs(n) > max))
        return `has a filter too costly to draw (${element} ${attribute} above ${max})`;
    }
  return null;
}

/** The inline raster images of an SVG (data: URIs), decoded: their pixels count toward the image's limit. */
export function inlineRasters(bytes: Buffer): Buffer[] {
  const text = bytes.toString('utf8');
  return [...text.matchAll(/data:image\/(?:png|jpeg|gif|webp);base64,([A-Za-z0-9+/=\s]+)/gi)].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'),
  );
}
