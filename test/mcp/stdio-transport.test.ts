// The stdio wire: every line gets an answer or a message, and a line that is
// too long or broken never stops the lines after it from being read.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineTransport } from '../../src/mcp/stdio-transport.js';

function wire(maxLineBytes = 64) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(input, output, { maxLineBytes });
  const received: unknown[] = [];
  const written: unknown[] = [];
  transport.onmessage = (m) => received.push(m);
  output.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) written.push(JSON.parse(line));
  });
  return { input, transport, received, written, settle: () => new Promise((r) => setImmediate(r)) };
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('LineTransport', () => {
  it('hands on each JSON-RPC line, across chunk boundaries and CRLF', async () => {
    const w = wire();
    await w.transport.start();
    const text = ping(1) + ping(2).replace('\n', '\r\n');
    w.input.write(text.slice(0, 10));
    w.input.write(text.slice(10));
    await w.settle();
    expect(w.received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
  });

  it('answers a line that is not JSON with -32700, and one that is not JSON-RPC with -32600, then reads on', async () => {
    const w = wire();
    await w.transport.start();
    w.input.write('{"jsonrpc":"2.0","id":5,"method":"tools/list"\n');
    w.input.write('{"id":7,"hello":true}\n');
    w.input.write('\n');
    w.input.write(ping(8));
    await w.settle();
    expect(w.written).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } },
    ]);
    expect(w.received).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
  });

  it('skips a line over the limit up to its newline, answers -32600 and reads the next line', async () => {
    const w = wire(64);
    await w.transport.start();
    w.input.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'a'.repeat(40)}`);
    w.input.write(`${'b'.repeat(500)}"}}`);
    w.input.write(`\n${ping(2)}`);
    await w.settle();
    expect(w.written).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('64 bytes') } },
    ]);
    expect(w.received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('closes when its input ends', async () => {
    const w = wire();
    let closed = false;
    w.transport.onclose = () => {
      closed = true;
    };
    await w.transport.start();
    w.input.end();
    await w.settle();
    expect(closed).toBe(true);
  });
});
