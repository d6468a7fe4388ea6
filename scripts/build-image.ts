// `npm run build:image`: the container image (Containerfile) built from the
// single executable. The build context is assembled here, not by a build
// stage, because no registry is assumed reachable (FROM scratch):
//
//   rootfs/app/launchboard      the executable (built now, or --exe FILE)
//   rootfs/app/runtime/<hash>   its runtime files, unpacked once by running it
//   rootfs/lib…, rootfs/usr/lib…  every shared library the executable and the
//                               native addons link against, as ldd resolves them
//   rootfs/etc/passwd, group    the unprivileged user launchboard (10001)
//   rootfs/tmp                  writable by all (1777)
//   data/                       the volume's starting content (owned by 10001)
//
// Then `podman build` (or `docker build`) tags it NAME:<version> and
// NAME:latest (NAME: --name, default launchboard). --no-build stops after
// the context.
//
//   npm run build:image -- [--exe FILE] [--name NAME] [--no-build] [OUT]   (OUT default dist/)
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './bundle/bundle.js';

const { values, positionals } = parseArgs({
  options: {
    exe: { type: 'string' },
    name: { type: 'string', default: 'launchboard' },
    'no-build': { type: 'boolean' },
  },
  allowPositionals: true,
});
const outDir = resolve(positionals[0] ?? join(ROOT, 'dist'));
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** ELF files under `dir`: native addons and the shared libraries they carry. */
function nativeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.node$|\.so(\.\d+)*$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The system libraries `file` needs, as ldd resolves them (the dynamic loader included). */
function systemLibraries(file: string, inside: string): string[] {
  const out = execFileSync('ldd', [file], { encoding: 'utf8' });
  const libs: string[] = [];
  for (const line of out.split('\n')) {
    if (/not found/.test(line)) throw new Error(`${file}: ${line.trim()}`);
    const path = /=>\s*(\/\S+)/.exec(line)?.[1] ?? /^\s*(\/\S+)\s+\(/.exec(line)?.[1];
    if (path && !path.startsWith(inside)) libs.push(path);
  }
  return libs;
}

function assembleContext(exe: string, context: string): void {
  rmSync(context, { recursive: true, force: true });
  const rootfs = join(context, 'rootfs');
  const app = join(rootfs, 'app');
  mkdirSync(app, { recursive: true });
  copyFileSync(exe, join(app, 'launchboard'));
  chmodSync(join(app, 'launchboard'), 0o755);
  // Running it once unpacks its runtime files where the image's LAUNCHBOARD_CACHE_DIR points.
  execFileSync(join(app, 'launchboard'), ['--version'], {
    env: { LAUNCHBOARD_CACHE_DIR: join(app, 'runtime'), PATH: '/usr/bin:/bin' },
  });
  // Unpacked for the building user alone (0700/0600); the image's user only reads them.
  chmodSync(join(app, 'runtime'), 0o755);
  for (const entry of readdirSync(join(app, 'runtime'), { recursive: true, withFileTypes: true }))
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  const libraries = new Set<string>();
  for (const file of [join(app, 'launchboard'), ...nativeFiles(join(app, 'runtime'))])
    for (const lib of systemLibraries(file, rootfs)) libraries.add(lib);
  for (const lib of libraries) {
    mkdirSync(join(rootfs, dirname(lib)), { recursive: true });
    copyFileSync(lib, join(rootfs, lib));
  }
  mkdirSync(join(rootfs, 'etc'));
  writeFileSync(
    join(rootfs, 'etc/passwd'),
    'root:x:0:0:root:/root:/sbin/nologin\nlaunchboard:x:10001:10001:Launchboard:/data:/sbin/nologin\n',
  );
  writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\nlaunchboard:x:10001:\n');
  mkdirSync(join(rootfs, 'tmp'));
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  mkdirSync(join(context, 'data'));
  copyFileSync(join(ROOT, 'Containerfile'), join(context, 'Containerfile'));
  process.stdout.write(`assembled ${context} (${libraries.size} system libraries)\n`);
}

function containerTool(): string {
  for (const tool of ['podman', 'docker'])
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0) return tool;
  throw new Error('neither podman nor docker is installed; the build context is ready, build it with either');
}

let exe = values.exe ? resolve(values.exe) : join(outDir, 'launchboard');
if (!values.exe) {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build-exe.ts'), outDir], { stdio: 'inherit' });
} else if (!existsSync(exe)) {
  throw new Error(`--exe ${exe}: no such file`);
}
exe = resolve(exe);
const context = join(outDir, 'image');
assembleContext(exe, context);
if (!values['no-build']) {
  const tool = containerTool();
  // The docker format keeps HEALTHCHECK (the OCI format has no such field).
  const format = tool === 'podman' ? ['--format', 'docker'] : [];
  const name = values.name;
  execFileSync(tool, ['build', ...format, '-t', `${name}:${version}`, '-t', `${name}:latest`, context], {
    stdio: 'inherit',
  });
  process.stdout.write(`built ${name}:${version} with ${tool}\n`);
}
