// The container image (npm run build:image, Containerfile), built with
// podman and run as a container runtime would run it: its exported
// filesystem, its user, entrypoint and environment, under chroot (podman run
// cannot set rlimits in this sandbox). It must hold nothing but the program
// and the libraries it links against, run as an unprivileged user, keep its
// data in the /data volume (0600), answer /readyz and the API, and pass its
// own health check. Needs podman and root; CI has both
// (LAUNCHBOARD_REQUIRE_PODMAN=1 turns a skip into a failure).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, run, runBuild, serveUntilReady, type Served } from './helpers.js';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

const podman = spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0;
const root = process.getuid?.() === 0;
const canRun = podman && root;
if (!canRun && process.env.LAUNCHBOARD_REQUIRE_PODMAN === '1')
  throw new Error(`the image test needs podman and root (podman: ${podman}, root: ${root})`);

interface ImageConfig {
  User: string;
  Env: string[];
  Entrypoint: string[];
  Cmd: string[];
  WorkingDir: string;
  Volumes: Record<string, object>;
}

describe.skipIf(!canRun)('the container image', () => {
  const work = mkdtempSync(join(tmpdir(), 'lb-image-'));
  const fs = join(work, 'fs');
  const name = `launchboard-test-${process.pid}`;
  let config: ImageConfig;
  let healthcheck: string[];
  const running: Served[] = [];

  beforeAll(async () => {
    await runBuild('build-image.ts', join(work, 'build'), ['--name', name]);
    const [inspected] = JSON.parse(
      execFileSync('podman', ['image', 'inspect', `${name}:latest`], { encoding: 'utf8' }),
    );
    config = inspected.Config;
    healthcheck = inspected.Healthcheck.Test;
    const container = execFileSync('podman', ['create', `${name}:latest`], { encoding: 'utf8' }).trim();
    mkdirSync(fs);
    try {
      await run('bash', ['-c', `podman export ${container} | tar -x -C ${fs}`]);
    } finally {
      spawnSync('podman', ['rm', '-f', container], { stdio: 'ignore' });
    }
  });

  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    spawnSync('podman', ['rmi', '-f', `${name}:latest`, `${name}:${version}`], { stdio: 'ignore' });
    rmSync(work, { recursive: true, force: true });
  });

  /** The image's environment, as a runtime passes it, with `extra` on top (no PATH from here). */
  function imageEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
    return { ...Object.fromEntries(config.Env.map((kv) => kv.split(/=(.*)/s).slice(0, 2))), ...extra };
  }

  /** chroot into the image's filesystem as its user, running `command` from its working directory. */
  function inImage(command: string[]): [string, string[]] {
    return ['/usr/sbin/chroot', [`--userspec=${config.User}`, fs, ...command]];
  }

  it('runs as an unprivileged user, keeps data in a volume, and holds no shell', () => {
    expect(config.User).toBe('10001:10001');
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(config.WorkingDir).toBe('/data');
    expect(config.Entrypoint).toEqual(['/app/launchboard']);
    expect(config.Cmd).toEqual(['serve']);
    expect(healthcheck).toEqual(['CMD', '/app/launchboard', 'healthcheck']);
    expect(statSync(join(fs, 'data')).uid).toBe(10001);
    for (const tool of ['bin/sh', 'bin/bash', 'usr/bin/env']) expect(existsSync(join(fs, tool)), tool).toBe(false);
  });

  it('serves from its own filesystem: /readyz, the API, its health check, and a 0600 database in /data', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const [command, args] = inImage([...config.Entrypoint, ...config.Cmd]);
    const served = await serveUntilReady(command, args, {
      cwd: work,
      env: imageEnv({ PORT: String(port) }),
      probe: `${base}/readyz`,
      timeoutMs: 60_000,
    });
    running.push(served);
    const ready = (await (await fetch(`${base}/readyz`)).json()) as { status: string };
    expect(ready.status).toBe('ready');
    expect((await fetch(`${base}/api/v1/site`)).status).toBe(200);

    const [hcCommand, hcArgs] = inImage(healthcheck.slice(1));
    const check = spawnSync(hcCommand, hcArgs, { env: imageEnv({ PORT: String(port) }), encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    const database = statSync(join(fs, 'data', 'launchboard.db'));
    expect(database.uid).toBe(10001);
    expect(database.mode & 0o777).toBe(0o600);
    await served.stop();

    // Stopped, the health check says so.
    const down = spawnSync(hcCommand, hcArgs, { env: imageEnv({ PORT: String(port) }), encoding: 'utf8' });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain('did not answer');
  });
});
