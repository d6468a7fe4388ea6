// Start-up of the bundled program (the single executable and the MCP bundle's
// server script), run before any application module. The bundle is one
// CommonJS script, so the few files the application reads at run time are
// laid out in a "runtime directory" next to it:
//
//   better_sqlite3.node                      the SQLite addon (loaded here, handed to db/dialect.ts);
//                                            the MCP bundle has one per desktop platform instead
//   html-worker-boot.mjs                     the crawler's HTML worker thread, bundled on its own
//   style.css                                the site's stylesheet (src/web/ui/style.css)
//   site.js                                  the pages' script (src/web/ui/site.js)
//   node_modules/swagger-ui-dist/…           the API docs renderer served at /docs/assets
//   node_modules/@resvg/…, inter-font/…      the share images' renderer (its JS and native addon) and fonts
//   node_modules/sharp, @img/sharp-…, …      product images: sharp, its addon and libvips (src/media/sharp.ts)
//
// In the MCP bundle that directory is the script's own folder. In the single
// executable the files are SEA assets, written once to a private cache
// directory (~/.cache/launchboard/<hash>, or $XDG_CACHE_HOME, or
// $LAUNCHBOARD_CACHE_DIR) named after a hash of their content, so a new
// build never reuses an older build's files.
//
// `import.meta.url` of every bundled module is defined at build time as
// globalThis.__launchboardModuleUrl, a file URL inside the runtime directory:
// the worker pool and the docs router resolve their files from it unchanged.
import cluster from 'node:cluster';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useSqliteAddon } from '../../db/dialect.js';

declare global {
  // eslint-disable-next-line no-var
  var __launchboardModuleUrl: string;
}

/** Set by the build: the asset names and the hash of their content. */
declare const LAUNCHBOARD_ASSETS: { names: string[]; hash: string };

/** The asset that marks a complete extraction (written last). */
const COMPLETE = '.complete';

interface SeaModule {
  isSea(): boolean;
  getRawAsset(name: string): ArrayBuffer;
}

function seaModule(): SeaModule | null {
  try {
    // node:sea exists from Node 20.12; a plain `node launchboard.cjs` is not a SEA.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sea = require('node:sea') as SeaModule;
    return sea.isSea() ? sea : null;
  } catch {
    return null;
  }
}

function cacheRoot(): string {
  if (process.env.LAUNCHBOARD_CACHE_DIR) return process.env.LAUNCHBOARD_CACHE_DIR;
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg) return join(xdg, 'launchboard');
  const home = homedir();
  return home ? join(home, '.cache', 'launchboard') : join(tmpdir(), `launchboard-${process.getuid?.() ?? 'user'}`);
}

/**
 * Writes the SEA assets to <cache>/<hash> unless a complete copy is there.
 * Concurrent starts (serve --workers) each write a private temporary folder
 * and rename it into place; the loser of the race uses the winner's copy.
 */
function extractAssets(sea: SeaModule): string {
  const root = cacheRoot();
  const dir = join(root, LAUNCHBOARD_ASSETS.hash);
  if (existsSync(join(dir, COMPLETE))) return dir;
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const staging = `${dir}.tmp-${process.pid}-${Date.now()}`;
  try {
    for (const name of LAUNCHBOARD_ASSETS.names) {
      const file = join(staging, name);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, new Uint8Array(sea.getRawAsset(name)), { mode: 0o600 });
    }
    writeFileSync(join(staging, COMPLETE), LAUNCHBOARD_ASSETS.hash);
    try {
      renameSync(staging, dir);
    } catch {
      // Another process finished first (or an incomplete copy is in the way).
      if (existsSync(join(dir, COMPLETE))) return dir;
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    }
    return dir;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The SQLite addon for this process: the building machine's
 * (better_sqlite3.node), or in the MCP bundle, which carries one per desktop
 * platform (better_sqlite3-<platform>-<arch>.node, N-API builds of
 * better-sqlite3 13), this platform's; those need Node 22 or newer.
 */
function sqliteAddonFile(dir: string): string {
  const single = join(dir, 'better_sqlite3.node');
  if (existsSync(single)) return single;
  const carried = readdirSync(dir).filter((name) => /^better_sqlite3-.+\.node$/.test(name));
  const mine = `better_sqlite3-${process.platform}-${process.arch}.node`;
  if (!carried.includes(mine))
    fail(
      `this bundle has no SQLite addon for ${process.platform}-${process.arch}; it carries ${carried.map((f) => f.slice(15, -5)).join(', ')}`,
    );
  if (Number(process.versions.node.split('.')[0]) < 22)
    fail(`this bundle needs Node 22 or newer; this is Node ${process.versions.node}`);
  return join(dir, mine);
}

function fail(message: string): never {
  process.stderr.write(`launchboard: ${message}\n`);
  process.exit(1);
}

function loadSqliteAddon(file: string): object {
  const module = { exports: {} as object };
  process.dlopen(module, file);
  return module.exports;
}

// An MCP bundle host may pass an optional setting the user left empty as its
// literal placeholder ("${user_config.api_key}") instead of "": treat it as unset.
for (const [name, value] of Object.entries(process.env)) {
  if (value !== undefined && /^\$\{user_config\.[^}]*\}$/.test(value)) delete process.env[name];
}

const sea = seaModule();
const runtimeDir = sea ? extractAssets(sea) : __dirname;
globalThis.__launchboardModuleUrl = pathToFileURL(join(runtimeDir, 'launchboard.cjs')).href;
useSqliteAddon(loadSqliteAddon(sqliteAddonFile(runtimeDir)));

// node:cluster forks process.execPath with a script path (process.argv[1]
// unless told otherwise) before the arguments. A SEA has no script: it runs
// itself, and would read that path as the command. So the primary names the
// executable as the "script" and a forked worker drops it again, and
// `serve --workers N` reads the same arguments in every process.
if (sea) {
  if (cluster.isPrimary) cluster.setupPrimary({ exec: process.execPath });
  else if (process.argv[2] === process.execPath) process.argv.splice(2, 1);
}
