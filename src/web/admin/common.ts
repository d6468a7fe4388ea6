// What every admin page shares: the gate (admins only; anyone else, signed in
// or not, gets a plain 404 so the pages do not reveal that they exist), the
// page frame with the admin menu, fixed notices after a POST-redirect-GET,
// and expected service failures (AppError) shown on the page instead of a 500.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Context } from '../../context.js';
import { isAdmin } from '../../accounts/users.js';
import { AppError, errorStatus } from '../../errors.js';
import { staleFormPage } from '../ui/forms.js';
import { errorBox, html, noticeBox, SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';

export interface AdminState {
  userId: number;
  email: string;
  csrfToken: string;
}

/** Every admin page, in menu order: path, label, what it is for. */
export const ADMIN_PAGES: readonly [string, string, string][] = [
  ['/admin/reports', 'Reports', 'The moderation queue of reported listings and reviews'],
  ['/admin/reviews', 'Reviews', 'Recent reviews; flag the ones that are not genuine'],
  ['/admin/votes', 'Votes', 'The vote audit log and velocity-flagged votes to discount'],
  ['/admin/changes', 'Listing edits', 'What makers changed on their listings, before and after'],
  ['/admin/settings', 'Settings', 'Launch weeks, weekly capacities, billboard minimum, site name'],
  ['/admin/products', 'Products and prices', 'What the site sells and for how much'],
  ['/admin/outbox', 'Mail outbox', 'Messages the site sent or queued'],
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
  const menu = html`<nav aria-label="Admin"><p><a href="/admin"${opts.path === '/admin' ? html` aria-current="page"` : ''}>Admin</a>${ADMIN_PAGES.map(
    ([href, label]) => html` · <a href="${href}"${href === opts.path ? html` aria-current="page"` : ''}>${label}</a>`,
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

/** A page's renderer: GET calls it plainly, a failed POST with the error to show. */
export type AdminRenderer = (req: Request, res: Response, opts?: { error?: string; status?: number }) => Promise<void>;

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
      try {
        await render(req, res, { error: err.message, status: errorStatus[err.kind] });
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
