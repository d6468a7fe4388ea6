// The MCP endpoint's Node adapter: the body is read and parsed here and the
// SDK's handler gets a bodiless Request with the parsed value; unparseable
// text goes through as sent; JSON answers are written whole with a length;
// streams are streamed; oversize bodies, failures and vanished clients end
// as the SDK's own adapter would end them.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpHandlerRequestOptions } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpNodeHandler } from '../../src/mcp/node-handler.js';
import type { FetchMcpHandler } from '../../src/mcp/gate.js';

interface Seen {
  request: Request;
  options: McpHandlerRequestOptions | undefined;
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(answer: (request: Request) => Response | Promise<Response>, maxBodyBytes?: number) {
  const seen: Seen[] = [];
  const errors: Error[] = [];
  const handler: FetchMcpHandler = {
    fetch: async (request, options) => {
      seen.push({ request, options, body: request.body ? await request.clone().text() : '' });
      return answer(request);
    },
  };
  const node = mcpNodeHandler(handler, { onerror: (err) => errors.push(err), ...(maxBodyBytes && { maxBodyBytes }) });
  server = createServer((req, res) => void node(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`;
  return { url, seen, errors };
}

const post = (url: string, body: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } };

describe('mcpNodeHandler', () => {
  it('hands the handler the parsed body and a Request without one', async () => {
    const { url, seen } = await serve(() => Response.json({ ok: true }));
    const res = await post(url, JSON.stringify(call));
    expect(res.status).toBe(200);
    expect(seen[0]!.options?.parsedBody).toEqual(call);
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.request.headers.get('content-length')).toBeNull();
    expect(seen[0]!.request.headers.get('accept')).toBe('application/json, text/event-stream');
    expect(seen[0]!.request.url).toMatch(/\/mcp$/);
  });

  it('passes JSON null as a parsed body, and text that is not JSON as sent', async () => {
    const { url, seen } = await serve(() => new Response(null, { status: 400 }));
    await post(url, 'null');
    await post(url, '{"jsonrpc": ');
    expect(seen[0]!.options).toHaveProperty('parsedBody', null);
    expect(seen[1]!.options).not.toHaveProperty('parsedBody');
    expect(seen[1]!.body).toBe('{"jsonrpc": ');
  });

  it("writes a JSON answer whole, with its length, and keeps the handler's status and headers", async () => {
    const { url } = await serve(() =>
      Response.json({ é: 'ü'.repeat(10) }, { status: 202, headers: { 'mcp-session-id': 'abc' } }),
    );
    const res = await post(url, JSON.stringify(call));
    expect(res.status).toBe(202);
    expect(res.headers.get('mcp-session-id')).toBe('abc');
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ é: 'ü'.repeat(10) });
  });

  it('streams an answer that is not JSON', async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode('event: message\ndata: {"a":1}\n\n'));
        controller.enqueue(encoder.encode('event: message\ndata: {"b":2}\n\n'));
        controller.close();
      },
    });
    const { url } = await serve(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }));
    const res = await post(url, JSON.stringify(call));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toBe('event: message\ndata: {"a":1}\n\nevent: message\ndata: {"b":2}\n\n');
  });

  it('answers a body over the limit with 413 and a JSON-RPC error, without calling the handler', async () => {
    const { url, seen } = await serve(() => Response.json({}), 64);
    const res = await post(url, JSON.stringify({ ...call, pad: 'x'.repeat(100) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Payload Too Large: Request body must not exceed 64 bytes' },
      id: null,
    });
    expect(seen).toHaveLength(0);
  });

  it('answers a handler that throws with a JSON-RPC internal error echoing the request id, and reports it', async () => {
    const { url, errors } = await serve(() => {
      throw new Error('boom');
    });
    const res = await post(url, JSON.stringify(call));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Internal server error' },
      id: 7,
    });
    expect(errors.map((e) => e.message)).toEqual(['boom']);
  });

  it('cuts the connection and reports it when a JSON answer fails to read', async () => {
    const broken = new ReadableStream({
      pull(controller) {
        controller.error(new Error('stream broke'));
      },
    });
    const { url, errors } = await serve(
      () => new Response(broken, { headers: { 'content-type': 'application/json' } }),
    );
    await expect(post(url, JSON.stringify(call)).then((res) => res.text())).rejects.toThrow();
    expect(errors.map((e) => e.message)).toEqual(['stream broke']);
  });

  it('calls nothing when the client leaves before its body ends', async () => {
    const { url, seen, errors } = await serve(() => Response.json({}));
    const { port } = new URL(url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"jsonrpc":', () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 20),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    expect(errors).toHaveLength(0);
  });
});
