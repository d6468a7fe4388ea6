// Pieces the draft page's sections share: what a render knows (the draft,
// the refused input, the notice), a form with its CSRF and idempotency
// fields, and evidence quotes with a link to the page each came from. Quotes
// and links come from websites: they go through the html tag only, and a
// link is drawn only when it is http(s).
import { randomUUID } from 'node:crypto';
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
}

export const draftPath = (view: DraftView, suffix = '') => `/drafts/${view.id}${suffix}`;

/** A POST form to one of the draft's routes, with its CSRF token and a one-time key. */
export function draftForm(r: DraftRender, suffix: string, body: SafeHtml, attrs: { className?: string } = {}) {
  return html`<form method="post" action="${draftPath(r.view, suffix)}"${attrs.className ? html` class="${attrs.className}"` : ''} novalidate>${csrfField(r.csrfToken)}${idempotencyField(randomUUID())}
${body}</form>`;
}

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
