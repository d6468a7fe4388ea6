// `npm run build:exe`: one self-contained executable, dist/launchboard, for
// this platform (Linux x64 on our machines). Node's single executable
// applications: the program bundled into one CommonJS script
// (scripts/bundle/bundle.ts), its runtime files carried as SEA assets and
// written to a private cache directory at start (scripts/bundle/boot.ts), and
// the preparation blob injected into a copy of this Node binary with postject.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleApp, ROOT } from './bundle/bundle.js';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

async function buildExe(outDir: string): Promise<string> {
  const work = join(outDir, 'exe-build');
  const started = Date.now();
  const bundle = await bundleApp(join(work, 'runtime'));

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
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });

  mkdirSync(outDir, { recursive: true });
  const exe = join(outDir, 'launchboard');
  rmSync(exe, { force: true });
  copyFileSync(process.execPath, exe);
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
    `built ${exe} (${mb} MB, ${bundle.assets.length} assets, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return exe;
}

// An optional argument names the output folder (default dist/).
await buildExe(process.argv[2] ?? join(ROOT, 'dist'));
