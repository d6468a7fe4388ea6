// Prose on pages: a maker's plain text in paragraphs, and first-party
// Markdown (blog posts, the Terms and Privacy pages) rendered safely: raw HTML
// in the Markdown is shown as text, and link targets such as javascript: are
// refused by markdown-it.
import type MarkdownIt from 'markdown-it';
import { html, SafeHtml } from './html.js';

/** Plain text in paragraphs (blank lines separate them; single newlines become <br>). */
export function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p.split('\n').map((line, i) => (i === 0 ? line : html`<br>${line}`))}</p>`);
}

/**
 * Markdown → HTML for first-party text. `html: false` escapes raw HTML;
 * markdown-it's default validateLink refuses javascript:, vbscript:, file: and
 * non-image data: URLs. Headings move one level down: the page title is the h1.
 */
function createMarkdown(Md: typeof MarkdownIt): MarkdownIt {
  const md = new Md({ html: false, linkify: true });
  const shiftHeading: NonNullable<typeof md.renderer.rules.heading_open> = (tokens, idx, options, _env, self) => {
    const token = tokens[idx];
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
    return self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.heading_open = shiftHeading;
  md.renderer.rules.heading_close = shiftHeading;
  return md;
}

// markdown-it loads with the first post shown, not with the server.
let markdown: Promise<MarkdownIt> | null = null;

export async function renderMarkdown(text: string): Promise<SafeHtml> {
  markdown ??= import('markdown-it').then(({ default: Md }) => createMarkdown(Md));
  return new SafeHtml((await markdown).render(text));
}
