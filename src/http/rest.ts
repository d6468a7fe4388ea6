// The REST face: one route per tool under /api/v1, derived from the registry.
// Splits the tool input into path, query and body by the route, coerces
// query/path strings to the schema's types, and maps results and errors.
import express, { type Request, type Response, type Router } from 'express';
import { type AnyTool, pathParams } from '../../tools/define.js';
import { protectedResourceMetadataUrl, resourceUrlAsAsked } from '../auth/resources.js';
import type { Context } from '../context.js';
import { AppError, type FieldError } from '../errors.js';
import { invokeTool, type ToolResponse } from '../registry/invoke.js';
import { PreparedOutput, serialisedOutput, weakEtag } from '../platform/prepared-output.js';
import { notModified } from '../platform/fixed-body.js';
import { inputJsonSchema, type JsonSchema } from '../registry/json-schema.js';
import { callerOf } from './middleware.js';
import { sendProblem } from './problem.js';

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

export function expressPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ':$1');
}

/** The JSON type of each input property, for coercing strings from the URL. */
function propertyTypes(schema: JsonSchema): Map<string, string> {
  const props = (schema.properties ?? {}) as Record<string, { type?: string; anyOf?: { type?: string }[] }>;
  const types = new Map<string, string>();
  for (const [key, prop] of Object.entries(props)) {
    const type = prop.type ?? prop.anyOf?.find((s) => s.type && s.type !== 'null')?.type;
    if (type) types.set(key, type);
  }
  return types;
}

function coerce(value: unknown, type: string | undefined): unknown {
  if (typeof value !== 'string') return value;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

interface Route {
  tool: AnyTool;
  path: string;
  pathKeys: string[];
  types: Map<string, string>;
  hasBody: boolean;
  /** Public reads: answered with an ETag and Cache-Control, and 304 to a matching conditional request. */
  cacheable: boolean;
}

/** Seconds a shared cache may keep a public read. */
export const PUBLIC_MAX_AGE = 30;

/**
 * The body as JSON and its weak validator: the hash of the body without the
 * tool's volatile fields (a view count), so a count alone is not a new
 * version. The volatile fields are written last, after the hashed part, so
 * the body is serialised once.
 */
export function jsonWithEtag(tool: AnyTool, body: unknown): { json: string; etag: string } {
  const volatile = tool.volatileOutput;
  if (!volatile || !body || typeof body !== 'object' || Array.isArray(body)) {
    const json = JSON.stringify(body);
    return { json, etag: weakEtag(json) };
  }
  const stable: Record<string, unknown> = {};
  const changing: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (volatile.includes(key) ? changing : stable)[key] = value;
  const prepared = new PreparedOutput(serialisedOutput(stable), changing);
  return { json: prepared.json(), etag: prepared.etag };
}

function sendCacheable(req: Request, res: Response, tool: AnyTool, out: ToolResponse, anonymous: boolean): void {
  const { json, etag } = out.prepared
    ? { json: out.prepared.json(), etag: out.prepared.etag }
    : jsonWithEtag(tool, out.body);
  res.setHeader('ETag', etag);
  // Anonymous answers are the same for everyone; a signed-in caller's stay out of shared caches.
  res.setHeader('Cache-Control', anonymous ? `public, max-age=${PUBLIC_MAX_AGE}` : 'private, no-cache');
  if (notModified(req, etag)) {
    res.status(304).end();
    return;
  }
  // Written as one string, headers and body in one write (res.send turns a
  // long string into a Buffer, which Node writes separately from the headers).
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

function buildInput(route: Route, req: Request): Record<string, unknown> {
  // No prototype: a `__proto__` parameter or body key stays an own (unknown) key
  // the schema rejects by name, instead of silently vanishing into the prototype.
  const input: Record<string, unknown> = Object.create(null);
  const errors: FieldError[] = [];
  const query = req.query as Record<string, unknown>;
  if (route.hasBody) {
    for (const key of Object.keys(query))
      errors.push({ path: key, message: 'unknown query parameter; send it in the JSON body' });
    const body = req.body;
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      errors.push({ path: '(body)', message: 'the body must be a JSON object' });
    } else if (body) {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (route.pathKeys.includes(key))
          errors.push({ path: key, message: 'unknown field; it belongs in the URL path' });
        else input[key] = value;
      }
    }
  } else {
    for (const [key, value] of Object.entries(query)) {
      if (route.pathKeys.includes(key))
        errors.push({ path: key, message: 'unknown query parameter; it belongs in the URL path' });
      else input[key] = coerce(value, route.types.get(key));
    }
  }
  for (const key of route.pathKeys) input[key] = coerce(req.params[key], route.types.get(key));
  if (errors.length > 0)
    throw new AppError('invalid', `Invalid request: check ${errors.map((e) => e.path).join(', ')}.`, { errors });
  return input;
}

function requireJsonBody(req: Request): void {
  const length = Number(req.headers['content-length'] ?? 0);
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json') && !req.is('application/*+json')) {
    throw new AppError('invalid', 'Send the request body as JSON with "Content-Type: application/json".', {
      errors: [{ path: 'Content-Type', message: 'must be application/json' }],
    });
  }
}

export function restRouter(ctx: Context, tools: AnyTool[]): Router {
  const router = express.Router();
  const onError = (res: Response, err: unknown) => sendProblem(ctx, res, err);
  const routes: Route[] = tools.map((tool) => ({
    tool,
    path: expressPath(tool.http.path),
    pathKeys: pathParams(tool.http.path),
    types: propertyTypes(inputJsonSchema(tool)),
    hasBody: BODY_METHODS.has(tool.http.method),
    cacheable: tool.http.method === 'GET' && tool.scope === null,
  }));

  for (const route of routes) {
    const method = route.tool.http.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    router[method](route.path, async (req, res) => {
      try {
        if (route.hasBody) requireJsonBody(req);
        const input = buildInput(route, req);
        const header = req.headers['idempotency-key'];
        const key = Array.isArray(header) ? header.join(',') : header;
        if (key !== undefined && !route.tool.idempotencyKey) {
          throw new AppError('invalid', `${route.tool.name} does not accept an Idempotency-Key.`, {
            errors: [{ path: 'Idempotency-Key', message: 'not accepted by this operation' }],
          });
        }
        const caller = callerOf(res);
        const out = await invokeTool(ctx, route.tool, input, caller, {
          idempotencyKey: key,
          // A signed-in operation's 401/403 names the resource as this request named the server (auth/resources.ts).
          ...(route.tool.scope !== null && {
            resourceMetadata: protectedResourceMetadataUrl(resourceUrlAsAsked(ctx.config, 'api', req.headers.host)),
          }),
        });
        if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
        if (route.cacheable && out.status === 200)
          return sendCacheable(req, res, route.tool, out, caller.kind === 'anonymous');
        res.status(out.status).json(out.body);
      } catch (err) {
        onError(res, err);
      }
    });
  }

  // Unknown path, or a known path with the wrong method (405 with Allow).
  router.use((req, res) => {
    const allow = routes.filter((r) => matches(r.path, req.path)).map((r) => r.tool.http.method);
    if (allow.length > 0) {
      onError(
        res,
        new AppError('method_not_allowed', `${req.method} is not allowed here; use ${allow.join(' or ')}.`, {
          headers: { Allow: allow.join(', ') },
        }),
      );
      return;
    }
    onError(
      res,
      new AppError(
        'not_found',
        `No API operation at ${req.method} ${req.baseUrl}${req.path}. See ${ctx.config.publicUrl}/api/v1/openapi.json.`,
      ),
    );
  });
  return router;
}

function matches(routePath: string, actual: string): boolean {
  const pattern = new RegExp(`^${routePath.replace(/:[a-z_]+/g, '[^/]+')}/?$`);
  return pattern.test(actual);
}
