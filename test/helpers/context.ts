// A fresh migrated database per test file, on SQLite (in memory) by default or
// on a throwaway PostgreSQL database when TEST_DATABASE_URL names a server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import { ensureMainSite } from '../../src/directory/sites.js';

export const TEST_NOW = '2026-11-22T12:00:00.000Z';

export type TestContext = Context & { clock: ReturnType<typeof fixedClock>; close(): Promise<void> };

/** Creates a throwaway PostgreSQL database and returns its URL and a dropper. */
export async function throwawayPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // pool.end() resolves before the server has seen every session close;
      // dropping at once would kill a closing session mid-teardown. Wait
      // (bounded) for the sessions to go, then force whatever is left.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The test database: a throwaway PostgreSQL one when TEST_DATABASE_URL names a
 * server, else SQLite, in memory or, for tests whose child processes must
 * share it, in `sqliteFile`.
 */
export async function testDatabaseUrl(
  opts: { sqliteFile?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base && /^postgres/.test(base)) return throwawayPostgres(base);
  return { url: opts.sqliteFile ? `sqlite:${opts.sqliteFile}` : 'sqlite::memory:', drop: async () => undefined };
}

export async function testContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await testDatabaseUrl();
  const config = loadConfig(
    { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    { publicUrl: 'http://localhost:3000', ...overrides },
  );
  const clock = fixedClock(TEST_NOW);
  // A steady timer: no build counts as slow, so a write shows at once however loaded the machine.
  const ctx = await buildContext(config, { clock, logger: pino({ level: 'silent' }), timer: () => 0 });
  await ensureMainSite(ctx);
  return {
    ...ctx,
    clock,
    close: async () => {
      await ctx.close();
      await database.drop();
    },
  };
}
