// A real `launchboard serve --demo` for the OpenAPI checks (Prism, Portman):
// its own temporary SQLite database, a free port on 127.0.0.1, a fixture
// product site it may crawl, and a signed-in user with an all-scopes API key
// made by the admin CLI.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'bin/launchboard.js');

export interface DemoServer {
  /** http://127.0.0.1:PORT (the site; the API is under /api/v1). */
  url: string;
  /** A product website on 127.0.0.1 the server may crawl (submit_listing). */
  siteUrl: string;
  /** An API key of `email` with every scope. */
  apiKey: string;
  email: string;
  dir: string;
  logFile: string;
  /** Creates another API key of `email` with these scopes. */
  createApiKey(scopes: string[]): Promise<string>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A one-page product site with robots.txt, so drafting works offline. */
async function fixtureSite(): Promise<{ server: Server; url: string }> {
  const page = `<!doctype html><html lang="en"><head><title>Gridnote — notes that line up</title>
<meta name="description" content="Gridnote is a notes app that lays notes out on a grid for teams.">
</head><body><h1>Gridnote</h1><p>Notes that line up. Gridnote lays out your team's notes on a shared grid.</p>
<h2>Pricing</h2><p>Free for individuals, $8 per user per month for teams.</p><p>Contact: hello@gridnote.test</p></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    } else if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

export async function waitFor(url: string, seconds: number, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startDemoServer(extraEnv: Record<string, string> = {}): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'lb-openapi-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const site = await fixtureSite();
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'launchboard.db')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ANONYMOUS: '100000',
    RATE_LIMIT_SIGNED_IN: '100000',
    RATE_LIMIT_FAILED_AUTH: '100000',
    // The fixture product site is on 127.0.0.1.
    LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
    // Claim checks look TXT records up here: a closed local port, so they fail fast and offline.
    DNS_SERVERS: '127.0.0.1:9',
    ...extraEnv,
  };
  const logFile = join(dir, 'serve.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [CLI, 'serve', '--demo'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const stop = async () => {
    await stopProcess(child);
    await new Promise((r) => site.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/v1/site`, 90, child);
    const email = 'openapi-check@example.com';
    const run = promisify(execFile);
    await run(
      process.execPath,
      [
        CLI,
        'admin',
        'user',
        'create',
        '--email',
        email,
        '--password',
        'correct horse battery staple',
        '--name',
        'OpenAPI Check',
      ],
      { cwd: ROOT, env },
    );
    const createApiKey = async (scopes: string[]) => {
      const { stdout } = await run(
        process.execPath,
        [CLI, 'admin', 'apikey', 'create', '--email', email, '--scopes', scopes.join(','), '--name', 'openapi check'],
        { cwd: ROOT, env },
      );
      const key = stdout.trim().split('\n').at(-1)!;
      if (!key.startsWith('lb_')) throw new Error(`admin apikey create printed no key:\n${stdout}`);
      return key;
    };
    const apiKey = await createApiKey(['account:read', 'listings:write', 'orders:write']);
    return { url, siteUrl: site.url, apiKey, email, dir, logFile, createApiKey, stop };
  } catch (err) {
    process.stderr.write(readFileSync(logFile, 'utf8'));
    await stop();
    throw err;
  }
}
