// What every admin page shares: the gate (admins only; anyone else, signed in
// or not, gets a plain 404 so the pages do not reveal that they exist), the
// page frame with the admin menu, fixed notices after a POST-redirect-GET,
// and expected service failures (AppError) shown on the page instead of a 500.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { isAdmin } from '../../accounts/users.js';
import { AppError, errorStatus, type FieldError } from '../../errors.js';
import { plainMessage } from '../ui/fields.js';
import { staleFormPage } from '../ui/forms.js';
import { errorBox, html, noticeBox, SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';

export interface AdminState {
  userId: number;
  email: string;
  csrfToken: string;
  /** The admin's web session: admin operations run as it (ui/act.ts perform). */
  session: WebSession;
}

/** Every admin page, in menu order: path, label, what it is for. */
export const ADMIN_PAGES: readonly [string, string, string][] = [
  ['/admin/reports', 'Reports', 'The moderation queue of reported listings and reviews'],
  ['/admin/listings', 'Listings', 'Find any listing; hide it, show it again or edit it, with a reason'],
  ['/admin/users', 'Users', 'Find an account; confirm its email, disable it or enable it again'],
  ['/admin/orders', 'Orders', 'Every order with its status, buyer, amount and fulfilment'],
  ['/admin/blog', 'Blog', 'Write, preview and publish blog posts'],
  ['/admin/reviews', 'Reviews', 'Recent reviews; flag the ones that are not genuine'],
  ['/admin/comments', 'Comments', 'Recent comments; hide the ones that break the rules'],
  ['/admin/votes', 'Votes', 'The vote audit log and velocity-flagged votes to discount'],
  ['/admin/changes', 'Listing edits', 'What makers changed on their listings, before and after'],
  ['/admin/settings', 'Settings', 'Launch weeks, weekly capacities, billboard minimum, site name'],
  ['/admin/products', 'Products and prices', 'What the site sells and for how much'],
  ['/admin/outbox', 'Mail outbox', 'Messages the site sent or queued'],
  ['/admin/webhooks', 'Webhooks', 'Endpoints that receive every event of the site, with their delivery logs'],
];

export function adminOf(res: Response): AdminState {
  return res.locals.admin as AdminState;
}

/** Lets admins through; everyone else gets the same 404 as a page that does not exist. */
export function adminGate(ctx: Context): RequestHandler {
  return async (_req, res, next) => {
    try {
      const web = webOf(res);
      const session = web.session;
      if (!session || !(await isAdmin(ctx.db, session.userId))) {
        return sendPage(res, {
          status: 404,
          title: 'Not found',
          csrfToken: web.csrfToken,
          signedInAs: session?.email,
          body: html`<p>There is no page here.</p>`,
        });
      }
      res.locals.admin = {
        userId: session.userId,
        email: session.email,
        csrfToken: web.csrfToken,
        session,
      } satisfies AdminState;
      next();
    } catch (err) {
      next(err);
    }
  };
}

export interface AdminPageOptions {
  /** The page's own path, marked in the admin menu. */
  path: string;
  title: string;
  body: SafeHtml;
  status?: number;
  error?: string | SafeHtml | null;
  notice?: string | null;
}

export function sendAdminPage(res: Response, opts: AdminPageOptions): void {
  const admin = adminOf(res);
  // A page under a menu entry (/admin/users/7) marks that entry.
  const current = (href: string) => href === opts.path || opts.path.startsWith(`${href}/`);
  const menu = html`<nav aria-label="Admin"><p><a href="/admin"${opts.path === '/admin' ? html` aria-current="page"` : ''}>Admin</a>${ADMIN_PAGES.map(
    ([href, label]) => html` · <a href="${href}"${current(href) ? html` aria-current="page"` : ''}>${label}</a>`,
  )}</p></nav>`;
  const error =
    opts.error instanceof SafeHtml ? html`<div class="error" role="alert">${opts.error}</div>` : errorBox(opts.error);
  sendPage(res, {
    status: opts.status,
    title: opts.title,
    csrfToken: admin.csrfToken,
    signedInAs: admin.email,
    body: html`${menu}${error}${noticeBox(opts.notice)}${opts.body}`,
  });
}

/** A page's renderer: GET calls it plainly, a failed POST with the error (and the fields it names) to show. */
export type AdminRenderer = (
  req: Request,
  res: Response,
  opts?: { error?: string; status?: number; errors?: FieldError[] },
) => Promise<void>;

/** Wraps an async GET so failures reach the page error handler. */
export function adminGet(render: AdminRenderer): RequestHandler {
  return async (req, res, next) => {
    try {
      await render(req, res);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * A form POST: CSRF checked (403 otherwise), then the action, which returns
 * where to redirect (303) or null when it answered itself. An AppError from a
 * service re-renders the page with its message and status.
 */
export function adminPost(
  render: AdminRenderer,
  action: (req: Request, res: Response, admin: AdminState) => Promise<string | null>,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const location = await action(req, res, adminOf(res));
      if (location !== null) res.redirect(303, location);
    } catch (err) {
      if (!(err instanceof AppError)) return next(err);
      // Pages that show no field by field read each field's problem in the message.
      const error =
        err.errors.length === 0
          ? err.message
          : `${err.message} ${err.errors.map((e) => `${e.path}: ${plainMessage(e.message)}`).join(' ')}`;
      try {
        await render(req, res, { error, status: errorStatus[err.kind], errors: err.errors });
      } catch (renderErr) {
        next(renderErr);
      }
    }
  };
}

/** A positive integer from a route parameter or form field; anything else is an `invalid` AppError. */
export function positiveId(value: unknown, what: string): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new AppError('invalid', `That is not a valid ${what} number.`);
  return n;
}

/** The fixed notice a redirect named with `?done=`; `n` (a count) fills in numbers. Query text is never shown as such. */
export function noticeOf(req: Request, notices: Record<string, (n: number) => string>): string | null {
  const done = typeof req.query.done === 'string' ? req.query.done : '';
  const make = Object.hasOwn(notices, done) ? notices[done] : undefined;
  if (!make) return null;
  const n = typeof req.query.n === 'string' && /^\d{1,9}$/.test(req.query.n) ? Number(req.query.n) : 0;
  return make(n);
}

/** Dates as stored (ISO UTC), shortened to the minute for tables. */
export const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/** A wide table that scrolls inside its own box on a phone, reachable by keyboard. */
export const scrollTable = (label: string, table: SafeHtml) =>
  html`<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">${table}</div>`;

/** A `?page=` link list under a paged table; other query parameters are kept. */
export function pager(req: Request, page: number, perPage: number, total: number): SafeHtml | '' {
  const pages = Math.ceil(total / perPage);
  if (pages <= 1) return '';
  const link = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query))
      if (typeof v === 'string' && k !== 'page' && k !== 'done') q.set(k, v);
    q.set('page', String(p));
    return `${req.path}?${q.toString()}`;
  };
  return html`<nav aria-label="Pages"><p>${page > 1 ? html`<a href="${link(page - 1)}" rel="prev">Previous</a> · ` : ''}Page ${page} of ${pages}${
    page < pages ? html` · <a href="${link(page + 1)}" rel="next">Next</a>` : ''
  }</p></nav>`;
}

/** `?page=` as a page number from 1 (anything else: 1). */
export function pageOf(req: Request): number {
  const raw = req.query.page;
  return typeof raw === 'string' && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

export type Tone = 'ok' | 'info' | 'wait' | 'bad' | 'quiet';

/** A status as a coloured pill (the dashboard's .dash-pill tones). */
export const pill = (label: string, tone: Tone) => html`<span class="dash-pill ${tone}">${label}</span>`;

/**
 * The admin forms with long text (a blog post's Markdown, a listing's
 * 20,000-character description) are read with a larger limit, by a parser
 * mounted before the shared one (which then leaves the parsed body alone).
 */
export function longAdminForms(): [string[], RequestHandler] {
  return [
    ['/admin/blog', '/admin/listings'],
    express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 200 }),
  ];
}
