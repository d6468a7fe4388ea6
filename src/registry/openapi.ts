// The OpenAPI 3.1 document, generated from the registry: one operation per
// tool, parameters and bodies from its input schema, responses from its output
// schema, and the shared error responses.
import { type AnyTool, pathParams } from '../../tools/define.js';
import { SCOPES } from '../auth/caller.js';
import { inputJsonSchema, type JsonSchema, outputJsonSchema } from './json-schema.js';

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

const problemRef = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const rateLimitHeaders = {
  RateLimit: { description: 'Remaining requests and seconds to reset', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'Quota and window', schema: { type: 'string' } },
};

// Public reads carry a weak ETag and answer a matching If-None-Match with 304 (see rest.ts).
const cacheHeaders = {
  ETag: { description: 'Weak validator of the body; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': {
    description: 'public, max-age=30 when anonymous; private, no-cache when signed in',
    schema: { type: 'string' },
  },
};

const replayedHeader = {
  'Idempotent-Replayed': {
    description: 'true when this is the stored response to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

const isCacheable = (tool: AnyTool) => tool.http.method === 'GET' && tool.scope === null;

/** The tags operations are grouped by, in the order documentation shows them. */
const TAGS = [
  {
    name: 'Public',
    description:
      'The directory, open to everyone: listings, categories, launches, leaderboards, founders, blog, awards, badges and prices.',
  },
  { name: 'Account', description: 'The signed-in account and the interview answers it shares on its listings.' },
  { name: 'Drafts', description: 'Submit a product by URL, review the drafted profile and save it as a listing.' },
  { name: 'My listings', description: 'Edit, update and launch the listings you own.' },
  { name: 'Claims', description: 'Prove you run the company behind an existing listing to manage it.' },
  { name: 'Orders', description: 'Quote, check out and track paid launches and promotions.' },
];

function groupOf(tool: AnyTool): string {
  if (tool.scope === null) return 'Public';
  const first = tool.http.path.split('/')[1] ?? '';
  return { me: 'My listings', drafts: 'Drafts', claims: 'Claims', orders: 'Orders' }[first] ?? 'Account';
}

// Operations within a path in the conventional order (readers and linters expect it).
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

function operation(tool: AnyTool): Record<string, unknown> {
  const input = inputJsonSchema(tool);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const inPath = pathParams(tool.http.path);
  const hasBody = BODY_METHODS.has(tool.http.method);

  // A parameter's description belongs on the parameter, not inside its schema.
  const parameter = (name: string, location: 'path' | 'query') => {
    const { description, ...schema } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema,
    };
  };
  const parameters: Record<string, unknown>[] = inPath.map((name) => parameter(name, 'path'));
  if (!hasBody) {
    for (const name of Object.keys(properties)) if (!inPath.includes(name)) parameters.push(parameter(name, 'query'));
  }
  if (tool.idempotencyKey) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (isCacheable(tool)) parameters.push({ $ref: '#/components/parameters/IfNoneMatch' });

  const op: Record<string, unknown> = {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: [groupOf(tool)],
    parameters,
  };
  if (hasBody) {
    const bodyProps = Object.fromEntries(Object.entries(properties).filter(([k]) => !inPath.includes(k)));
    if (Object.keys(bodyProps).length > 0) {
      const bodyRequired = [...required].filter((k) => !inPath.includes(k));
      op.requestBody = {
        required: bodyRequired.length > 0,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: bodyProps,
              ...(bodyRequired.length ? { required: bodyRequired } : {}),
              additionalProperties: false,
            },
          },
        },
      };
    }
  }
  const status = String(tool.http.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]: {
      description: status === '201' ? 'Created' : 'OK',
      headers: {
        ...rateLimitHeaders,
        ...(isCacheable(tool) ? cacheHeaders : {}),
        ...(tool.idempotencyKey ? replayedHeader : {}),
      },
      content: { 'application/json': { schema: outputJsonSchema(tool) } },
    },
    ...(isCacheable(tool) ? { '304': { $ref: '#/components/responses/NotModified' } } : {}),
    '400': { $ref: '#/components/responses/BadRequest' },
    '429': { $ref: '#/components/responses/RateLimited' },
  };
  // Public tools answer 401 only for a credential that is sent but invalid.
  responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (tool.scope) responses['403'] = { $ref: '#/components/responses/Forbidden' };
  if (inPath.length > 0) responses['404'] = { $ref: '#/components/responses/NotFound' };
  // A write may find the state against it (a listing not awaiting its badge, an order holding its launch).
  if (tool.idempotencyKey || tool.annotations.readOnlyHint !== true)
    responses['409'] = { $ref: '#/components/responses/Conflict' };
  if (tool.idempotencyKey) responses['422'] = { $ref: '#/components/responses/Unprocessable' };
  op.responses = responses;
  op.security = tool.scope ? [{ oauth2: [tool.scope] }, { apiKey: [] }] : [{}, { oauth2: [] }, { apiKey: [] }];
  return op;
}

export function openApiDocument(tools: AnyTool[], publicUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const byMethod = [...tools].sort(
    (a, b) => METHOD_ORDER.indexOf(a.http.method.toLowerCase()) - METHOD_ORDER.indexOf(b.http.method.toLowerCase()),
  );
  for (const tool of byMethod) {
    paths[tool.http.path] ??= {};
    paths[tool.http.path][tool.http.method.toLowerCase()] = operation(tool);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Launchboard API',
      version: '1.0.0',
      description:
        'A directory of product listings with a weekly launch calendar, leaderboards, and an authenticated API to submit, edit, claim and order. Every operation is also an MCP tool of the same name at /mcp.',
      // Each install is its own site with no fixed address for the project: the contact is this site's docs.
      contact: { name: 'Launchboard API docs', url: `${publicUrl}/docs` },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    tags: TAGS,
    paths,
    components: {
      schemas: {
        Problem: {
          type: 'object',
          description: 'RFC 9457 problem details',
          required: ['type', 'title', 'status', 'detail'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
            correlation_id: { type: 'string' },
          },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes retries safe: 1–255 printable ASCII characters, scoped to the caller and operation, kept 24 h. A replay returns the stored response with Idempotent-Replayed: true.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
          // Without an example, generated clients and fuzzers make one up from the pattern, and one starting
          // with a space reaches the server trimmed (HTTP drops a header value's outer whitespace).
          example: 'order-2026-11-28-a1',
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of a copy you hold: 304 Not Modified without a body when it is still current.',
          schema: { type: 'string' },
        },
      },
      responses: {
        BadRequest: problemRef('Invalid request; `errors` names each field'),
        NotModified: { description: 'Not modified: the copy named by If-None-Match is current', headers: cacheHeaders },
        Unauthorized: {
          ...problemRef('Not signed in, or the credential is invalid'),
          headers: {
            'WWW-Authenticate': {
              description: 'The Bearer challenge (RFC 6750), naming the protected resource metadata',
              schema: { type: 'string' },
            },
          },
        },
        Forbidden: problemRef('The credential lacks the needed scope'),
        NotFound: problemRef('Resource not found'),
        Conflict: problemRef(
          'Conflicts with the current state (the `detail` says what to do), or a request with this Idempotency-Key is still in progress',
        ),
        Unprocessable: problemRef('This Idempotency-Key was used with a different request'),
        RateLimited: {
          ...problemRef('Rate limited'),
          headers: {
            ...rateLimitHeaders,
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
          },
        },
      },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.1 authorization code with PKCE (S256).',
          flows: {
            authorizationCode: {
              authorizationUrl: `${publicUrl}/oauth/authorize`,
              tokenUrl: `${publicUrl}/oauth/token`,
              refreshUrl: `${publicUrl}/oauth/token`,
              scopes: Object.fromEntries(
                SCOPES.map((s) => [
                  s,
                  {
                    'account:read': 'Read your account, drafts, listings, claims and orders',
                    'listings:write': 'Submit, edit, claim and publish listings',
                    'orders:write': 'Quote and check out orders',
                  }[s],
                ]),
              ),
            },
          },
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (lb_…) from the account area, sent as a bearer token.',
        },
      },
    },
  };
}
