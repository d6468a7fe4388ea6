// POST /oauth/register: dynamic client registration (RFC 7591) for public
// clients. Redirect URIs must suit the client's OIDC application_type (web:
// https only; native: loopback, private-use schemes or https), which is
// stored and echoed, and read from the URIs when not sent. Every client
// authenticates with PKCE alone (token_endpoint_auth_method "none"), so a
// requested secret-based method is replaced by "none" (RFC 7591 §3.2.1 lets
// the server substitute values). No registration management API. Client ID
// metadata documents (client-metadata.ts) are the preferred way in; this is
// the fallback for clients without one.
import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { SCOPES } from '../auth/caller.js';
import { oauthError, sendOAuthError, unreadableBodyAsOAuthError } from './errors.js';
import { rejectUnacceptableText } from './text.js';
import {
  APPLICATION_TYPES,
  type ApplicationType,
  impliedApplicationType,
  MAX_REDIRECT_URIS,
  redirectUriProblem,
} from './redirect-uris.js';
import { saveClient } from './store.js';

const REGISTRATIONS_PER_MINUTE = 30;

/** Optional string metadata we keep (bounded) and echo back. */
const TEXT_FIELDS = [
  'client_name',
  'client_uri',
  'logo_uri',
  'tos_uri',
  'policy_uri',
  'software_id',
  'software_version',
  'scope',
] as const;

/** The application_type asked for (OIDC Dynamic Client Registration §2), or the one the redirect URIs imply. */
function applicationTypeOf(value: unknown, uris: unknown[]): ApplicationType {
  if (value === undefined || value === null) return impliedApplicationType(uris);
  if (typeof value !== 'string' || !(APPLICATION_TYPES as readonly string[]).includes(value))
    throw oauthError('invalid_client_metadata', `application_type must be ${APPLICATION_TYPES.join(' or ')}`);
  return value as ApplicationType;
}

function registrationFrom(body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw oauthError('invalid_client_metadata', 'send the client metadata as a JSON object');
  rejectUnacceptableText(body, 'invalid_client_metadata');
  const b = body as Record<string, unknown>;
  const uris = b.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0)
    throw oauthError('invalid_redirect_uri', 'redirect_uris is required: a non-empty array of URLs');
  if (uris.length > MAX_REDIRECT_URIS)
    throw oauthError('invalid_redirect_uri', `at most ${MAX_REDIRECT_URIS} redirect_uris`);
  const applicationType = applicationTypeOf(b.application_type, uris);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri, applicationType);
    if (problem) throw oauthError('invalid_redirect_uri', `redirect_uri ${String(uri).slice(0, 200)} ${problem}`);
  }
  const metadata: Record<string, unknown> = {
    redirect_uris: [...new Set(uris as string[])],
    application_type: applicationType,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
  for (const field of TEXT_FIELDS) {
    const value = b[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > 2048)
      throw oauthError('invalid_client_metadata', `${field} must be a string of at most 2048 characters`);
    metadata[field] = field === 'client_name' ? value.slice(0, 200) : value;
  }
  if (typeof metadata.scope === 'string') {
    const known = metadata.scope.split(' ').filter((s) => (SCOPES as readonly string[]).includes(s));
    metadata.scope = known.length > 0 ? known.join(' ') : SCOPES.join(' ');
  }
  if (Array.isArray(b.contacts) && b.contacts.every((c) => typeof c === 'string' && c.length <= 254))
    metadata.contacts = b.contacts.slice(0, 10);
  return metadata;
}

export function registerRoute(ctx: Context): Router {
  const router = express.Router();
  router.post('/oauth/register', express.json({ limit: '16kb' }), async (req, res) => {
    try {
      const limited = await ctx.rateLimiter.hit(
        `oauth-register:${req.ip ?? 'unknown'}`,
        REGISTRATIONS_PER_MINUTE,
        ctx.clock.now().getTime(),
      );
      if (!limited.allowed) {
        res.setHeader('Retry-After', String(limited.resetSeconds));
        throw oauthError('slow_down', `too many registrations; retry in ${limited.resetSeconds} s`);
      }
      const metadata = registrationFrom(req.body);
      const now = ctx.clock.now();
      const clientId = randomUUID();
      await saveClient(
        ctx.db,
        {
          clientId,
          registrationType: 'dynamic',
          clientName: (metadata.client_name as string | undefined) ?? null,
          redirectUris: metadata.redirect_uris as string[],
          metadata,
          refreshAfter: null,
        },
        now.toISOString(),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ client_id: clientId, client_id_issued_at: Math.floor(now.getTime() / 1000), ...metadata });
    } catch (err) {
      sendOAuthError(ctx, res, err);
    }
  });
  // A malformed JSON body is a registration error, not a 500.
  router.use(
    '/oauth/register',
    unreadableBodyAsOAuthError(ctx, 'invalid_client_metadata', ' Send the metadata as a JSON object of at most 16 KB.'),
  );
  return router;
}
