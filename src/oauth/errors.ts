// The closed set of OAuth error codes this authorization server answers with,
// each with its HTTP status, and the one place they are written to the wire
// (RFC 6749 §5.2 JSON). Anything else is a bug: logged, answered server_error
// with no detail.
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';
import type { Context } from '../context.js';
import { bodyReadError } from '../errors.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'slow_down'
  | 'server_error';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  slow_down: 429,
  server_error: 500,
};

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const oauthError = (code: OAuthErrorCode, description: string) => new OAuthError(code, description);

/** Writes an error of the token, registration or revocation endpoint. */
export function sendOAuthError(ctx: Context, res: Response, err: unknown): void {
  res.setHeader('Cache-Control', 'no-store');
  if (err instanceof OAuthError) {
    res.status(err.status).json({ error: err.code, error_description: err.description });
    return;
  }
  const correlationId = randomUUID();
  ctx.logger.error({ err, correlationId }, 'oauth endpoint failed');
  res.status(500).json({
    error: 'server_error',
    error_description: `Something went wrong on our side. Quote ${correlationId} if you report it.`,
  });
}

/**
 * Error middleware for an endpoint's body parser: a body that cannot be read
 * (malformed, too large, wrong encoding) is the endpoint's OAuth error `code`,
 * not a 500; `hint` is added to the parser's message.
 */
export function unreadableBodyAsOAuthError(ctx: Context, code: OAuthErrorCode, hint = ''): ErrorRequestHandler {
  return (err, _req, res, next) => {
    const unreadable = bodyReadError(err);
    if (unreadable) return sendOAuthError(ctx, res, oauthError(code, `${unreadable.message}${hint}`));
    next(err);
  };
}
