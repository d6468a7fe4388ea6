// What every router of people pages wraps its routes in: form parsing and the
// session before, and a plain error page (never details) after.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Context } from '../../context.js';
import { bodyReadError } from '../../errors.js';
import { html, sendPage } from './html.js';
import { webSession } from './session.js';

/** Form parsing and the session, for any router of people pages (the authorize endpoint uses it too). */
export function pageMiddleware(ctx: Context) {
  return [express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 }), webSession(ctx)];
}

/** Unexpected failures on a page: logged with a correlation id, a plain page without details. */
export function pageErrorHandler(ctx: Context) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const correlationId = (res.locals.requestId as string | undefined) ?? randomUUID();
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
