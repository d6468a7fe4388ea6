// The words and small pieces the dashboard pages share: each status in plain
// words with the colour of its pill, plans, money and dates, and the ?done=
// notices a POST → 303 → GET leaves behind.
import type { Request } from 'express';
import { z } from 'zod';
import { tools } from '../../../tools/index.js';
import { usd } from '../../orders/pricing.js';
import { html, type SafeHtml } from '../ui/html.js';
import { formatDay } from '../ui/format.js';

/** A pill's colour: done, under way, waiting on the person, stopped, or nothing to do. */
type Tone = 'ok' | 'info' | 'wait' | 'bad' | 'quiet';

const LISTING_STATUS: Record<string, [string, Tone]> = {
  draft: ['Not launched yet', 'info'],
  awaiting_badge: ['Waiting for your badge', 'wait'],
  scheduled: ['Scheduled', 'info'],
  live: ['Live', 'ok'],
  rejected: ['Not accepted', 'bad'],
  archived: ['Archived', 'quiet'],
};

const DRAFT_STATUS: Record<string, [string, Tone]> = {
  crawling: ['Reading your site', 'wait'],
  drafting: ['Writing the draft', 'wait'],
  ready: ['Ready to review', 'info'],
  failed: ['Could not read the site', 'bad'],
};

const ORDER_STATUS: Record<string, [string, Tone]> = {
  pending: ['Awaiting payment', 'wait'],
  paid: ['Paid', 'ok'],
  fulfilled: ['Paid and applied', 'ok'],
  expired: ['Expired unpaid', 'quiet'],
  canceled: ['Canceled', 'quiet'],
  refunded: ['Refunded', 'quiet'],
};

const CLAIM_STATUS: Record<string, [string, Tone]> = {
  pending: ['Waiting for verification', 'wait'],
  verified: ['Verified: yours', 'ok'],
  failed: ['Closed', 'bad'],
  expired: ['Expired', 'quiet'],
};

const PLAN: Record<string, string> = { none: 'No plan chosen', free: 'Free launch', paid: 'Paid launch' };

function pill([label, tone]: [string, Tone]): SafeHtml {
  return html`<span class="dash-pill ${tone}">${label}</span>`;
}

const known = (table: Record<string, [string, Tone]>, status: string): [string, Tone] =>
  table[status] ?? [status.replace(/_/g, ' '), 'quiet'];

export const listingStatusPill = (status: string) => pill(known(LISTING_STATUS, status));
export const draftStatusPill = (status: string) => pill(known(DRAFT_STATUS, status));
export const orderStatusPill = (status: string) => pill(known(ORDER_STATUS, status));
export const orderStatusWords = (status: string) => known(ORDER_STATUS, status)[0];
export const claimStatusPill = (status: string) => pill(known(CLAIM_STATUS, status));
export const planWords = (plan: string) => PLAN[plan] ?? plan;

export { usd };

/** "Week of 16 Nov 2026", or nothing when no week is set. */
export const weekWords = (week: string | null) => (week ? `Week of ${formatDay(week)}` : null);

/** The notice a redirect asked for (`?done=KEY`), from a page's own table of notices. */
export function doneNotice(req: Request, notices: Record<string, string>): string | null {
  const done = typeof req.query.done === 'string' ? req.query.done : '';
  return Object.hasOwn(notices, done) ? notices[done]! : null;
}

/** A positive whole-number id from a route parameter, or null (the page is then a 404). */
export function routeId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * The longest text a tool takes at an input path (`['fields', 'tagline']`,
 * `['answers', '0', 'answer']`), read from its schema, so a form's maxlength
 * is the tool's bound and never a second copy. Undefined when unbounded.
 */
export function maxLengthIn(toolName: string, ...path: string[]): number | undefined {
  let schema: z.ZodType | undefined = tools.find((t) => t.name === toolName)?.input;
  for (const key of [...path, null]) {
    while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
      schema = schema.unwrap() as z.ZodType;
    if (key === null) break;
    if (schema instanceof z.ZodObject) schema = schema.shape[key] as z.ZodType | undefined;
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else return undefined;
  }
  return schema instanceof z.ZodString && typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
}
