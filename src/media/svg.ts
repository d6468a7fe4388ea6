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
  for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]*)/gi))
    if (!INLINE_REFERENCE.test(match[2]!)) return 'links to an outside resource (url())';
  return null;
}
