// The Node face of the MCP endpoint. The SDK's handler speaks web-standard
// Request/Response; this adapter reads the JSON body on the Node side and
// hands the handler a bodiless Request with the parsed value (the SDK then
// reads nothing from the Request's body), and writes a JSON answer in one
// write, compressed when the client accepts it and it is worth it (an MCP
// answer goes to a bearer credential, never a cookie, so BREACH has no
// victim's request to ride). The SDK's own adapter (toNodeHandler) copies
// the body into a web stream that is then read back, and streams even a JSON
// answer chunk by chunk: a measurable share of every tools/call. SSE answers
// stream here too.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthInfo, DEFAULT_MAX_REQUEST_BODY_SIZE } from '@modelcontextprotocol/server';
import { compressNow, MIN_COMPRESSED_BYTES, preferredCoding } from '../platform/compression.js';
import type { FetchMcpHandler } from './gate.js';

export interface McpNodeHandlerOptions {
  /** Told about a handler that threw (the client gets a JSON-RPC internal error). */
  onerror(error: Error): void;
  /** Longest request body in bytes (the SDK's 4 MiB by default); longer answers 413. */
  maxBodyBytes?: number;
}

class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    // The SDK's own wording, so both adapters answer alike.
    super(`Payload Too Large: Request body must not exceed ${maxBytes} bytes`);
  }
}

class ClientGoneError extends Error {}

/** The whole request body as text, refused once it passes `maxBytes`. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > maxBytes) return reject(new BodyTooLargeError(maxBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > maxBytes) return; // already refused; the rest is drained unread
      size += chunk.length;
      if (size > maxBytes) reject(new BodyTooLargeError(maxBytes));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
    // Closing after the whole body is the normal end; before it, the client went away.
    const gone = () => {
      if (!req.complete) reject(new ClientGoneError());
    };
    req.on('error', gone);
    req.on('close', gone);
  });
}

/** `{ value }` when the text is JSON (`null` included), else undefined. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function webHeaders(req: IncomingMessage, withBody: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    // A Request built without the body must not claim one.
    if (!withBody && (name === 'content-length' || name === 'transfer-encoding' || name === 'content-encoding'))
      continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The JSON-RPC id a failure answer may echo (the request's, when it was a single request). */
function requestId(body: unknown): string | number | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { method, id } = body as { method?: unknown; id?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : null;
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  id: string | number | null,
  headers: Record<string, string> = {},
): globalThis.Response {
  return globalThis.Response.json({ jsonrpc: '2.0', error: { code, message }, id }, { status, headers });
}

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^application\/json\b/i.test(contentType);

async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: globalThis.Response,
  closed: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (response.body === null) {
    res.writeHead(response.status, headers).end();
    return;
  }
  if (isJson(headers['content-type'])) {
    const body = Buffer.from(await response.text());
    const coding = body.length >= MIN_COMPRESSED_BYTES ? preferredCoding(req.headers['accept-encoding']) : null;
    const sent = coding ? compressNow(body, coding) : body;
    if (body.length >= MIN_COMPRESSED_BYTES)
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    if (coding) headers['content-encoding'] = coding;
    headers['content-length'] = String(sent.length);
    res.writeHead(response.status, headers).end(sent);
    return;
  }
  // A stream (SSE): written as it comes, waiting for the socket when it is
  // full; leaving the loop early (the client went away) cancels the stream.
  res.writeHead(response.status, headers);
  try {
    for await (const chunk of response.body) {
      if (closed.aborted) break;
      if (!res.write(chunk)) await once(res, 'drain', { signal: closed });
    }
  } catch {
    // The client closed the connection while we waited to write.
  }
  res.end();
}

/** A Node `(req, res)` handler for the SDK's fetch handler; `req.auth` becomes its authInfo. */
export function mcpNodeHandler(handler: FetchMcpHandler, opts: McpNodeHandlerOptions) {
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_REQUEST_BODY_SIZE;
  return async (req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse): Promise<void> => {
    // Aborted when the client goes away before the answer is written, so the SDK can stop.
    const closed = new AbortController();
    let finished = false;
    res.on('close', () => {
      if (!finished) closed.abort();
    });
    const method = (req.method ?? 'GET').toUpperCase();
    let parsed: { value: unknown } | undefined;
    let response: globalThis.Response;
    try {
      const text = method === 'POST' ? await readBody(req, maxBodyBytes) : undefined;
      parsed = text === undefined ? undefined : parseJson(text);
      // Unparseable text goes to the SDK as sent: it answers the JSON-RPC parse error.
      const rawBody = parsed === undefined && text ? text : undefined;
      const request = new globalThis.Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
        method,
        headers: webHeaders(req, rawBody !== undefined),
        signal: closed.signal,
        ...(rawBody !== undefined && { body: rawBody }),
      });
      response = await handler.fetch(request, {
        ...(req.auth && { authInfo: req.auth }),
        ...(parsed && { parsedBody: parsed.value }),
      });
    } catch (error) {
      // Nobody is left to answer.
      if (error instanceof ClientGoneError || closed.signal.aborted) return;
      if (error instanceof BodyTooLargeError) {
        response = jsonRpcError(413, -32000, error.message, null, { connection: 'close' });
      } else {
        opts.onerror(error instanceof Error ? error : new Error(String(error)));
        response = jsonRpcError(500, -32603, 'Internal server error', requestId(parsed?.value));
      }
    }
    try {
      await writeResponse(req, res, response, closed.signal);
    } catch (error) {
      // The answer failed mid-way (its stream broke): cut the connection rather than send half of it.
      opts.onerror(error instanceof Error ? error : new Error(String(error)));
      res.destroy();
    }
    finished = true;
  };
}
