// MCP over stdio by spawning the real CLI, as a desktop assistant does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../../src/accounts/users.js';
import { createApiKey } from '../../src/auth/api-keys.js';
import { loadConfig } from '../../src/config.js';
import { buildContext } from '../../src/context.js';
import { tools, toolsets } from '../../tools/index.js';
import { testDatabaseUrl } from '../helpers/context.js';

const dir = mkdtempSync(join(tmpdir(), 'lb-stdio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serverParams(flags: string[] = []) {
  const db = await testDatabaseUrl({ sqliteFile: join(dir, `stdio-${Date.now()}.db`) });
  return {
    params: {
      command: process.execPath,
      args: ['bin/launchboard.js', 'stdio', ...flags],
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', PUBLIC_URL: 'http://localhost:3000' } as Record<
        string,
        string
      >,
      stderr: 'pipe' as const,
    },
    drop: db.drop,
  };
}

describe('MCP over stdio (launchboard stdio)', () => {
  it('serves a 2026-07-28 client: lists every tool and calls get_site_info', async () => {
    const { params, drop } = await serverParams();
    const client = new Client(
      { name: 'stdio-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StdioClientTransport(params));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
      const result = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        name: 'Launchboard',
        mcp: { url: 'http://localhost:3000/mcp' },
      });
    } finally {
      await client.close();
      await drop();
    }
  });

  it('refuses a task method to a key without its scope, with the words of every face (no HTTP gate in front)', async () => {
    const { params, drop } = await serverParams();
    const setup = await buildContext(loadConfig({ DATABASE_URL: params.env.DATABASE_URL, LOG_LEVEL: 'silent' }));
    const userId = await createUser(setup.db, { email: 'narrow@example.com', now: setup.clock.now() });
    const { key } = await createApiKey(setup.db, {
      userId,
      name: 'narrow',
      scopes: ['orders:write'],
      now: setup.clock.now(),
    });
    await setup.close();
    const client = new Client(
      { name: 'stdio-tasks-test', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      },
    );
    await client.connect(new StdioClientTransport({ ...params, env: { ...params.env, LAUNCHBOARD_API_KEY: key } }));
    try {
      const task = (method: string) => client.request({ method, params: { taskId: 'any' } }, z.looseObject({}));
      await expect(task('tasks/get')).rejects.toThrow(
        'tasks/get needs the account:read scope, which this credential does not have.',
      );
      await expect(task('tasks/cancel')).rejects.toThrow(
        'tasks/cancel needs the listings:write scope, which this credential does not have.',
      );
    } finally {
      await client.close();
      await drop();
    }
  });

  it('serves a v1 (2025-11-25) client', async () => {
    const { params, drop } = await serverParams();
    const client = new V1Client({ name: 'stdio-test-v1', version: '1.0.0' });
    await client.connect(new V1StdioTransport(params));
    try {
      const listed = await client.listTools();
      expect(listed.tools.length).toBe(tools.length);
      const result = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect((result.structuredContent as { counts: unknown }).counts).toEqual({ live_listings: 0, categories: 0 });
    } finally {
      await client.close();
      await drop();
    }
  });

  it('lists only the toolsets named by --toolsets', async () => {
    const { params, drop } = await serverParams(['--toolsets', 'orders']);
    const client = new Client({ name: 'stdio-test-toolsets', version: '1.0.0' });
    await client.connect(new StdioClientTransport(params));
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(['get_site_info', ...toolsets.orders.map((t) => t.name)]);
      // The configured public URL names the icon, as over HTTP; the lists never change.
      expect(client.getServerVersion()?.icons).toEqual([
        { src: 'http://localhost:3000/favicon.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
      ]);
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    } finally {
      await client.close();
      await drop();
    }
  });

  it('answers broken and oversized lines with JSON-RPC errors and keeps answering the lines after them', async () => {
    const { params, drop } = await serverParams();
    const child = spawn(params.command, params.args, { env: params.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const answers: { id?: unknown; result?: { tools?: unknown[] }; error?: { code: number } }[] = [];
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      for (let i = out.indexOf('\n'); i !== -1; i = out.indexOf('\n')) {
        answers.push(JSON.parse(out.slice(0, i)));
        out = out.slice(i + 1);
      }
    });
    const send = (line: string) => new Promise<void>((resolve) => child.stdin.write(`${line}\n`, () => resolve()));
    const answered = async (count: number) => {
      for (let i = 0; i < 600 && answers.length < count; i++) await new Promise((r) => setTimeout(r, 50));
      return answers.slice();
    };
    try {
      await send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      await answered(1);
      await send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      await send('{"jsonrpc":"2.0","id":5,"method":"tools/list"'); // truncated
      await send('{"id":6,"hello":true}'); // JSON, not JSON-RPC
      // One line of 10 MiB + 100 bytes (over the limit), then an ordinary request.
      await send(
        `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_listings","arguments":{"q":"${'x'.repeat(10 * 1024 * 1024 + 100)}"}}}`,
      );
      await send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }));
      const all = await answered(5);
      expect(all.slice(1).map((a) => [a.id, a.error?.code])).toEqual([
        [null, -32700],
        [6, -32600],
        [null, -32600],
        [8, undefined],
      ]);
      expect(all[4]!.result!.tools!.length).toBe(tools.length);
    } finally {
      child.kill();
      await drop();
    }
  }, 60_000);
});

describe('a stdio entry that works from any folder (launchboard mcp-config)', () => {
  const cliScript = realpathSync(join(process.cwd(), 'bin/launchboard.js'));
  const node = (args: string[], cwd: string, env: Record<string, string>) =>
    spawnSync(process.execPath, [cliScript, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
    });

  it('prints absolute paths that a client starts from another folder, on the database named', async () => {
    const work = mkdtempSync(join(dir, 'config-'));
    const printed = node(['mcp-config'], work, { DATABASE_URL: 'sqlite:./data/desktop.db' });
    expect(printed.status, printed.stderr).toBe(0);
    const entry = (
      JSON.parse(printed.stdout) as {
        mcpServers: { launchboard: { command: string; args: string[]; env: Record<string, string> } };
      }
    ).mcpServers.launchboard;
    expect(entry).toEqual({
      command: process.execPath,
      args: [cliScript, 'stdio'],
      env: { DATABASE_URL: `sqlite:${join(work, 'data', 'desktop.db')}` },
    });

    const client = new Client({ name: 'desktop', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ ...entry, env: { ...entry.env, LOG_LEVEL: 'warn' }, cwd: tmpdir(), stderr: 'pipe' }),
    );
    try {
      const result = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(existsSync(join(work, 'data', 'desktop.db'))).toBe(true);
  }, 60_000);

  it('refuses a relative database path where there is no database instead of making an empty one', () => {
    const elsewhere = mkdtempSync(join(dir, 'elsewhere-'));
    const started = node(['stdio'], elsewhere, { DATABASE_URL: 'sqlite:./data/launchboard.db' });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`relative to ${elsewhere}, where there is no database`);
    expect(started.stderr).toContain('launchboard mcp-config');
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
    // A bare path is a SQLite file too, and refused the same way.
    const bare = node(['stdio'], elsewhere, { DATABASE_URL: 'data/launchboard.db' });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain('where there is no database');
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
  });
});
