// The servers under test run as child processes, so the load generator in the
// bench process does not share their event loop or core. Spawning, waiting for
// the first 200, peak RSS and stopping live here.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from there so tsx and node_modules resolve. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** CI listens on this one; never hand it out. */
const RESERVED_PORT = 3917;

/** A port free on 127.0.0.1 right now (the kernel's choice, never the reserved one). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const found = typeof address === 'object' && address ? address.port : 0;
        probe.close(() => resolve(found));
      });
    });
    if (port !== RESERVED_PORT) return port;
  }
}

/** The environment of `serve` on a bench database: local, quiet, and rate limits out of the way of the load. */
export function serveEnv(dbFile: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: `sqlite:${dbFile}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ANONYMOUS: '100000000',
    RATE_LIMIT_SIGNED_IN: '100000000',
  };
}

export interface RunningServer {
  name: string;
  baseUrl: string;
  pid: number;
  /** From spawn to the first 200 on the ready path, in milliseconds. */
  startupMs: number;
  /** The last 8,000 characters it wrote (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A benchmark that throws must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns `node <args>` (or `command <args>`) in the repository root and resolves once
 * `GET <readyPath>` answers 200 (or rejects with the child's output when it
 * exits first or takes longer than `timeoutMs`).
 */
export async function startServer(opts: {
  name: string;
  /** The program to run (default: this Node). */
  command?: string;
  args: string[];
  port: number;
  readyPath: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const started = performance.now();
  const child = spawn(opts.command ?? process.execPath, opts.args, {
    cwd: repoRoot,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => running.delete(child));

  const deadline = started + (opts.timeoutMs ?? 120_000);
  let exitCode: number | null | undefined;
  exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${opts.name} exited (${exitCode}) before answering:\n${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${opts.name} did not answer 200 on ${opts.readyPath} in time:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}${opts.readyPath}`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;

  return {
    name: opts.name,
    baseUrl,
    pid: child.pid!,
    startupMs,
    output: () => output,
    stop: async () => {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * CPU time the process has used (user + system, all its threads) in
 * milliseconds, or undefined where /proc is missing. /proc counts clock ticks,
 * 100 a second on Linux.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    // The fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The process's peak resident set (VmHWM) in MB, or undefined where /proc is missing. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
