// `launchboard serve` as a child process on a given database, for the
// reliability suites (crash, shutdown, backup): start it, wait for its
// banner, kill it hard or stop it gracefully, and call its REST API.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const STARTUP_MS = 40_000;

export interface ServeProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  log(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
// A failed test must not leave servers behind.
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The environment of a child: the database, a quiet log, nothing from the outside that changes behaviour. */
export function childEnv(databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'TEST_DATABASE_URL',
    'PORT',
    'HOST',
    'PUBLIC_URL',
    'ALLOWED_HOSTS',
    'LAUNCHBOARD_API_KEY',
    'RATE_LIMIT_SIGNED_IN',
    'RATE_LIMIT_ANONYMOUS',
    'RATE_LIMIT_FAILED_AUTH',
    'OAUTH_ISSUER',
    'SMTP_URL',
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_BASE_URL',
    'DNS_SERVERS',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ])
    delete env[key];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Load tests: no client here should meet the rate limit.
    RATE_LIMIT_SIGNED_IN: '1000000',
    RATE_LIMIT_ANONYMOUS: '1000000',
    RATE_LIMIT_FAILED_AUTH: '1000000',
    LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
    ...extra,
  };
}

/** Starts `serve --port 0` and resolves once its banner names the port it listens on. */
export async function startServe(
  databaseUrl: string,
  opts: { env?: NodeJS.ProcessEnv; args?: string[] } = {},
): Promise<ServeProcess> {
  let log = '';
  const child = spawn(process.execPath, ['bin/launchboard.js', 'serve', '--port', '0', ...(opts.args ?? [])], {
    env: childEnv(databaseUrl, opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stderr!.on('data', (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not start within ${STARTUP_MS} ms:\n${log}`)),
      STARTUP_MS,
    );
    child.stdout!.on('data', (d) => {
      log += d;
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before listening:\n${log}`));
    });
  });
  return { child, url, log: () => log, exited };
}

/** SIGKILL: the process gets no chance to finish anything. */
export async function killHard(serve: ServeProcess): Promise<void> {
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
  await serve.exited;
}

/** SIGTERM, the graceful stop; resolves with how the process ended. */
export async function stopGracefully(
  serve: ServeProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGTERM');
  return serve.exited;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** One REST call; a refused or reset connection answers status 0 instead of throwing. */
export async function api(
  base: string,
  method: string,
  path: string,
  opts: { auth?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  try {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        ...opts.auth,
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body };
  } catch {
    return { status: 0, headers: new Headers(), body: null };
  }
}

const run = promisify(execFile);

/** Runs the CLI on `databaseUrl`; resolves with its exit code and output (never throws on a non-zero exit). */
export async function cli(
  databaseUrl: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/launchboard.js', ...args], {
      env: childEnv(databaseUrl, { LOG_LEVEL: 'silent' }),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
