// The two protected resources this server exposes (RFC 8707 resource
// indicators: what an access token's `aud` names) and where each one's
// RFC 9728 metadata lives. Derived from PUBLIC_URL at call time.
//
// A server on this machine (PUBLIC_URL http://localhost:3000, the default) is
// also reached as http://127.0.0.1:3000 or http://[::1]:3000, and a newcomer
// pastes whichever they see. OAuth clients insist that the metadata's
// `resource` is the very URL they were given, so for a request that names the
// server by another loopback name, the resource is named the way the request
// named it (`publicUrlAsAsked`), and tokens for it are accepted on that name.
import type { Config } from '../config.js';

export type ResourceName = 'mcp' | 'api';

export function resourceUrl(config: Pick<Config, 'publicUrl'>, name: ResourceName): string {
  return `${config.publicUrl}${name === 'mcp' ? '/mcp' : '/api/v1'}`;
}

/** Every resource indicator a token may be issued for: each resource under the public URL and its loopback aliases. */
export function resourceUrls(config: Pick<Config, 'publicUrl'>): string[] {
  return [config.publicUrl, ...loopbackAliases(config.publicUrl)].flatMap((publicUrl) => [
    resourceUrl({ publicUrl }, 'mcp'),
    resourceUrl({ publicUrl }, 'api'),
  ]);
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The same URL under the other loopback names, when it names this machine by one; else none. */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [];
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => {
    const alias = new URL(publicUrl);
    alias.hostname = name;
    return alias.toString().replace(/\/+$/, '');
  });
}

/**
 * The public URL as a request's Host header names this server: the loopback
 * alias it used (127.0.0.1:3000 for a PUBLIC_URL of localhost:3000), or else
 * the configured public URL. Only loopback names with the configured port are
 * ever taken from the header.
 */
export function publicUrlAsAsked(config: Pick<Config, 'publicUrl'>, host: string | undefined): string {
  if (!host) return config.publicUrl;
  const asked = host.toLowerCase();
  return loopbackAliases(config.publicUrl).find((alias) => new URL(alias).host === asked) ?? config.publicUrl;
}

/** `resourceUrl` under the name the request used for this server (see `publicUrlAsAsked`). */
export function resourceUrlAsAsked(
  config: Pick<Config, 'publicUrl'>,
  name: ResourceName,
  host: string | undefined,
): string {
  return resourceUrl({ publicUrl: publicUrlAsAsked(config, host) }, name);
}

/** RFC 9728 §3.1: the well-known segment goes between the origin and the resource's path. */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/** Our issuer: the external one when configured, else this server's public URL. */
export function issuerOf(config: Pick<Config, 'publicUrl' | 'oauthIssuer'>): string {
  return config.oauthIssuer ?? config.publicUrl;
}
