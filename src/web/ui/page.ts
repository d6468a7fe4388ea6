// What every router of people pages wraps its routes in: form parsing and the
// session before, and a plain error page (never details) after.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Context } from '../../context.js';
import { AppError, bodyReadError } from '../../errors.js';
import { errorBox, html, sendPage } from './html.js';
import { webSession } from './session.js';

/** Form parsing and the session, for any router of people pages (the authorize endpoint uses it too). */
export function pageMiddleware(ctx: Context, form: { limit: string; parameterLimit: number } = SMALL_FORMS) {
  return [express.urlencoded({ extended: false, ...form }), webSession(ctx)];
}

/** Sign-in, account and community forms: a few short fields. */
const SMALL_FORMS = { limit: '32kb', parameterLimit: 50 };

/**
 * The maker's forms: a listing's description alone may be 20,000 characters
 * (up to 80 KB in a non-Latin script, more once URL-encoded), and a draft's
 * milestones take 4 fields each.
 */
export const MAKER_FORMS = { limit: '512kb', parameterLimit: 1000 };

/** A failure that is the visitor's (an expected error or a form that cannot be read): pageErrorHandler's to answer. */
export const isVisitorFailure = (err: unknown): boolean =>
  (err instanceof AppError && err.status < 500) || bodyReadError(err) !== null;

/**
 * Failures on a page: a form that could not be read or an expected failure
 * (AppError, e.g. a field that is not acceptable text) is a page with its
 * status and message; anything else is logged with a correlation id and
 * answered by a plain page without details.
 */
export function pageErrorHandler(ctx: Context) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const correlationId = (res.locals.requestId as string | undefined) ?? randomUUID();
    if (err instanceof AppError && err.status < 500 && !res.headersSent) {
      sendPage(res, { status: err.status, title: err.title, csrfToken: '', body: html`${errorBox(err.message)}` });
      return;
    }
    const unreadable = bodyReadError(err);
    if (unreadable) {
      res
        .status(unreadable.status)
        .type('text/plain')
        .send(`The form could not be read: ${unreadable.message} Go back and try again.`);
      return;
    }
    ctx.logger.error({ err, correlationId }, 'page failed');
    if (res.headersSent) return res.end();
    sendPage(res, {
      status: 500,
      title: 'Something went wrong',
      csrfToken: '',
      body: html`<p class="error" role="alert">Something went wrong on our side. Quote ${correlationId} if you report it.</p>`,
    });
  };
}
