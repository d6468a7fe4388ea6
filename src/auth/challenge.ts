// RFC 6750 §3 `WWW-Authenticate: Bearer …` challenges, with the RFC 9728
// `resource_metadata` pointer MCP clients start their authorization from.
// One builder, so REST and MCP answer 401/403 in the same words.

export interface Challenge {
  /** The protected resource metadata URL (RFC 9728 §5.1). */
  resourceMetadata: string;
  /** Absent when no credentials were sent (RFC 6750 §3.1). */
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request';
  /** Space-separated scopes the request needs. */
  scope?: string;
  description?: string;
}

/** Quoted-string values: no quotes or backslashes, printable ASCII only (RFC 6750 §3). */
function quoted(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, "'")}"`;
}

export function bearerChallenge(c: Challenge): string {
  const params: string[] = [`resource_metadata=${quoted(c.resourceMetadata)}`];
  if (c.error) params.push(`error=${quoted(c.error)}`);
  if (c.scope) params.push(`scope=${quoted(c.scope)}`);
  if (c.description) params.push(`error_description=${quoted(c.description)}`);
  return `Bearer ${params.join(', ')}`;
}
