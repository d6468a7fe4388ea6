// Which redirect URIs a client may register and how a requested one is
// matched. What is allowed follows the client's OIDC `application_type`:
// a web app registers https URLs off this machine; a native app (RFC 8252)
// a loopback URL (http://127.0.0.1:PORT/…), a private-use scheme
// (com.example.app:/callback) or a claimed https URL. Matching is exact,
// except that a loopback redirect may name any port (OAuth 2.1 §8.4.2,
// RFC 8252 §7.3).

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const MAX_REDIRECT_URIS = 10;

export const APPLICATION_TYPES = ['web', 'native'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/**
 * RFC 8252 §7.1: a private-use scheme is a domain name the app controls, in
 * reverse order (com.example.app). Requiring the dot keeps out every scheme a
 * browser would act on itself (javascript:, data:, file:, blob:, …).
 */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/** What a redirect URI is, or why it cannot be one at all. */
type RedirectKind = { kind: 'web' | 'loopback' | 'private-use' } | { problem: string };

function redirectKind(value: unknown): RedirectKind {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048)
    return { problem: 'must be a URL of at most 2048 characters' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an absolute URL' };
  }
  if (url.hash || value.includes('#')) return { problem: 'must not have a fragment' };
  if (url.username || url.password) return { problem: 'must not carry credentials' };
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === 'https:') return { kind: loopback ? 'loopback' : 'web' };
  if (url.protocol === 'http:') {
    return loopback
      ? { kind: 'loopback' }
      : { problem: 'must use https (plain http only on localhost, 127.0.0.1 or [::1])' };
  }
  if (PRIVATE_USE_SCHEME.test(url.protocol)) return { kind: 'private-use' };
  return {
    problem:
      'must use https, http on localhost, 127.0.0.1 or [::1], or (native apps) a private-use scheme named after a domain you control, such as com.example.app:/callback',
  };
}

/** Why a redirect URI cannot be registered for this kind of application, or null when it can. */
export function redirectUriProblem(value: unknown, applicationType: ApplicationType): string | null {
  const what = redirectKind(value);
  if ('problem' in what) return what.problem;
  if (applicationType === 'native' || what.kind === 'web') return null;
  return what.kind === 'loopback'
    ? 'is on this machine (a loopback address), which only a native application may use: register with application_type "native" (RFC 8252), or use an https URL'
    : 'uses a private-use scheme, which only a native application may use: register with application_type "native" (RFC 8252)';
}

/**
 * The application_type a client did not state, read from its redirect URIs:
 * native when one is a loopback URL or a private-use scheme, else web. We are
 * not an OpenID provider, so the OIDC default of "web" would only refuse the
 * loopback redirects every desktop MCP client has registered for years.
 */
export function impliedApplicationType(uris: readonly unknown[]): ApplicationType {
  return uris.some((u) => {
    const what = redirectKind(u);
    return 'kind' in what && what.kind !== 'web';
  })
    ? 'native'
    : 'web';
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?(?=[/?]|$)/;

/**
 * A loopback redirect URI without its port, the rest kept exactly as sent:
 * normalising (as URL parsing does) would let `/x/../cb` stand for `/cb`.
 */
function withoutLoopbackPort(value: string): string | null {
  const origin = LOOPBACK_ORIGIN.exec(value);
  return origin ? `http://${origin[1]}${value.slice(origin[0].length)}` : null;
}

export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const loose = withoutLoopbackPort(requested);
  if (loose === null) return false;
  return registered.some((r) => withoutLoopbackPort(r) === loose);
}
