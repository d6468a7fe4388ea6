// The CLI as an operator uses it: admin commands against a real database file
// (or a throwaway PostgreSQL database), then `serve` answering HTTP.
import { get as httpGet } from 'node:http';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/dialect.js';
import { testDatabaseUrl } from '../helpers/context.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'lb-cli-'));
let database: { url: string; drop(): Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await testDatabaseUrl({ sqliteFile: join(dir, 'cli.db') });
  env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
});
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The status of one GET sent on a connection of its own. */
function statusOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

const cli = (...args: string[]) => run(process.execPath, ['bin/launchboard.js', ...args], { env });

describe('launchboard CLI', () => {
  it('migrates, sets a price and lists it', async () => {
    expect((await cli('migrate')).stdout).toContain('migrated');
    await cli('admin', 'price', 'set', 'launch', '4900', '--name', 'Paid launch');
    expect((await cli('admin', 'price', 'list')).stdout).toContain('launch\t4900\tPaid launch');
  });

  it('refuses a price that is not whole cents with a usage error', async () => {
    await expect(cli('admin', 'price', 'set', 'launch', '49.99')).rejects.toMatchObject({ code: 2 });
  });

  it('creates a user and an API key, printing the key alone on the last line', async () => {
    await cli('admin', 'user', 'create', '--email', 'maker@example.com', '--password', 'correct horse');
    const { stdout } = await cli(
      'admin',
      'apikey',
      'create',
      '--email',
      'maker@example.com',
      '--scopes',
      'account:read,listings:write',
    );
    const lastLine = stdout.trim().split('\n').at(-1)!;
    expect(lastLine).toMatch(/^lb_[A-Za-z0-9_-]{20,}$/);
    // The admin vouches for the address: it counts as confirmed (no mail to wait for).
    const db = openDatabase(database.url);
    try {
      const user = await db.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', 'maker@example.com')
        .executeTakeFirstOrThrow();
      expect(user.email_verified_at).not.toBeNull();
    } finally {
      await db.db.destroy();
    }
  });

  it('prints the review feed of listing edits', async () => {
    const { stdout } = await cli('admin', 'changes');
    expect(stdout).toBe(''); // no edits yet: an empty feed, not an error
  });

  it('rejects an unknown scope', async () => {
    await expect(
      cli('admin', 'apikey', 'create', '--email', 'maker@example.com', '--scopes', 'everything'),
    ).rejects.toMatchObject({ code: 2 });
  });

  it('prints its version and the Node it runs on', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const lts = process.release.lts ? `, LTS ${process.release.lts}` : '';
    expect((await cli('--version')).stdout).toBe(`launchboard ${version} (Node ${process.version}${lts})\n`);
  });

  it('serves REST with the seeded demo directory and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['bin/launchboard.js', 'serve', '--demo', '--port', '0'], { env });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /REST:\s+(\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    try {
      // The printed MCP URL is the resource the OAuth metadata names, so an MCP client accepts it.
      const mcp = /MCP:\s+(\S+)/.exec(out)![1]!;
      const metadata = await (await fetch(`${new URL(mcp).origin}/.well-known/oauth-protected-resource/mcp`)).json();
      expect(metadata.resource).toBe(mcp);
      const site = await (await fetch(`${url}/site`)).json();
      // A price was set before, so the database was not empty of products, but it had no listings: the demo was seeded.
      expect(site.counts.live_listings).toBeGreaterThanOrEqual(200);
      expect(site.counts.categories).toBeGreaterThanOrEqual(20);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
  it('serves from several HTTP worker processes with --workers, and stops them all on SIGTERM', async () => {
    const child = spawn(process.execPath, ['bin/launchboard.js', 'serve', '--workers', '2', '--port', '0'], {
      env: { ...env, RATE_LIMIT_FAILED_AUTH: '5' },
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /REST:\s+(\S+)[\s\S]*Workers: 2 HTTP processes/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${url}/site`).then((r) => r.status)));
      expect(answers.every((status) => status === 200)).toBe(true);
      // One limit for all the processes: each guess on a new connection, which the OS gives to any worker.
      // (Windows are whole minutes of the server's clock: start in a fresh one, so all twelve fall in it.)
      if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
      const guesses: number[] = [];
      for (let i = 0; i < 12; i++)
        guesses.push(await statusOnNewConnection(`${url}/me`, { authorization: 'Bearer lb_wrong' }));
      expect(guesses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    } finally {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    await expect(fetch(`${url}/site`)).rejects.toThrow();
  });
});
