// `launchboard doctor`: checks a deployment and says what is wrong in plain
// words. Each check is ok, warn (works, but maybe not as intended: test
// modes, defaults) or fail (something will not work). It reads the
// configuration and the database and changes nothing: no migrations run and
// no database file is created.
import { existsSync, statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import { isPostgresUrl, openDatabase, sqlitePath, type OpenDatabase } from '../../db/dialect.js';
import { migrations } from '../../db/migrations/index.js';
import { migrationState } from '../../db/migrate.js';
import { resourceUrl } from '../auth/resources.js';
import { loadConfig, type Config } from '../config.js';
import { SIGNING_ALG } from '../oauth/keys.js';
import { imageLibraryWorks } from '../media/process.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  name: string;
  status: CheckStatus;
  message: string;
}

export interface DoctorOptions {
  /** Free bytes on the file system holding `path` (tests pass a fake). */
  freeBytes?: (path: string) => Promise<number>;
  /** How long to wait for the database to answer (default 10 s). */
  databaseTimeoutMs?: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** Below this, SQLite writes (and its WAL) are about to fail. */
const DISK_FAIL_BYTES = 100 * MiB;
const DISK_WARN_BYTES = GiB;

const check = (name: string, status: CheckStatus, message: string): Check => ({ name, status, message });

async function statfsFree(path: string): Promise<number> {
  const s = await statfs(path);
  return s.bavail * s.bsize;
}

function size(bytes: number): string {
  return bytes >= GiB ? `${(bytes / GiB).toFixed(1)} GiB` : `${Math.round(bytes / MiB)} MiB`;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** PUBLIC_URL: set, https off this machine, the site at its root. */
export function publicUrlCheck(config: Config, env: NodeJS.ProcessEnv): Check {
  if (!env.PUBLIC_URL) {
    return check(
      'public URL',
      'warn',
      `PUBLIC_URL is not set: links, the OAuth issuer and the resource URLs use ${config.publicUrl}, which works only on this machine`,
    );
  }
  const url = new URL(config.publicUrl);
  if (url.search || url.hash)
    return check(
      'public URL',
      'fail',
      `PUBLIC_URL ${env.PUBLIC_URL} has a query or fragment: give the site's address alone`,
    );
  if (url.pathname !== '/' && url.pathname !== '') {
    return check(
      'public URL',
      'fail',
      `PUBLIC_URL ${env.PUBLIC_URL} has a path (${url.pathname}): Launchboard serves its pages, /mcp and /oauth at the root of its own host`,
    );
  }
  if (url.protocol !== 'https:' && !isLoopback(url.hostname)) {
    return check(
      'public URL',
      'fail',
      `PUBLIC_URL ${config.publicUrl} is http on a public host: OAuth clients require https, so MCP sign-in will fail`,
    );
  }
  // The same comparison as the /mcp Host guard (src/http/middleware.ts): host names, any case.
  const hosts = config.allowedHosts;
  if (!hosts.map((h) => h.toLowerCase()).includes(url.hostname.toLowerCase())) {
    return check(
      'public URL',
      'fail',
      `ALLOWED_HOSTS (${hosts.join(', ')}) leaves out ${url.hostname}: requests to ${config.publicUrl}/mcp will be refused`,
    );
  }
  return check('public URL', 'ok', `${config.publicUrl}`);
}

/** The issuer tokens name and the resources they are for must agree with PUBLIC_URL. */
export function issuerCheck(config: Config): Check {
  const resources = `${resourceUrl(config, 'mcp')} and ${resourceUrl(config, 'api')}`;
  if (!config.oauthIssuer)
    return check('OAuth issuer', 'ok', `this server (${config.publicUrl}) issues tokens for ${resources}`);
  const issuer = new URL(config.oauthIssuer);
  if (config.oauthIssuer.replace(/\/+$/, '') === config.publicUrl) {
    return check(
      'OAuth issuer',
      'fail',
      `OAUTH_ISSUER is this server's own PUBLIC_URL, which turns the built-in authorization server off: unset OAUTH_ISSUER to use it`,
    );
  }
  if (issuer.protocol !== 'https:' && !isLoopback(issuer.hostname)) {
    return check(
      'OAuth issuer',
      'fail',
      `OAUTH_ISSUER ${config.oauthIssuer} is not https: its tokens cannot be trusted`,
    );
  }
  return check(
    'OAuth issuer',
    'ok',
    `tokens come from ${config.oauthIssuer} and must name ${resources} as their audience`,
  );
}

async function migrationCheck(database: OpenDatabase): Promise<Check> {
  const tables = await database.db.introspection.getTables();
  if (!tables.some((t) => t.name === 'launchboard_migrations')) {
    return check('migrations', 'fail', 'the database has never been migrated: run `launchboard migrate`');
  }
  const { pending, unknown } = await migrationState(database.db);
  if (pending.length > 0)
    return check(
      'migrations',
      'fail',
      `${pending.length} pending (${pending.join(', ')}): run \`launchboard migrate\``,
    );
  if (unknown.length > 0) {
    return check(
      'migrations',
      'warn',
      `the database has migrations this version does not know (${unknown.join(', ')}): a newer Launchboard migrated it`,
    );
  }
  return check('migrations', 'ok', `all ${migrations.length} applied`);
}

async function signingKeyCheck(database: OpenDatabase, config: Config): Promise<Check> {
  if (config.oauthIssuer) return check('signing keys', 'ok', `not used: ${config.oauthIssuer} signs the tokens`);
  const keys = await database.db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk'])
    .where('retired_at', 'is', null)
    .execute();
  if (keys.length === 0)
    return check('signing keys', 'warn', 'none yet: one is generated and stored when the first token is issued');
  for (const key of keys) {
    try {
      await importJWK(JSON.parse(key.private_jwk) as JWK, SIGNING_ALG);
    } catch {
      return check(
        'signing keys',
        'fail',
        `key ${key.kid} cannot be read: tokens signed with it will fail; retire it (set retired_at)`,
      );
    }
  }
  return check('signing keys', 'ok', `${keys.length} in service (${SIGNING_ALG})`);
}

export function mailCheck(config: Config): Check {
  if (!config.smtpUrl)
    return check(
      'mail',
      'warn',
      'SMTP_URL is not set: mail stays in the outbox table and nobody receives it (test mode)',
    );
  const url = new URL(config.smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return check('mail', 'fail', `SMTP_URL must be smtp:// or smtps://, not ${url.protocol}`);
  return check('mail', 'ok', `sent through ${url.protocol}//${url.host} from ${config.mailFrom}`);
}

export function paymentsCheck(config: Config): Check {
  if (!config.stripe)
    return check(
      'payments',
      'warn',
      'Stripe is not configured: the test payment provider marks checkouts paid without charging anyone',
    );
  const key = config.stripe.secretKey;
  if (key.startsWith('sk_live_') || key.startsWith('rk_live_')) return check('payments', 'ok', 'Stripe, live mode');
  if (key.startsWith('sk_test_') || key.startsWith('rk_test_'))
    return check('payments', 'warn', 'Stripe test mode: checkouts use test cards and nothing is charged');
  return check('payments', 'fail', 'STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_live_… or sk_test_…)');
}

export async function diskCheck(databaseFile: string, freeBytes: (path: string) => Promise<number>): Promise<Check> {
  const free = await freeBytes(dirname(databaseFile));
  const used = existsSync(databaseFile) ? `the database: ${size(statSync(databaseFile).size)}` : 'no database file yet';
  const message = `${size(free)} free beside the database (${used})`;
  if (free < DISK_FAIL_BYTES)
    return check('disk space', 'fail', `${message}: SQLite writes will soon fail; free space or move DATABASE_URL`);
  if (free < DISK_WARN_BYTES) return check('disk space', 'warn', `${message}: less than 1 GiB left`);
  return check('disk space', 'ok', message);
}

/** Logos and screenshots are re-encoded by sharp, a native library: it must load here. */
export async function imagesCheck(works: () => Promise<string> = imageLibraryWorks): Promise<Check> {
  try {
    return check('images', 'ok', `${await works()} re-encodes logos and screenshots`);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return check('images', 'fail', `sharp cannot load (${reason}): logos and screenshots cannot be stored`);
  }
}

/** Every check, in the order a person fixes them. */
export async function runDoctor(env: NodeJS.ProcessEnv = process.env, opts: DoctorOptions = {}): Promise<Check[]> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    return [check('configuration', 'fail', err instanceof Error ? err.message.replace(/\n\s*/g, ' ') : String(err))];
  }
  const checks: Check[] = [check('configuration', 'ok', 'the environment parses')];
  const url = config.databaseUrl;
  const postgres = isPostgresUrl(url);
  const file = postgres ? null : sqlitePath(url);

  let database: OpenDatabase | null = null;
  if (file === ':memory:') {
    checks.push(
      check('database', 'warn', 'DATABASE_URL is an in-memory database: everything is lost when the process stops'),
    );
  } else if (file && !existsSync(file)) {
    checks.push(
      check(
        'database',
        'fail',
        `no database file at ${resolve(file)}: run \`launchboard migrate\` (or check DATABASE_URL)`,
      ),
    );
  } else {
    try {
      database = openDatabase(url);
      await withTimeout(sql`select 1`.execute(database.db), opts.databaseTimeoutMs ?? 10_000, 'the database');
      checks.push(check('database', 'ok', `${database.label} answers`));
    } catch (err) {
      checks.push(
        check(
          'database',
          'fail',
          `${postgres ? 'cannot reach PostgreSQL' : `cannot open ${file}`}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
      await database?.db.destroy().catch(() => undefined);
      database = null;
    }
  }
  if (database) {
    try {
      const migrated = await migrationCheck(database);
      checks.push(migrated);
      // Without every migration the key table may not exist yet; the failure above says what to do.
      if (migrated.status !== 'fail') checks.push(await signingKeyCheck(database, config));
    } finally {
      await database.db.destroy();
    }
  }

  checks.push(publicUrlCheck(config, env), issuerCheck(config), mailCheck(config), paymentsCheck(config));
  checks.push(await imagesCheck());
  if (file && file !== ':memory:' && existsSync(dirname(resolve(file))))
    checks.push(await diskCheck(resolve(file), opts.freeBytes ?? statfsFree));
  return checks;
}

/** The report a person reads: one line a check, then the tally. */
export function formatDoctorReport(checks: Check[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const mark: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };
  const lines = checks.map((c) => `${mark[c.status]}  ${c.name.padEnd(width)}  ${c.message}`);
  const count = (s: CheckStatus, noun: string) => {
    const n = checks.filter((c) => c.status === s).length;
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  lines.push(
    '',
    `${checks.filter((c) => c.status === 'ok').length} ok, ${count('warn', 'warning')}, ${count('fail', 'failure')}`,
  );
  return `${lines.join('\n')}\n`;
}
