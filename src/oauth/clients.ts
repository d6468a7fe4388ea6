// Who a client_id names: a client registered here (RFC 7591) or a client ID
// metadata document URL. Unknown clients are refused with invalid_client.
import type { Context } from '../context.js';
import { metadataDocumentClient, looksLikeMetadataDocumentId } from './client-metadata.js';
import { oauthError } from './errors.js';
import { findClient, type StoredClient } from './store.js';

export async function resolveClient(ctx: Context, clientId: unknown): Promise<StoredClient> {
  if (typeof clientId !== 'string' || clientId.length === 0)
    throw oauthError('invalid_request', 'client_id is required');
  if (clientId.length > 2048) throw oauthError('invalid_client', 'client_id is too long');
  if (looksLikeMetadataDocumentId(clientId)) return metadataDocumentClient(ctx, clientId);
  const client = await findClient(ctx.db, clientId);
  if (client?.registrationType !== 'dynamic')
    throw oauthError('invalid_client', 'unknown client_id; register the client first');
  return client;
}

/** The name to show people: the registered name, else the client's host. */
export function displayName(client: StoredClient): string {
  if (client.clientName) return client.clientName;
  try {
    return new URL(client.clientId).host;
  } catch {
    return 'An unnamed application';
  }
}
