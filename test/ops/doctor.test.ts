// `launchboard doctor`'s checks: against real SQLite files (and a throwaway
// PostgreSQL database when TEST_DATABASE_URL names a server), each problem
// an operator can have, and what the report says about it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openSqliteFile } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createKeyStore } from '../../src/oauth/keys.js';
import {
  diskCheck,
  formatDoctorReport,
  imagesCheck,
  issuerCheck,
  mailCheck,
  paymentsCheck,
  publicUrlCheck,
  runDoctor,
  type Check,
} from '../../src/ops/doctor.js';
import { throwawayPostgres } from '../helpers/context.js';

const dir = mkdtempSync(join(tmpdir(), 'lb-doctor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GiB = 1024 ** 3;
const plentyOfDisk = async () => 20 * GiB;
let n = 0;

/** A migrated SQLite file; `then` may change it before the doctor looks. */
async function migratedFile(then?: (db: ReturnType<typeof openDatabase>) => Promise<void>): Promise<string> {
  const url = `sqlite:${join(dir, `db-${++n}.db`)}`;
  const database = openDatabase(url);
  await migrateToLatest(database);
  await then?.(database);
  await database.db.destroy();
  return url;
}

const byName = (checks: Check[], name: string) => checks.find((c) => c.name === name);

describe('runDoctor', () => {
  it('passes a migrated SQLite database with a correct public URL; test modes are warnings', async () => {
    const url = await migratedFile();
    const checks = await runDoctor(
      { DATABASE_URL: url, PUBLIC_URL: 'https://launch.example.com' },
      { freeBytes: plentyOfDisk },
    );
    expect(checks.map((c) => c.name)).toEqual([
      'configuration',
      'database',
      'migrations',
      'signing keys',
      'public URL',
      'OAuth issuer',
      'mail',
      'payments',
      'images',
      'disk space',
    ]);
    expect(checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(byName(checks, 'migrations')).toMatchObject({ status: 'ok', message: `all ${migrations.length} applied` });
    expect(byName(checks, 'signing keys')!.status).toBe('warn');
    expect(byName(checks, 'mail')!.status).toBe('warn');
    expect(byName(checks, 'payments')!.status).toBe('warn');
    expect(byName(checks, 'disk space')).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('20.0 GiB free'),
    });
  });

  it('fails a missing database file without creating it', async () => {
    const file = join(dir, 'nowhere', 'missing.db');
    const checks = await runDoctor({ DATABASE_URL: `sqlite:${file}` }, { freeBytes: plentyOfDisk });
    expect(byName(checks, 'database')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('run `launchboard migrate`'),
    });
    expect(byName(checks, 'migrations')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('fails a database that was never migrated', async () => {
    const file = join(dir, 'empty.db');
    openSqliteFile(file).close();
    const checks = await runDoctor({ DATABASE_URL: `sqlite:${file}` }, { freeBytes: plentyOfDisk });
    expect(byName(checks, 'database')!.status).toBe('ok');
    expect(byName(checks, 'migrations')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('never been migrated'),
    });
    expect(byName(checks, 'signing keys')).toBeUndefined();
  });

  it('names pending migrations, and warns about ones from a newer version', async () => {
    const last = migrations.at(-1)!.name;
    const pending = await migratedFile((d) =>
      d.db
        .deleteFrom('launchboard_migrations')
        .where('name', '=', last)
        .execute()
        .then(() => undefined),
    );
    const checks = await runDoctor({ DATABASE_URL: pending }, { freeBytes: plentyOfDisk });
    expect(byName(checks, 'migrations')).toMatchObject({
      status: 'fail',
      message: `1 pending (${last}): run \`launchboard migrate\``,
    });

    const newer = await migratedFile((d) =>
      d.db
        .insertInto('launchboard_migrations')
        .values({ name: '9999_future', applied_at: new Date().toISOString() })
        .execute()
        .then(() => undefined),
    );
    expect(byName(await runDoctor({ DATABASE_URL: newer }, { freeBytes: plentyOfDisk }), 'migrations')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('9999_future'),
    });
  });

  it('reports signing keys in service, and a key that cannot be read', async () => {
    const withKey = await migratedFile(async (d) => {
      await createKeyStore({ db: d.db, clock: systemClock }).current();
    });
    expect(
      byName(await runDoctor({ DATABASE_URL: withKey }, { freeBytes: plentyOfDisk }), 'signing keys'),
    ).toMatchObject({
      status: 'ok',
      message: '1 in service (ES256)',
    });

    const broken = await migratedFile(async (d) => {
      await createKeyStore({ db: d.db, clock: systemClock }).current();
      await d.db.updateTable('signing_keys').set({ private_jwk: '{"kty":"EC"}' }).execute();
    });
    expect(byName(await runDoctor({ DATABASE_URL: broken }, { freeBytes: plentyOfDisk }), 'signing keys')!.status).toBe(
      'fail',
    );
  });

  it('reports a configuration that does not parse, and nothing else', async () => {
    const checks = await runDoctor({ PORT: 'eighty' });
    expect(checks).toEqual([{ name: 'configuration', status: 'fail', message: expect.stringContaining('PORT') }]);
  });

  it('fails a PostgreSQL server it cannot reach, in plain words', async () => {
    const checks = await runDoctor(
      { DATABASE_URL: 'postgres://launchboard@127.0.0.1:1/launchboard' },
      { databaseTimeoutMs: 5_000 },
    );
    expect(byName(checks, 'database')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('cannot reach PostgreSQL'),
    });
    expect(byName(checks, 'disk space')).toBeUndefined();
  });

  it.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('passes a migrated PostgreSQL database', async () => {
    const pg = await throwawayPostgres(process.env.TEST_DATABASE_URL!);
    try {
      const database = openDatabase(pg.url);
      await migrateToLatest(database);
      await database.db.destroy();
      const checks = await runDoctor({ DATABASE_URL: pg.url, PUBLIC_URL: 'https://launch.example.com' });
      expect(byName(checks, 'database')!.status).toBe('ok');
      expect(byName(checks, 'migrations')!.status).toBe('ok');
      expect(byName(checks, 'disk space')).toBeUndefined();
    } finally {
      await pg.drop();
    }
  });
});

describe('configuration checks', () => {
  const config = (env: NodeJS.ProcessEnv) => loadConfig(env);

  it('public URL: unset warns; http on a public host, a path or a host /mcp refuses fail; https passes', () => {
    expect(publicUrlCheck(config({}), {}).status).toBe('warn');
    const http = { PUBLIC_URL: 'http://launch.example.com' };
    expect(publicUrlCheck(config(http), http)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('https'),
    });
    const local = { PUBLIC_URL: 'http://127.0.0.1:3000' };
    expect(publicUrlCheck(config(local), local).status).toBe('ok');
    const path = { PUBLIC_URL: 'https://example.com/launchboard' };
    expect(publicUrlCheck(config(path), path)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('/launchboard'),
    });
    const hosts = { PUBLIC_URL: 'https://launch.example.com', ALLOWED_HOSTS: 'localhost' };
    expect(publicUrlCheck(config(hosts), hosts)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ALLOWED_HOSTS'),
    });
    const good = { PUBLIC_URL: 'https://Launch.Example.com/' };
    expect(publicUrlCheck(config(good), good)).toEqual({
      name: 'public URL',
      status: 'ok',
      message: 'https://Launch.Example.com',
    });
  });

  it('OAuth issuer: the embedded server names PUBLIC_URL; an external issuer must be https and not PUBLIC_URL itself', () => {
    const base = { PUBLIC_URL: 'https://launch.example.com' };
    expect(issuerCheck(config(base))).toMatchObject({
      status: 'ok',
      message:
        'this server (https://launch.example.com) issues tokens for https://launch.example.com/mcp and https://launch.example.com/api/v1',
    });
    expect(issuerCheck(config({ ...base, OAUTH_ISSUER: 'https://launch.example.com/' })).status).toBe('fail');
    expect(issuerCheck(config({ ...base, OAUTH_ISSUER: 'http://id.example.com' })).status).toBe('fail');
    expect(issuerCheck(config({ ...base, OAUTH_ISSUER: 'https://id.example.com' })).status).toBe('ok');
  });

  it('mail: no SMTP is test mode; an SMTP URL names its host', () => {
    expect(mailCheck(config({})).status).toBe('warn');
    expect(
      mailCheck(config({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'Launch <hi@example.com>' })),
    ).toEqual({
      name: 'mail',
      status: 'ok',
      message: 'sent through smtps://mail.example.com:465 from Launch <hi@example.com>',
    });
    expect(mailCheck(config({ SMTP_URL: 'https://mail.example.com' })).status).toBe('fail');
  });

  it('payments: the test provider and Stripe test keys warn; live keys pass; anything else fails', () => {
    const stripe = (key: string) => config({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(paymentsCheck(config({})).status).toBe('warn');
    expect(paymentsCheck(stripe('sk_test_abc')).status).toBe('warn');
    expect(paymentsCheck(stripe('sk_live_abc'))).toMatchObject({ status: 'ok', message: 'Stripe, live mode' });
    expect(paymentsCheck(stripe('pk_live_abc')).status).toBe('fail');
  });

  it('disk space: under 100 MiB fails, under 1 GiB warns', async () => {
    const file = join(dir, 'disk.db');
    const free = (bytes: number) => async () => bytes;
    expect((await diskCheck(file, free(50 * 1024 ** 2))).status).toBe('fail');
    expect((await diskCheck(file, free(500 * 1024 ** 2))).status).toBe('warn');
    expect(await diskCheck(file, free(3 * GiB))).toEqual({
      name: 'disk space',
      status: 'ok',
      message: '3.0 GiB free beside the database (no database file yet)',
    });
  });

  it('images: sharp loads and re-encodes an image, or it fails saying what cannot be stored', async () => {
    expect(await imagesCheck()).toEqual({
      name: 'images',
      status: 'ok',
      message: expect.stringMatching(
        /^sharp \d+\.\d+\.\d+ with libvips \d+\.\d+\.\d+ re-encodes logos and screenshots$/,
      ),
    });
    const missing = async () => {
      throw new Error("Cannot find module 'sharp'\nRequire stack: …");
    };
    expect(await imagesCheck(missing)).toEqual({
      name: 'images',
      status: 'fail',
      message: "sharp cannot load (Cannot find module 'sharp'): logos and screenshots cannot be stored",
    });
  });
});

describe('formatDoctorReport', () => {
  it('prints one aligned line a check and the tally', () => {
    const report = formatDoctorReport([
      { name: 'database', status: 'ok', message: 'sqlite:x answers' },
      { name: 'mail', status: 'warn', message: 'test mode' },
      { name: 'migrations', status: 'fail', message: 'run `launchboard migrate`' },
    ]);
    expect(report).toBe(
      'ok    database    sqlite:x answers\nwarn  mail        test mode\nFAIL  migrations  run `launchboard migrate`\n\n1 ok, 1 warning, 1 failure\n',
    );
  });
});
