// Turns an Authorization header into a Caller. No header: anonymous. An API
// key (`lb_…`) works on every face; any other bearer token goes to the
// TokenVerifier with the resource it was presented to (its `aud` must name
// it). A header that is present but not a valid credential: 401, even on
// public tools, so a client never silently runs with less access than it
// thinks it has.
import { AppError } from '../errors.js';
import type { Context } from '../context.js';
import { callerFromApiKey, looksLikeApiKey } from './api-keys.js';
import { anonymous, type Caller } from './caller.js';
import type { TokenVerifier } from './token-verifier.js';

export interface BearerContext {
  verifier: TokenVerifier;
  /** The resource URL being called (RFC 8707), e.g. `${PUBLIC_URL}/mcp`. */
  resource: string;
}

export async function resolveCaller(
  ctx: Context,
  authorization: string | undefined,
  ip: string,
  bearer?: BearerContext,
): Promise<Caller> {
  if (authorization === undefined || authorization === '') return anonymous(ip);
  const match = /^Bearer ([\x21-\x7e]{1,4096})$/i.exec(authorization.trim());
  if (!match)
    throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <access token or API key>".');
  const token = match[1];
  let caller: Caller | null = null;
  if (looksLikeApiKey(token)) caller = await callerFromApiKey(ctx.db, token, ctx.clock.now());
  else if (bearer) caller = await bearer.verifier.verify(token, bearer.resource);
  if (!caller)
    throw new AppError(
      'unauthenticated',
      'The access token or API key is invalid, expired or revoked, or the token is for another resource.',
    );
  return caller;
}
