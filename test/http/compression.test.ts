// Responses are compressed by negotiation: pages, JSON, the
// stylesheet, the OpenAPI document and the /docs files with br or gzip as
// the client prefers, small bodies as they are, fixed files compressed once
// and cached for long; MCP answers sent whole as JSON too; an event stream
// never, so SSE still streams.
import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../src/http/compression.js';
import { DOCS_ASSET_BASE } from '../../src/web/docs.js';
import { STYLESHEET_HREF } from '../../src/web/ui/assets.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still compressed. */
  bytes: Buffer;
  /** The body decoded from its content coding. */
  text: string;
}

/** A request through node:http, which (unlike fetch) shows the bytes as sent. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const decoded = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  raw(`${served.server.url}${path}`, acceptEncoding ? { 'accept-encoding': acceptEncoding, ...headers } : headers);

beforeAll(async () => {
  for (let i = 0; i < 12; i++)
    await given(served.ctx).listing({
      fields: { tagline: `A tagline long enough to make a page of listings worth compressing, number ${i}` },
    });
});

const SAMPLES = {
  'a page': '/',
  'JSON from the API': '/api/v1/listings?per_page=12',
  'the stylesheet': STYLESHEET_HREF,
  'the OpenAPI document': '/api/v1/openapi.json',
  'the Swagger UI bundle': `${DOCS_ASSET_BASE}/swagger-ui-bundle.js`,
};

describe('compression by negotiation', () => {
  it.each(Object.entries(SAMPLES))('sends %s with br, gzip or neither, the same text each way', async (_, path) => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    for (const coding of ['br', 'gzip']) {
      const res = await get(path, coding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
      expect(res.bytes.length).toBeLessThan(plain.bytes.length / 2);
      // The page names a CSRF token and the API read counts nothing, so the text matches byte for byte.
      expect(res.text).toBe(plain.text);
    }
  });

  it("follows the client's preference and q-values, br on a tie", async () => {
    const path = SAMPLES['a page'];
    expect((await get(path, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get(path, 'gzip;q=1, br;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await get(path, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(path, '*')).headers['content-encoding']).toBe('br');
    expect((await get(path, 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get(path, 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the Vary of the GET and no body', async () => {
    const head = await raw(`${served.server.url}/`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.vary).toMatch(/Accept-Encoding/i);
    expect(head.bytes.length).toBe(0);
  });

  it('leaves pages made for one person as they are: their CSRF secret stays out of reach of BREACH', async () => {
    const signIn = await get('/sign-in', 'br, gzip');
    expect(signIn.status).toBe(200);
    expect(signIn.text).toContain('name="_csrf"');
    expect(signIn.headers['cache-control']).toBe('no-store');
    expect(signIn.bytes.length).toBeGreaterThan(1024);
    expect(signIn.headers['content-encoding']).toBeUndefined();
  });

  it('sends small bodies as they are', async () => {
    const root = await get('/api/v1', 'br, gzip');
    expect(root.status).toBe(200);
    expect(root.bytes.length).toBeLessThan(1024);
    expect(root.headers['content-encoding']).toBeUndefined();
  });

  it('answers a conditional request for a fixed file with 304 whatever the coding', async () => {
    const first = await get(SAMPLES['the OpenAPI document'], 'br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    for (const coding of ['br', 'gzip', 'identity']) {
      const again = await get(SAMPLES['the OpenAPI document'], coding, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    }
  });
});

describe('the /docs files', () => {
  it('live under the Swagger UI version and are cached for a year, compressed to a fraction', async () => {
    expect(DOCS_ASSET_BASE).toMatch(/^\/docs\/assets\/swagger-ui-\d+\.\d+\.\d+$/);
    let plain = 0;
    let sent = 0;
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const identity = await get(`${DOCS_ASSET_BASE}/${file}`);
      const br = await get(`${DOCS_ASSET_BASE}/${file}`, 'gzip, deflate, br');
      for (const res of [identity, br]) {
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.text).toBe(identity.text);
      plain += identity.bytes.length;
      sent += br.bytes.length;
    }
    // 1.9 MB as files; about 0.4 MB with br.
    expect(sent).toBeLessThan(plain / 4);
  });
});

describe('streams and MCP', () => {
  it('compresses an MCP answer sent whole as JSON, as the client prefers', async () => {
    const read = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: {
        uri: 'ui://launchboard/draft-review',
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'compression-test', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'resources/read',
      'mcp-name': 'ui://launchboard/draft-review',
    };
    const url = `${served.server.url}/mcp`;
    const identity = await raw(url, headers, 'POST', read);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-type']).toMatch(/^application\/json/);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
    for (const coding of ['br', 'gzip']) {
      const compressed = await raw(url, { ...headers, 'accept-encoding': coding }, 'POST', read);
      expect(compressed.headers['content-encoding'], coding).toBe(coding);
      expect(Number(compressed.headers['content-length'])).toBe(compressed.bytes.length);
      expect(JSON.parse(compressed.text)).toEqual(JSON.parse(identity.text));
      expect(compressed.bytes.length).toBeLessThan(identity.bytes.length / 3);
    }
  });

  it('never compresses an MCP event stream, nor a short answer', async () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_launches', arguments: { section: 'recent', per_page: 12 } },
    });
    // A 2025-era client without a session: the SDK's stateless fallback answers over SSE.
    const sse = await raw(
      `${served.server.url}/mcp`,
      {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'accept-encoding': 'br, gzip',
        'mcp-protocol-version': '2025-11-25',
      },
      'POST',
      call,
    );
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(sse.headers['content-encoding']).toBeUndefined();
    expect(sse.bytes.length).toBeGreaterThan(1024);
    expect(sse.text).toMatch(/^data: \{"result"|^event: message\ndata: /m);

    const notJson = await raw(
      `${served.server.url}/mcp`,
      {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'accept-encoding': 'br, gzip',
        'mcp-protocol-version': '2026-07-28',
      },
      'POST',
      `{"jsonrpc": "2.0", "id": 1, "method": "${'x'.repeat(2000)}`,
    );
    expect(notJson.headers['content-type']).toMatch(/^application\/json/);
    expect(notJson.headers['content-encoding']).toBeUndefined();
  });

  it('lets an event stream through event by event, uncompressed', async () => {
    const app = express();
    app.use(compressResponses());
    let sendSecond!: () => void;
    const secondAllowed = new Promise<void>((resolve) => {
      sendSecond = resolve;
    });
    app.get('/events', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`data: ${'first '.repeat(400)}\n\n`);
      await secondAllowed;
      res.end(`data: ${'second '.repeat(400)}\n\n`);
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
        request(`http://127.0.0.1:${port}/events`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve)
          .on('error', reject)
          .end(),
      );
      expect(res.headers['content-encoding']).toBeUndefined();
      // The first event arrives while the handler still waits to send the second.
      const [first] = (await once(res, 'data')) as [Buffer];
      expect(first.toString()).toContain('data: first');
      sendSecond();
      const rest: Buffer[] = [];
      res.on('data', (c: Buffer) => rest.push(c));
      await once(res, 'end');
      expect(Buffer.concat(rest).toString()).toContain('data: second');
    } finally {
      server.close();
    }
  });

  it('weakens a strong ETag it compresses under, and leaves no-transform answers alone', async () => {
    const app = express();
    app.use(compressResponses());
    const body = 'compress me '.repeat(200);
    app.get('/strong', (_req, res) => res.set('ETag', '"v1"').type('text/plain').send(body));
    app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').type('text/plain').send(body));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const strong = await raw(`${base}/strong`, { 'accept-encoding': 'gzip' });
      expect(strong.headers['content-encoding']).toBe('gzip');
      expect(strong.headers.etag).toBe('W/"v1"');
      expect(strong.text).toBe(body);
      const kept = await raw(`${base}/no-transform`, { 'accept-encoding': 'gzip' });
      expect(kept.headers['content-encoding']).toBeUndefined();
      expect(kept.text).toBe(body);
    } finally {
      server.close();
    }
  });
});
