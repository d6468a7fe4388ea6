// Which redirect URIs a client may register (https, or http on a loopback
// host for native apps) and how a requested one is matched: exactly, except
// that a loopback redirect may name any port (OAuth 2.1 §8.4.2, RFC 8252 §7.3).

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const MAX_REDIRECT_URIS = 10;

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048)
    return 'must be a URL of at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https, or http on localhost, 127.0.0.1 or [::1]';
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
