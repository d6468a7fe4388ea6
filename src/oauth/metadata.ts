// Discovery documents: RFC 9728 protected resource metadata for each of our
// two resources (/mcp and /api/v1), naming the authorization server (ours, or
// the external OAUTH_ISSUER), and RFC 8414 metadata of the embedded
// authorization server. All built from PUBLIC_URL at request time.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { SCOPES } from '../auth/caller.js';
import { issuerOf, type ResourceName, resourceUrlAsAsked } from '../auth/resources.js';

const RESOURCE_NAMES: Record<ResourceName, string> = { mcp: 'Launchboard MCP server', api: 'Launchboard REST API' };

/** `host`: the request's Host header, so a loopback alias of the public URL gets its own name back (auth/resources.ts). */
export function protectedResourceMetadata(ctx: Context, name: ResourceName, host?: string) {
  return {
    resource: resourceUrlAsAsked(ctx.config, name, host),
    authorization_servers: [issuerOf(ctx.config)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: RESOURCE_NAMES[name],
    resource_documentation: `${ctx.config.publicUrl}/docs`,
  };
}

export function authorizationServerMetadata(ctx: Context) {
  const base = ctx.config.publicUrl;
  return {
    issuer: issuerOf(ctx.config),
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    jwks_uri: `${base}/oauth/jwks.json`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

export function metadataRoutes(ctx: Context, opts: { embedded: boolean }): Router {
  const router = express.Router();
  const send = (res: express.Response, body: object) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(body);
  };
  router.get('/.well-known/oauth-protected-resource/mcp', (req, res) =>
    send(res, protectedResourceMetadata(ctx, 'mcp', req.headers.host)),
  );
  router.get('/.well-known/oauth-protected-resource/api/v1', (req, res) =>
    send(res, protectedResourceMetadata(ctx, 'api', req.headers.host)),
  );
  if (opts.embedded) {
    router.get('/.well-known/oauth-authorization-server', (_req, res) => send(res, authorizationServerMetadata(ctx)));
  }
  // Clients probe other well-known documents (the root resource, OpenID
  // configuration): a JSON 404 that says where the metadata is, not a page.
  const served = [
    '/.well-known/oauth-protected-resource/mcp',
    '/.well-known/oauth-protected-resource/api/v1',
    ...(opts.embedded ? ['/.well-known/oauth-authorization-server'] : []),
  ];
  router.get(/^\/\.well-known\//, (req, res) => {
    res.status(404).json({
      error: 'not_found',
      error_description: `${req.path} is not served here. Metadata: ${served.join(', ')}.`,
    });
  });
  return router;
}
