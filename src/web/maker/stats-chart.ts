// A listing's numbers over time for its owner: being written.
import type { Context } from '../../context.js';
import { html, type SafeHtml } from '../ui/html.js';

export async function listingStatsSection(_ctx: Context, _listingId: number): Promise<SafeHtml> {
  return html``;
}
