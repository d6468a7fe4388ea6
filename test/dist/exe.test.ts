// The single executable (npm run build:exe), run the way a self-hoster runs
// it: copied alone into an empty folder, started with an environment that
// names no Node, no node_modules and no PATH, on a fresh database. It must
// embed a Node LTS of 24 or later whichever Node built it, serve the site,
// REST and MCP over HTTP, MCP over stdio, migrate and admin like the package's
// CLI, crawl a page in its HTML worker thread, and serve with several worker
// processes.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tools } from '../../tools/index.js';
import { pngSize } from '../../src/web/share/png.js';
import { connectHttp } from '../mcp/clients.js';
import { freePort, ROOT, run, runBuild, serveUntilReady, type Served } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'lb-exe-'));
const home = join(work, 'home');
const app = join(work, 'app');
const exe = join(app, 'launchboard');
const running: Served[] = [];
let buildMs = 0;

/** Only what the executable needs: no PATH, no NODE_OPTIONS, a private HOME for its cache. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { HOME: home, DATABASE_URL: `sqlite:${join(app, 'data', 'launchboard.db')}`, LOG_LEVEL: 'warn', ...extra };
}

beforeAll(async () => {
  const started = Date.now();
  await runBuild('build-exe.ts', join(work, 'build'));
  buildMs = Date.now() - started;
  mkdirSync(app);
  mkdirSync(home);
  copyFileSync(join(work, 'build', 'launchboard'), exe);
  expect(readdirSync(app)).toEqual(['launchboard']);
});

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
});

async function serve(args: string[], extra: Record<string, string> = {}): Promise<{ base: string; served: Served }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const served = await serveUntilReady(exe, ['serve', '--port', String(port), ...args], {
    cwd: app,
    env: env(extra),
    probe: `${base}/api/v1/site`,
  });
  running.push(served);
  return { base, served };
}

/** A user made with the executable's own admin commands, and an API key of theirs that may write listings. */
async function makerKey(email: string): Promise<string> {
  const cli = (...args: string[]) => run(exe, args, { cwd: app, env: env() });
  await cli('admin', 'user', 'create', '--email', email);
  const created = await cli('admin', 'apikey', 'create', '--email', email, '--scopes', 'account:read,listings:write');
  return created.stdout.trim().split('\n').at(-1)!;
}

describe('the single executable', () => {
  it('reports its version and the Node LTS it embeds, 24 or later', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const { stdout } = await run(exe, ['--version'], { cwd: app, env: env() });
    console.log(`launchboard executable: ${stdout.trim()}`);
    const reported = /^launchboard (\S+) \(Node v(\d+)\.\d+\.\d+, LTS [A-Z][a-z]+\)\n$/.exec(stdout);
    expect(reported, stdout).not.toBeNull();
    expect(reported![1]).toBe(version);
    const major = Number(reported![2]);
    // LTS lines are the even majors; the release names its LTS codename (Krypton for 24).
    expect(major).toBeGreaterThanOrEqual(24);
    expect(major % 2).toBe(0);
  });

  it('serves the site, REST, the docs renderer and MCP over HTTP from an empty folder', async () => {
    const { base, served } = await serve([]);
    const sizeMb = statSync(exe).size / 1024 / 1024;
    console.log(
      `launchboard executable: ${sizeMb.toFixed(1)} MiB, built in ${(buildMs / 1000).toFixed(1)} s; serve answered after ${served.startupMs} ms (first start, cache written)`,
    );

    const site = await fetch(`${base}/api/v1/site`);
    expect(site.status).toBe(200);
    expect(await site.json()).toMatchObject({ name: 'Launchboard' });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    // Search reads words through its bundled stemmer and stop-word list.
    const search = await fetch(`${base}/api/v1/listings?q=the+calendars`);
    expect(search.status).toBe(200);
    expect(await search.json()).toMatchObject({ items: [], total: 0, did_you_mean: null, categories: [] });
    // The site's stylesheet, carried as an asset beside the script.
    const stylesheet = /href="(\/assets\/style\.[0-9a-f]+\.css)"/.exec(await home.text())?.[1];
    expect(stylesheet).toBeDefined();
    const styleAnswer = await fetch(`${base}${stylesheet}`);
    expect(styleAnswer.status).toBe(200);
    expect(await styleAnswer.text()).toContain('header.site');
    // swagger-ui-dist, carried as an asset and served from the cache folder.
    const docs = await (await fetch(`${base}/docs`)).text();
    const css = /href="(\/docs\/assets\/swagger-ui-[^"]+\/swagger-ui\.css)"/.exec(docs)?.[1];
    expect(css).toBeDefined();
    const asset = await fetch(`${base}${css}`);
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(10_000);
    // Share images: resvg's native addon and the Inter fonts, carried as assets and loaded from the cache folder.
    const started = performance.now();
    const card = await fetch(`${base}/og/site.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    console.log(`launchboard executable: /og/site.png drawn in ${Math.round(performance.now() - started)} ms`);
    const icon = await fetch(`${base}/apple-touch-icon.png`);
    expect(pngSize(Buffer.from(await icon.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    const client = await connectHttp('v2-2026-07-28', `${base}/mcp`);
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    } finally {
      await client.close();
    }
    await served.stop();
    expect(served.output()).not.toMatch(/Warning|Error/);
  });

  it('starts again from its cache', async () => {
    const { served } = await serve([]);
    console.log(`launchboard executable: serve answered after ${served.startupMs} ms (cached)`);
    await served.stop();
  });

  it('serves MCP over stdio to the v2 client', async () => {
    const client = new Client(
      { name: 'exe-stdio', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StdioClientTransport({
        command: exe,
        args: ['stdio'],
        cwd: app,
        env: env() as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
      const result = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ name: 'Launchboard' });
    } finally {
      await client.close();
    }
  });

  it('prints a stdio entry naming itself and an absolute database (mcp-config)', async () => {
    const { stdout } = await run(exe, ['mcp-config'], {
      cwd: app,
      env: { ...env(), DATABASE_URL: 'sqlite:./data/launchboard.db' },
    });
    expect(JSON.parse(stdout).mcpServers.launchboard).toEqual({
      command: exe,
      args: ['stdio'],
      env: { DATABASE_URL: `sqlite:${join(app, 'data', 'launchboard.db')}` },
    });
  });

  it('runs migrate, admin and doctor like the CLI', async () => {
    const cli = (...args: string[]) => run(exe, args, { cwd: app, env: env() });
    expect((await cli('migrate')).stdout).toBe('database is migrated\n');
    await cli('admin', 'price', 'set', 'launch', '4900', '--name', 'Paid launch');
    expect((await cli('admin', 'price', 'list')).stdout).toContain('launch\t4900\tPaid launch');
    const doctor = (await cli('doctor')).stdout;
    expect(doctor).toMatch(/^ok {4}migrations +all \d+ applied$/m);
    // sharp and libvips, carried as assets beside the script, load and re-encode an image.
    expect(doctor).toMatch(/^ok {4}images +sharp [\d.]+ with libvips [\d.]+ re-encodes logos and screenshots$/m);
    await expect(cli('no-such-command')).rejects.toMatchObject({ code: 2 });
  });

  it('backs up and restores its SQLite database through its own addon', async () => {
    // A database no server of this file has open, so restore may replace it.
    const cli = (...args: string[]) =>
      run(exe, args, { cwd: app, env: env({ DATABASE_URL: `sqlite:${join(app, 'data', 'backup.db')}` }) });
    await cli('admin', 'price', 'set', 'launch', '4900', '--name', 'Paid launch');
    expect((await cli('admin', 'backup', join(app, 'copy.db'))).stdout).toMatch(/copy\.db/);
    await cli('admin', 'price', 'set', 'launch', '9900', '--name', 'Paid launch');
    expect((await cli('admin', 'restore', join(app, 'copy.db'))).stdout).toMatch(
      /^restored .*backup\.db from .*copy\.db/,
    );
    expect((await cli('admin', 'price', 'list')).stdout).toContain('launch\t4900\tPaid launch');
  });

  it('crawls a submitted website in its HTML worker thread', async () => {
    const site: Server = createServer((req, res) => {
      if (req.url !== '/') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html><head><title>Widgetly — widgets for small teams</title>' +
          '<meta name="description" content="Widgetly builds widgets for small teams."></head>' +
          '<body><h1>Widgetly</h1><p>Widgetly helps small teams build widgets together.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as { port: number }).port;
    try {
      const key = await makerKey('maker@example.com');
      const { base, served } = await serve([], { LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const created = await fetch(`${base}/api/v1/drafts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/` }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      let draft:
        | { status: string; failure_reason: string | null; fields: { name: { value: string | null } } }
        | undefined;
      for (let i = 0; i < 300; i++) {
        draft = await (await fetch(`${base}/api/v1/drafts/${id}`, { headers })).json();
        if (draft!.status !== 'crawling' && draft!.status !== 'drafting') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(draft).toMatchObject({ status: 'ready', failure_reason: null });
      expect(draft!.fields.name.value).toBe('Widgetly');
      await served.stop();
    } finally {
      site.close();
    }
  });

  it('stores a logo (in its job worker) and a screenshot (in the request) through its carried sharp', async () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
    const files: Record<string, [string, Buffer]> = {
      '/': [
        'text/html; charset=utf-8',
        Buffer.from(
          '<!doctype html><html><head><title>Pictly</title></head><body><h1>Pictly</h1><p>Pictly takes pictures.</p></body></html>',
        ),
      ],
      '/logo.png': ['image/png', await png(512, 512)],
      '/shot.png': ['image/png', await png(2000, 1250)],
      // Drawn in the drawing process, which the executable starts as itself.
      '/shot.svg': [
        'image/svg+xml',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#c33"/></svg>',
        ),
      ],
    };
    const site: Server = createServer((req, res) => {
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      const key = await makerKey('pictures@example.com');
      const { base, served } = await serve([], { LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}/api/v1${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const { body: draft } = await api('POST', '/drafts', { url: `${origin}/` });
      for (let i = 0; i < 300; i++) {
        if (!['crawling', 'drafting'].includes((await api('GET', `/drafts/${draft.id}`)).body.status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await api('PATCH', `/drafts/${draft.id}`, { fields: { logo_url: `${origin}/logo.png` } });
      const { body: submitted } = await api('POST', `/drafts/${draft.id}/submit`);

      const started = performance.now();
      const shot = await api('PATCH', `/me/listings/${submitted.listing_id}`, {
        screenshots: [`${origin}/shot.png`, `${origin}/shot.svg`],
      });
      expect(shot.status).toBe(200);
      expect(shot.body.changed).toEqual(['screenshots']);
      // (A link that could not be drawn or read would be a 400 naming it.)
      console.log(
        `launchboard executable: a 2000×1250 screenshot and an SVG fetched and stored in ${Math.round(performance.now() - started)} ms`,
      );

      let logo: { url: string; width: number; height: number } | null = null;
      for (let i = 0; i < 150 && !logo; i++) {
        logo = (await api('GET', `/me/listings/${submitted.listing_id}`)).body.logo;
        if (!logo) await new Promise((r) => setTimeout(r, 200));
      }
      expect(logo).toMatchObject({ width: 256, height: 256 });
      const image = await fetch(`${base}${new URL(logo!.url).pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(
        Buffer.from(await image.arrayBuffer())
          .subarray(8, 12)
          .toString('latin1'),
      ).toBe('WEBP');
      await served.stop();
      expect(served.output()).not.toMatch(/job failed/);
    } finally {
      site.close();
    }
  });

  it('serves with --workers 2', async () => {
    const { base, served } = await serve(['--workers', '2']);
    expect((await fetch(`${base}/api/v1/site`)).status).toBe(200);
    expect(served.output()).toContain('Workers: 2 HTTP processes');
    await served.stop();
  });
});
