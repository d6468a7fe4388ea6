// The program side of the authorization flow, with oauth4webapi as the
// reference client: discovery, registration, the authorization URL with PKCE,
// code exchange and refresh. Plain http is allowed (test servers).
import * as oauth from 'oauth4webapi';

export const insecure = { [oauth.allowInsecureRequests]: true } as const;
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export async function discover(issuerUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(issuerUrl);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
}

export async function register(as: oauth.AuthorizationServer, redirectUri = REDIRECT_URI): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'Test Assistant' },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(res);
}

export interface PendingAuthorization {
  url: string;
  state: string;
  verifier: string;
  redirectUri: string;
  resource: string;
}

export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  opts: { resource: string; scope?: string; redirectUri?: string; params?: Record<string, string | null> },
): Promise<PendingAuthorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const redirectUri = opts.redirectUri ?? REDIRECT_URI;
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource: opts.resource,
    ...(opts.scope ? { scope: opts.scope } : {}),
    ...opts.params,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return { url: url.toString(), state, verifier, redirectUri, resource: opts.resource };
}

export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  pending: PendingAuthorization,
  callback: URL,
) {
  const params = oauth.validateAuthResponse(as, client, callback, pending.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    pending.redirectUri,
    pending.verifier,
    {
      additionalParameters: { resource: pending.resource },
      ...insecure,
    },
  );
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

export async function refresh(as: oauth.AuthorizationServer, client: oauth.Client, refreshToken: string) {
  const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client, res);
}

/** A raw token endpoint request, for the cases a well-behaved client never sends. */
export async function tokenRequest(as: oauth.AuthorizationServer, form: Record<string, string>) {
  const res = await fetch(as.token_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** The OAuth error code an oauth4webapi call failed with. */
export async function oauthErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    throw err;
  }
  throw new Error('expected the request to fail');
}
