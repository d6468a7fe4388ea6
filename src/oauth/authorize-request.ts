// Reads and checks an authorization request (RFC 6749 §4.1.1 with OAuth 2.1
// rules): the client and its exact redirect URI first (failures there are
// shown to the person, never redirected), then response_type, PKCE S256,
// scopes and the RFC 8707 resource (failures there go back to the client).
import type { Context } from '../context.js';
import { isScope, MAKER_SCOPES, SCOPES, type Scope } from '../auth/caller.js';
import { resourceUrl, resourceUrls } from '../auth/resources.js';
import { resolveClient } from './clients.js';
import { OAuthError, oauthError } from './errors.js';
import { rejectUnacceptableText } from './text.js';
import { redirectUriMatches } from './redirect-uris.js';
import type { StoredClient } from './store.js';

export interface AuthorizationRequest {
  client: StoredClient;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
}

export type ParsedRequest =
  | { kind: 'ok'; request: AuthorizationRequest }
  /** Shown as a page: the client or its redirect URI cannot be trusted. */
  | { kind: 'page'; error: OAuthError }
  /** Sent back to the client's (valid) redirect URI. */
  | { kind: 'redirect'; error: OAuthError; redirectUri: string; state: string | undefined };

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A single string parameter; a repeated one is an error (RFC 6749 §3.1). */
function single(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw oauthError('invalid_request', `${name} must be given once`);
  return value;
}

export async function parseAuthorizationRequest(ctx: Context, params: Record<string, unknown>): Promise<ParsedRequest> {
  let client: StoredClient;
  let redirectUri: string;
  try {
    rejectUnacceptableText(params);
    client = await resolveClient(ctx, single(params, 'client_id'));
    const requested = single(params, 'redirect_uri');
    if (!requested) throw oauthError('invalid_request', 'redirect_uri is required');
    if (!redirectUriMatches(client.redirectUris, requested)) {
      throw oauthError('invalid_request', 'redirect_uri is not one of the redirect URIs registered for this client');
    }
    redirectUri = requested;
  } catch (err) {
    if (err instanceof OAuthError) return { kind: 'page', error: err };
    throw err;
  }

  const rawState = params.state;
  const state = typeof rawState === 'string' ? rawState.slice(0, 2048) : undefined;
  try {
    if (single(params, 'response_type') !== 'code')
      throw oauthError('unsupported_response_type', 'response_type must be code');
    const challenge = single(params, 'code_challenge');
    const method = single(params, 'code_challenge_method');
    if (!challenge) throw oauthError('invalid_request', 'code_challenge is required: PKCE with S256');
    if (method !== 'S256')
      throw oauthError('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
    if (!S256_CHALLENGE.test(challenge))
      throw oauthError(
        'invalid_request',
        'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)',
      );
    single(params, 'state');

    const scopeParam = single(params, 'scope');
    let scopes: Scope[];
    if (scopeParam === undefined || scopeParam.trim() === '') {
      // Asked for nothing: the maker's journey, not the paying scope.
      scopes = [...MAKER_SCOPES];
    } else {
      // Scopes we do not know (openid, offline_access, …) are ignored; if none is left, the request is refused.
      scopes = [...new Set(scopeParam.split(' ').filter(isScope))];
      if (scopes.length === 0)
        throw oauthError('invalid_scope', `scope must name at least one of: ${SCOPES.join(' ')}`);
    }

    const resource = single(params, 'resource') ?? resourceUrl(ctx.config, 'mcp');
    if (!resourceUrls(ctx.config).includes(resource)) {
      throw oauthError('invalid_target', `resource must be ${resourceUrls(ctx.config).join(' or ')}`);
    }
    return { kind: 'ok', request: { client, redirectUri, state, codeChallenge: challenge, scopes, resource } };
  } catch (err) {
    if (err instanceof OAuthError) return { kind: 'redirect', error: err, redirectUri, state };
    throw err;
  }
}

/** The client's redirect URI with our answer appended (keeps its own query; RFC 9207 `iss`). */
export function redirectWith(redirectUri: string, issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
