// The two protected resources this server exposes (RFC 8707 resource
// indicators: what an access token's `aud` names) and where each one's
// RFC 9728 metadata lives. Derived from PUBLIC_URL at call time.
import type { Config } from '../config.js';

export type ResourceName = 'mcp' | 'api';

export function resourceUrl(config: Pick<Config, 'publicUrl'>, name: ResourceName): string {
  return `${config.publicUrl}${name === 'mcp' ? '/mcp' : '/api/v1'}`;
}

export function resourceUrls(config: Pick<Config, 'publicUrl'>): string[] {
  return [resourceUrl(config, 'mcp'), resourceUrl(config, 'api')];
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
