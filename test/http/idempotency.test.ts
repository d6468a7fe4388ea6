// Idempotency-Key on both faces, through a fixture tool that counts its runs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { servedTools } from '../helpers/server.js';
import { connectHttp } from '../mcp/clients.js';

let runs = 0;
let gate: Promise<void> | null = null;
const noteTool = defineTool({
  name: 'add_test_note',
  title: 'Add a test note',
  description: 'Fixture tool for idempotency tests.',
  scope: null,
  http: { method: 'POST', path: '/test-notes', status: 201 },
  input: z.strictObject({ text: z.string().max(50) }),
  output: z.object({ run: z.number().int(), text: z.string() }),
  annotations: { readOnlyHint: false },
  idempotencyKey: true,
  handler: async (_ctx, input) => {
    runs += 1;
    const run = runs;
    if (gate) await gate;
    return { run, text: input.text };
  },
});

const served = servedTools({ tools: [...tools, noteTool] });

const post = (body: unknown, key?: string) =>
  fetch(`${served.server.url}/api/v1/test-notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });

describe('Idempotency-Key over REST', () => {
  it('replays the stored response with Idempotent-Replayed: true and runs the operation once', async () => {
    const first = await post({ text: 'hello' }, 'key-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const again = await post({ text: 'hello' }, 'key-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(runs).toBe(firstBody.run);
  });

  it('answers 422 for the same key with a different body', async () => {
    await post({ text: 'one' }, 'key-2');
    const res = await post({ text: 'two' }, 'key-2');
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const first = post({ text: 'slow' }, 'key-3');
    await new Promise((r) => setTimeout(r, 50));
    const second = await post({ text: 'slow' }, 'key-3');
    expect(second.status).toBe(409);
    open();
    gate = null;
    expect((await first).status).toBe(201);
  });

  it('lets a key left in flight by a request that died (a crash) be taken over after 10 minutes', async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const stuck = post({ text: 'crashed' }, 'key-5');
    await new Promise((r) => setTimeout(r, 50));
    expect((await post({ text: 'crashed' }, 'key-5')).status).toBe(409);
    served.ctx.clock.advance(10 * 60 * 1000);
    gate = null;
    const retry = await post({ text: 'crashed' }, 'key-5');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    open();
    await stuck;
  });

  it('rejects a key that is not 1–255 printable ASCII', async () => {
    const res = await post({ text: 'x' }, 'k'.repeat(256));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('Idempotency-Key');
  });

  it('lets a key expire after 24 hours', async () => {
    const first = await (await post({ text: 'old' }, 'key-4')).json();
    served.ctx.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await post({ text: 'old' }, 'key-4');
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await later.json()).run).toBeGreaterThan(first.run);
  });
});

describe('idempotency_key over MCP', () => {
  it('replays the first result for the same key and arguments', async () => {
    const client = await connectHttp('v2-2026-07-28', `${served.server.url}/mcp`);
    try {
      const a = await client.callTool('add_test_note', { text: 'mcp', idempotency_key: 'mcp-1' });
      const b = await client.callTool('add_test_note', { text: 'mcp', idempotency_key: 'mcp-1' });
      expect(a.isError).toBeFalsy();
      expect(b.structuredContent).toEqual(a.structuredContent);
      const c = await client.callTool('add_test_note', { text: 'other', idempotency_key: 'mcp-1' });
      expect(c.isError).toBe(true);
      expect(JSON.stringify(c.content)).toContain('422');
    } finally {
      await client.close();
    }
  });
});
