// Client ID metadata documents: a client whose client_id is an https URL
// publishes its metadata there. We fetch it through the SSRF-safe fetcher
// (private, loopback and link-local addresses refused at connect time, no
// redirects, 16 KB, 5 s), check that it names itself and registers only
// redirect URIs its application_type allows (redirect-uris.ts), and cache it
// in oauth_clients for its max-age (5 minutes to 24 hours). A document that
// cannot be fetched or fails a check is refused; a stale copy is never used
// instead. The authorization server metadata advertises this as the preferred
// way in (client_id_metadata_document_supported).
import type { Context } from '../context.js';
import { FetchError } from '../platform/fetcher.js';
import { oauthError } from './errors.js';
import {
  APPLICATION_TYPES,
  type ApplicationType,
  impliedApplicationType,
  MAX_REDIRECT_URIS,
  redirectUriProblem,
} from './redirect-uris.js';
import { findClient, saveClient, type StoredClient } from './store.js';

const MAX_BYTES = 16 * 1024;
const TIMEOUT_MS = 5_000;
const MIN_CACHE_S = 300;
const MAX_CACHE_S = 86_400;
const DEFAULT_CACHE_S = 3_600;

export function looksLikeMetadataDocumentId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

/** Why a URL cannot be a client_id, or null. http only where tests allow private fetches. */
function clientIdUrlProblem(ctx: Context, clientId: string): string | null {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'client_id is not a valid URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ctx.config.allowPrivateFetch))
    return 'a client_id URL must use https';
  if (url.hash || url.username || url.password) return 'a client_id URL must not have a fragment or credentials';
  if (url.pathname === '/' || url.pathname === '') return 'a client_id URL must have a path';
  if (url.href !== clientId) return 'a client_id URL must be in normalised form';
  if (
    clientId
      .split(/[?#]/)[0]
      .split('/')
      .some((s) => s === '.' || s === '..')
  )
    return 'a client_id URL must not have dot segments';
  return null;
}

function maxAgeSeconds(cacheControl: string | string[] | undefined): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : (cacheControl ?? '');
  if (/no-store|no-cache/i.test(value)) return MIN_CACHE_S;
  const m = /max-age=(\d+)/i.exec(value);
  const seconds = m ? Number(m[1]) : DEFAULT_CACHE_S;
  return Math.min(MAX_CACHE_S, Math.max(MIN_CACHE_S, seconds));
}

function validateDocument(clientId: string, doc: unknown): Omit<StoredClient, 'refreshAfter'> {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw oauthError('invalid_client', 'the client metadata document is not a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId)
    throw oauthError('invalid_client', 'the client metadata document must name its own URL as client_id');
  if ('client_secret' in d || 'client_secret_expires_at' in d)
    throw oauthError('invalid_client', 'a client metadata document must not contain a client secret');
  const method = d.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    throw oauthError(
      'invalid_client',
      `token_endpoint_auth_method ${String(method)} is not supported; use none (PKCE)`,
    );
  const uris = d.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw oauthError(
      'invalid_client',
      `the client metadata document must list 1 to ${MAX_REDIRECT_URIS} redirect_uris`,
    );
  }
  const stated = d.application_type;
  if (stated !== undefined && !(APPLICATION_TYPES as readonly unknown[]).includes(stated))
    throw oauthError(
      'invalid_client',
      `the client metadata document's application_type must be ${APPLICATION_TYPES.join(' or ')}`,
    );
  const applicationType = (stated as ApplicationType | undefined) ?? impliedApplicationType(uris);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri, applicationType);
    if (problem) throw oauthError('invalid_client', `redirect_uri ${String(uri).slice(0, 200)} ${problem}`);
  }
  const name = typeof d.client_name === 'string' ? d.client_name.slice(0, 200) : null;
  return {
    clientId,
    registrationType: 'metadata_document',
    clientName: name,
    redirectUris: uris as string[],
    metadata: d,
  };
}

/** The client a metadata-document client_id stands for, from cache or freshly fetched. */
export async function metadataDocumentClient(ctx: Context, clientId: string): Promise<StoredClient> {
  const problem = clientIdUrlProblem(ctx, clientId);
  if (problem) throw oauthError('invalid_client', problem);
  const now = ctx.clock.now();
  const cached = await findClient(ctx.db, clientId);
  if (
    cached &&
    cached.registrationType === 'metadata_document' &&
    cached.refreshAfter &&
    cached.refreshAfter > now.toISOString()
  )
    return cached;

  let body: Buffer;
  let cacheControl: string | string[] | undefined;
  try {
    const res = await ctx.fetcher.get(clientId, {
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      accept: 'application/json',
      maxRedirects: 0,
    });
    if (res.status !== 200)
      throw oauthError('invalid_client', `the client metadata document answered HTTP ${res.status}`);
    body = res.body;
    cacheControl = res.headers['cache-control'];
  } catch (err) {
    if (err instanceof FetchError)
      throw oauthError('invalid_client', `the client metadata document could not be fetched: ${err.message}`);
    throw err;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    throw oauthError('invalid_client', 'the client metadata document is not valid JSON');
  }
  const client: StoredClient = {
    ...validateDocument(clientId, doc),
    refreshAfter: new Date(now.getTime() + maxAgeSeconds(cacheControl) * 1000).toISOString(),
  };
  await saveClient(ctx.db, client, now.toISOString());
  return client;
}
