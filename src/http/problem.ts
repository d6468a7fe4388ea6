// The one mapping from failures to HTTP: AppError → its status as
// problem+json; anything else → 500 with a correlation id (logged, never the
// stack or message).
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { Context } from '../context.js';
import { AppError, bodyReadError, internalProblem, toProblem } from '../errors.js';
import { asUnavailable } from '../platform/db-errors.js';

export function sendProblem(ctx: Context, res: Response, failure: unknown): void {
  const docs = `${ctx.config.publicUrl}/docs`;
  // A locked, full or unreachable database is an outage (503, retry), not a bug.
  const err = asUnavailable(failure);
  if (err !== failure) ctx.logger.warn({ err: failure }, 'database unavailable');
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof AppError) {
    for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
    res
      .status(err.status)
      .type('application/problem+json')
      .send(JSON.stringify(toProblem(err, docs)));
    return;
  }
  // The request id (hardening.ts) ties the answer to this request's log lines.
  const correlationId = (res.locals?.requestId as string | undefined) ?? randomUUID();
  ctx.logger.error({ err, correlationId }, 'unhandled error');
  res
    .status(500)
    .type('application/problem+json')
    .send(JSON.stringify(internalProblem(correlationId, docs)));
}

/** Express's own errors (a body it could not read) as AppErrors; anything else as it is. */
export function fromExpressError(err: unknown): unknown {
  return bodyReadError(err) ?? err;
}
