// Shared by the distribution tests: build scripts, free ports, processes that
// serve HTTP and are stopped (with their children) afterwards.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const run = promisify(execFile);

/** Runs scripts/<name> (build-exe.ts, build-mcpb.ts, build-image.ts) with its output in `outDir`. */
export async function runBuild(script: string, outDir: string, options: string[] = []): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...options, outDir], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    // Printed at once: vitest reports a failed beforeAll only in its summary, which a crashed run never prints.
    console.error(`scripts/${script} failed:`, err);
    throw err;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Served {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from the probed URL. */
  startupMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Spawns a server in its own process group and waits until `probe` answers
 * 200. stop() sends SIGTERM to the whole group (npx starts node as a child)
 * and waits for the spawned process to exit.
 */
export async function serveUntilReady(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; probe: string; timeoutMs?: number },
): Promise<Served> {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = started + (opts.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before serving:\n${out}`);
    try {
      const res = await fetch(opts.probe);
      await res.arrayBuffer();
      if (res.status === 200) return { child, startupMs: Date.now() - started, output: () => out, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await stop();
  throw new Error(`${command} did not answer ${opts.probe} in time:\n${out}`);
}
