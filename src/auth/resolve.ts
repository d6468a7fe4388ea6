// Turns an Authorization header into a Caller. No header: anonymous. A header
// that is present but not a valid credential: 401, even on public tools, so a
// client never silently runs with less access than it thinks it has.
import { AppError } from '../errors.js';
import type { Context } from '../context.js';
import { callerFromApiKey, looksLikeApiKey } from './api-keys.js';
import { anonymous, type Caller } from './caller.js';

export async function resolveCaller(ctx: Context, authorization: string | undefined, ip: string): Promise<Caller> {
  if (authorization === undefined || authorization === '') return anonymous(ip);
  const match = /^Bearer ([\x21-\x7e]{1,2048})$/i.exec(authorization.trim());
  if (!match) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <access token or API key>".');
  const token = match[1];
  const caller = looksLikeApiKey(token) ? await callerFromApiKey(ctx.db, token, ctx.clock.now()) : null;
  if (!caller) throw new AppError('unauthenticated', 'The access token or API key is invalid, expired or revoked.');
  return caller;
}
