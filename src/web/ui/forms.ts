// Small helpers the people pages share: reading form fields, where to go
// after signing in (same-origin paths only), throttling form posts, and the
// answer to a post whose CSRF token is missing or stale.
import type { Request, Response } from 'express';
import type { Context } from '../../context.js';
import { invalid } from '../../errors.js';
import { textProblem } from '../../platform/text.js';
import { html, sendPage } from './html.js';
import { webOf } from './session.js';

/**
 * A form or query value as acceptable text (platform/text.ts) of at most `max`
 * characters, or a 400 naming the field: a value is never cut. Callers whose
 * value goes to a tool pass a `max` above the tool's bound, so the tool's own
 * error comes back to the form with the person's typing.
 */
function checkedText(name: string, value: string, max = Number.POSITIVE_INFINITY): string {
  const problem = value.length > max ? `must be at most ${max} characters` : textProblem(value);
  if (problem) throw invalid(`${name} ${problem}.`, [{ path: name, message: problem }]);
  return value;
}

/** The longest form value read for an operation that bounds the field itself (its own error then reaches the form). */
export const OPERATION_FIELD_MAX = 10_000;

export function field(req: Request, name: string, max = 500): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? checkedText(name, value, max) : '';
}

export function fields(req: Request, name: string): string[] {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  const values = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];
  return values.map((v) => checkedText(name, v));
}

export function queryString(req: Request, name: string, max = 4096): string {
  const value = req.query[name];
  return typeof value === 'string' ? checkedText(name, value, max) : '';
}

/** One string from a query parameter (the first, when repeated); undefined when absent. */
export function queryValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** A path on this site to continue at (after signing in, after a vote); anything else becomes `fallback`. */
export function safeReturnTo(ctx: Context, value: string, fallback = '/account'): string {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\x00-\x1f]/.test(value))
    return fallback;
  try {
    const base = new URL(ctx.config.publicUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return fallback;
    // Checked again after normalising: "/.//evil.example" and "/x/..//evil.example"
    // become "//evil.example", which a browser reads as another host.
    const target = url.pathname + url.search;
    return target.startsWith('//') ? fallback : target;
  } catch {
    return fallback;
  }
}

/** Counts a form post against a per-minute budget; false when it is spent. */
export async function withinBudget(ctx: Context, bucket: string, perMinute: number): Promise<boolean> {
  const r = await ctx.rateLimiter.hit(`web:${bucket}`, perMinute, ctx.clock.now().getTime());
  return r.allowed;
}

export function staleFormPage(res: Response): void {
  const web = webOf(res);
  sendPage(res, {
    status: 403,
    title: 'This form has expired',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`<p class="error" role="alert">The form was sent without a valid security token, perhaps from an old tab. Go back, reload the page and try again.</p>`,
  });
}

export function tooManyPage(res: Response): void {
  const web = webOf(res);
  res.setHeader('Retry-After', '60');
  sendPage(res, {
    status: 429,
    title: 'Too many attempts',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`<p class="error" role="alert">Too many attempts from here. Wait a minute and try again.</p>`,
  });
}
