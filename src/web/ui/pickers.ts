// Suggestions for a text box that takes a listing: a datalist of live
// listings by name (the value sent is the slug), so a visitor picks a
// product instead of typing its address. Without a browser's datalist
// support, the box still takes a slug.
import type { ListingOption } from '../../directory/listing-options.js';
import { html, type SafeHtml } from './html.js';

export function listingSuggestions(id: string, options: readonly ListingOption[]): SafeHtml {
  return html`<datalist id="${id}">${options.map((o) => html`<option value="${o.slug}">${o.name}</option>`)}</datalist>`;
}
