// The npm package as a user gets it: `npm pack` holds only what runs (no
// tests, fixtures, benchmarks or build scripts), the tarball installs into an
// empty folder, and `npx launchboard serve` there answers HTTP.
// The install compiles better-sqlite3 from source (minutes); dependencies come
// from the npm cache where it has them (--prefer-offline).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, run, serveUntilReady } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'lb-pack-'));
const app = join(work, 'app');
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  [packed] = JSON.parse(stdout) as (typeof packed)[];
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  it('packs only what is needed to run', () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      'package.json',
      'README.md',
      'mcp.json',
      'bin/launchboard.js',
      'bin/launchboard.ts',
      'db/migrations/index.ts',
      'tools/index.ts',
      'src/drafts/crawler/html-worker-boot.mjs',
      'src/web/ui/style.css',
      'src/web/ui/site.js',
      // The docs renderer travels in the package (scripts/vendor-docs-renderer.ts), with its licence.
      'vendor/swagger-ui-dist/swagger-ui-bundle.js',
      'vendor/swagger-ui-dist/LICENSE',
    ]) {
      expect(paths).toContain(needed);
    }
    const stray = paths.filter((p) => /^(test|bench|scripts|dist|\.ci)\//.test(p) || /fixtures|\.test\.ts$/.test(p));
    expect(stray).toEqual([]);
  });

  it('gives in mcp.json an HTTP entry that works pasted unchanged, and no stdio entry that depends on the folder', () => {
    const servers = Object.values(
      (
        JSON.parse(readFileSync(join(ROOT, 'mcp.json'), 'utf8')) as {
          mcpServers: Record<string, { command?: string; type?: string; url?: string }>;
        }
      ).mcpServers,
    );
    expect(servers.some((s) => s.type === 'http' && s.url === 'http://localhost:3000/mcp')).toBe(true);
    // A stdio entry comes from `launchboard mcp-config`, with this install's absolute paths.
    expect(servers.filter((s) => s.command !== undefined)).toEqual([]);
  });

  it('installs into an empty folder and serves with npx launchboard serve', { timeout: 900_000 }, async () => {
    mkdirSync(app);
    // npm 11 runs a dependency's install script only when allowed: better-sqlite3 compiles its addon
    // (needed on Node 20), esbuild's only checks its binary.
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'launchboard-pack-check',
        private: true,
        // Nothing else: on Node 22+ the package's optional better-sqlite3-13 (prebuilt) is used, no override needed.
        allowScripts: { 'better-sqlite3': true, esbuild: false },
      }),
    );
    await run(
      'npm',
      ['install', join(work, packed.filename), '--prefer-offline', '--no-audit', '--no-fund', '--strict-allow-scripts'],
      {
        cwd: app,
        // No prebuilt addon download (there is no network but the registry): build from source at once.
        env: { ...process.env, npm_config_build_from_source: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );

    // No analytics: swagger-ui-dist (and with it @scarf/scarf's postinstall) is not installed at all.
    expect(existsSync(join(app, 'node_modules', '@scarf'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'swagger-ui-dist'))).toBe(false);

    // On Node 22 and newer the install brings better-sqlite3 13 beside 12 (db/dialect.ts picks it).
    if (Number(process.versions.node.split('.')[0]) >= 22)
      expect(existsSync(join(app, 'node_modules', 'better-sqlite3-13', 'package.json'))).toBe(true);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const served = await serveUntilReady('npx', ['launchboard', 'serve', '--port', String(port)], {
      cwd: app,
      env: { ...process.env, DATABASE_URL: `sqlite:${join(app, 'data', 'launchboard.db')}`, LOG_LEVEL: 'warn' },
      probe: `${base}/api/v1/site`,
      timeoutMs: 120_000,
    });
    try {
      const site = await fetch(`${base}/api/v1/site`);
      expect(site.status).toBe(200);
      expect(await site.json()).toMatchObject({ name: 'Launchboard' });
      expect((await fetch(`${base}/`)).status).toBe(200);
      // The API docs page loads the renderer from the package's own copy.
      const docs = await (await fetch(`${base}/docs`)).text();
      const renderer = /src="(\/docs\/assets\/swagger-ui-[^"]+\/swagger-ui-bundle\.js)"/.exec(docs)?.[1];
      expect(renderer).toBeDefined();
      expect((await fetch(`${base}${renderer}`)).status).toBe(200);
    } finally {
      await served.stop();
    }
  });
});
