// The desktop platforms the MCP bundle carries native code for, and their
// npm packages: sharp's addon and libvips (@img/sharp-*), resvg-js's addon
// (@resvg/resvg-js-*), at the versions the installed sharp and resvg-js name,
// fetched from the npm registry as tarballs (npm pack: no install, so no
// os/cpu refusal) into .cache/platform-packages/ once and reused. SQLite's
// addons are better-sqlite3 13's N-API prebuilds, which its own package
// carries for every platform. N-API addons load in any Node from 22 on,
// whichever Node built the bundle.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle.js';

/**
 * The better-sqlite3 major with N-API prebuilds for every platform in its own
 * package: the package's 12 (kept for Node 20) aborts at teardown on Node 24
 * (WiseLibs/better-sqlite3#1515); 13 fixes that, needs Node >= 22 and
 * compiles nothing.
 */
export const BETTER_SQLITE3_NAPI_MAJOR = 13;

/** Runs scripts/fetch-package.sh: the package's folder in .cache/, fetched when not there yet. */
export function fetchPackage(name: string, major: number, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync('bash', [join(ROOT, 'scripts/fetch-package.sh'), name, String(major)], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

export interface DesktopTarget {
  platform: 'darwin' | 'win32' | 'linux';
  arch: 'arm64' | 'x64';
  /** resvg-js's name for the platform. */
  resvg: string;
  /** sharp keeps libvips in a package of its own there (on Windows the DLLs are in sharp's package). */
  libvips: boolean;
}

export const DESKTOP_TARGETS: readonly DesktopTarget[] = [
  { platform: 'darwin', arch: 'arm64', resvg: 'darwin-arm64', libvips: true },
  { platform: 'darwin', arch: 'x64', resvg: 'darwin-x64', libvips: true },
  { platform: 'win32', arch: 'x64', resvg: 'win32-x64-msvc', libvips: false },
  { platform: 'win32', arch: 'arm64', resvg: 'win32-arm64-msvc', libvips: false },
  { platform: 'linux', arch: 'x64', resvg: 'linux-x64-gnu', libvips: true },
  { platform: 'linux', arch: 'arm64', resvg: 'linux-arm64-gnu', libvips: true },
];

/** The platform packages' names and versions, as sharp's and resvg-js's optionalDependencies pin them. */
export function platformPackageVersions(): [string, string][] {
  const manifest = (name: string) =>
    JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      optionalDependencies: Record<string, string>;
    };
  const sharp = manifest('sharp');
  const resvg = manifest('@resvg/resvg-js');
  const pinned = { ...sharp.optionalDependencies, ...resvg.optionalDependencies };
  const names = DESKTOP_TARGETS.flatMap((t) => [
    `@img/sharp-${t.platform}-${t.arch}`,
    ...(t.libvips ? [`@img/sharp-libvips-${t.platform}-${t.arch}`] : []),
    `@resvg/resvg-js-${t.resvg}`,
  ]);
  return names.map((name) => {
    const version = pinned[name];
    if (!version) throw new Error(`${name} is not among sharp's or resvg-js's optional dependencies`);
    return [name, version];
  });
}

/**
 * Every desktop target's platform packages, unpacked from their registry
 * tarballs (fetched the first time only): package name → its folder.
 */
export function desktopPlatformPackages(): Map<string, string> {
  const cache = join(ROOT, '.cache/platform-packages');
  const folders = new Map<string, string>();
  for (const [name, version] of platformPackageVersions()) {
    const dir = join(cache, `${name.replace('/', '+')}@${version}`);
    folders.set(name, dir);
    if (existsSync(join(dir, 'package.json'))) continue;
    mkdirSync(cache, { recursive: true });
    const work = mkdtempSync(join(cache, '.download-'));
    try {
      const packed = JSON.parse(
        execFileSync('npm', ['pack', `${name}@${version}`, '--pack-destination', work, '--json'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      ) as { filename: string }[];
      execFileSync('tar', ['-xzf', join(work, packed[0]!.filename), '-C', work]);
      rmSync(dir, { recursive: true, force: true });
      renameSync(join(work, 'package'), dir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return folders;
}
