// Pieces the draft page's sections share: what a render knows (the draft,
// the refused input, the notice), a form with its CSRF and idempotency
// fields, and evidence quotes with a link to the page each came from. Quotes
// and links come from websites: they go through the html tag only, and a
// link is drawn only when it is http(s).
import { randomUUID } from 'node:crypto';
import type { FieldName } from '../../drafts/drafter/fields.js';
import type { DraftView } from '../../drafts/views.js';
import type { Problem } from '../ui/act.js';
import { idempotencyField } from '../ui/fields.js';
import { csrfField, html, noticeBox, plural, type SafeHtml } from '../ui/html.js';
import type { Kept } from './draft-forms.js';
import type { Notice } from './draft-labels.js';

export interface DraftRender {
  view: DraftView;
  csrfToken: string;
  /** Category names a draft may use (list_categories' names). */
  categories: string[];
  /** A refused form's problem and what the person typed into it. */
  problem?: Problem | null;
  kept?: Kept;
  notice?: Notice | null;
  /** While the site is read: reload the page by itself (off when the person turned it off). */
  autoRefresh?: boolean;
  /** A field whose redraft would replace the maker's text: its button asks to be pressed again. */
  confirmRedraft?: FieldName;
  /** This site's address: a logo link under it is an upload, shown beside the link. */
  publicUrl: string;
}

export const draftPath = (view: DraftView, suffix = '') => `/drafts/${view.id}${suffix}`;

/** A POST form to one of the draft's routes, with its CSRF token and a one-time key. */
export function draftForm(
  r: DraftRender,
  suffix: string,
  body: SafeHtml,
  attrs: { className?: string; id?: string; keepsEdits?: boolean } = {},
) {
  return html`<form method="post" action="${draftPath(r.view, suffix)}"${attrs.id ? html` id="${attrs.id}"` : ''}${attrs.className ? html` class="${attrs.className}"` : ''}${attrs.keepsEdits ? html` data-unsaved-warning` : ''} novalidate>${csrfField(r.csrfToken)}${idempotencyField(randomUUID())}
${body}</form>`;
}

/** The id of the page's one form (the profile and every section), for buttons outside it. */
export const EDITOR_FORM = 'draft-editor';

/** A button of the page's form posting to one of the draft's routes, wherever it stands on the page. */
export const editorButton = (r: DraftRender, suffix: string, label: SafeHtml | string, className = '') =>
  html`<button type="submit" form="${EDITOR_FORM}" formaction="${draftPath(r.view, suffix)}"${className ? html` class="${className}"` : ''}>${label}</button>`;

/** A section's save button: it saves every edit on the page, with the notice on its section. */
export const sectionButton = (section: string, label: string) =>
  html`<button type="submit" name="intent" value="section:${section}">${label}</button>`;

/** The notice of the last action, where it belongs. */
export function sectionNotice(r: DraftRender, section: string) {
  return r.notice?.section === section ? noticeBox(r.notice.text) : '';
}

/** An address from a crawled page, or null when it is not http(s) (never drawn as a link). */
export function webHref(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/** "home page" or "/pricing": which page of the site a quote is from. */
export function pageName(url: string): string {
  try {
    const path = new URL(url).pathname;
    return path === '/' || path === '' ? 'home page' : decodeURI(path);
  } catch {
    return url;
  }
}

export function pageLink(url: string): SafeHtml {
  const href = webHref(url);
  return href
    ? html`<a href="${href}" rel="nofollow noopener noreferrer">${pageName(url)}</a>`
    : html`<span>${pageName(url)}</span>`;
}

const quote = (e: { quote: string; url: string }) =>
  html`<q>${e.quote}</q> <span class="draft-from">— ${pageLink(e.url)}</span>`;

/** Quotes from the site behind a value: one inline, several folded away. */
export function evidenceBlock(evidence: { quote: string; url: string }[], id?: string): SafeHtml | '' {
  if (evidence.length === 0) return '';
  const idAttr = id ? html` id="${id}"` : '';
  if (evidence.length === 1)
    return html`<p class="draft-evidence"${idAttr}><span class="draft-evidence-label">From your site:</span> ${quote(evidence[0]!)}</p>`;
  const pages = new Set(evidence.map((e) => pageName(e.url)));
  return html`<details class="draft-evidence"${idAttr}><summary>Evidence: ${plural(evidence.length, 'quote')} from ${plural(pages.size, 'page')} of your site</summary>
<ul>${evidence.map((e) => html`<li>${quote(e)}</li>`)}</ul></details>`;
}
