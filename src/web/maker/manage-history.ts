// The version history of a listing, for its owner: every saved edit
// (listing_versions), newest first, with what each changed from and to;
// a change the site team made (an edit, hiding) says so, with their reason.
import type { ListingVersion } from '../../listings/owner-extras.js';
import { html, type SafeHtml } from '../ui/html.js';
import { editLabel } from './manage-edit.js';
import { ellipsize } from '../../platform/text.js';
import { formatTime } from '../ui/format.js';

const SHORT = 90;

/** A stored value in a few words: text shortened, lists joined, whole collections named. */
function brief(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return value.length === 0 ? 'empty' : shorten(value.join(', '));
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (typeof value === 'object') {
    const n = Object.keys(value).length;
    return n === 0 ? 'empty' : `${n} ${n === 1 ? 'link' : 'links'}`;
  }
  return shorten(String(value));
}

function shorten(text: string): string {
  return ellipsize(text.replace(/\s+/g, ' ').trim(), SHORT);
}

/** A changed key as a label: profile fields by their form label, the collections by name. */
function changeLabel(key: string): string {
  if (key === 'socials') return 'Links';
  if (key === 'faqs') return 'FAQs';
  if (key === 'screenshots') return 'Screenshots';
  const label = editLabel(`fields.${key}`);
  return label === `fields.${key}` ? key.replace(/_/g, ' ') : label;
}

/** "set to X", "cleared (was X)" or "X → Y". */
function change(before: unknown, after: unknown): SafeHtml {
  const was = brief(before);
  const now = brief(after);
  if (was === 'empty') return html`set to <span class="manage-after">${now}</span>`;
  if (now === 'empty') return html`cleared <span class="muted">(was ${was})</span>`;
  return html`<span class="manage-before">${was}</span> <span aria-hidden="true">→</span><span class="visually-hidden"> became</span> <span class="manage-after">${now}</span>`;
}

export function historySection(history: ListingVersion[], limit: number): SafeHtml {
  return html`<section aria-labelledby="history"><h2 id="history">Version history</h2>
${
  history.length === 0
    ? html`<p class="muted">No edits yet. Every saved change shows here with what it was before.</p>`
    : html`<p class="muted">Every saved edit, newest first${history.length >= limit ? ` (the latest ${limit})` : ''}. The site team sees the same before and after.</p>
<ol class="manage-history">${history.map(
        (v) =>
          html`<li><p class="manage-history-when">${formatTime(v.at)}${v.by_admin ? ' · by the site team' : ''}</p>${
            v.reason ? html`<p class="manage-history-reason">Reason: ${v.reason}</p>` : ''
          }<ul>${Object.entries(v.changes).map(
            ([key, { before, after }]) => html`<li><strong>${changeLabel(key)}</strong>: ${change(before, after)}</li>`,
          )}</ul></li>`,
      )}</ol>`
}</section>`;
}
