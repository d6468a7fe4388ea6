// `launchboard admin backup FILE` / `admin restore FILE` as an operator runs
// them: a round trip on a SQLite file (seed, back up, change, restore: the
// change is gone and the seeded rows are back), a backup taken while a
// server writes is sound, restore refuses while a server has the database
// open and refuses files that are not Launchboard databases. On PostgreSQL
// both commands print the pg_dump / pg_restore commands and exit non-zero.
// Starting a newer version on an older SQLite database copies it first.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, openSqliteFile, sqlitePath } from '../../db/dialect.js';
import { migrations } from '../../db/migrations/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildContext, type Context } from '../../src/context.js';
import {
  backupDatabase,
  BackupError,
  checkLaunchboardDatabase,
  postgresGuidance,
  restoreDatabase,
} from '../../src/ops/backup.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { testDatabaseUrl } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { userWithKey } from '../helpers/users.js';
import { api, cli, startServe, stopGracefully } from './serve-process.js';

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');

type Ctx = Context & { close(): Promise<void> };
const open = (url: string): Promise<Ctx> => buildContext(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }));

async function withDb<T>(url: string, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const ctx = await open(url);
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}

const slugs = (ctx: Context) =>
  ctx.db
    .selectFrom('listings')
    .select('slug')
    .orderBy('slug')
    .execute()
    .then((rows) => rows.map((r) => r.slug));

describe.skipIf(onPostgres)('admin backup and restore on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lb-backup-'));
  const databaseUrl = `sqlite:${join(dir, 'launchboard.db')}`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    await withDb(databaseUrl, async (ctx) => {
      await ensureMainSite(ctx);
      for (const slug of ['alpha', 'bravo', 'charlie']) await given(ctx).listing({ slug });
    });
  });

  it('round-trips: a restore brings back the backed-up rows and drops later changes', async () => {
    const backup = join(dir, 'round-trip.db');
    const taken = await cli(databaseUrl, 'admin', 'backup', backup);
    expect(taken).toMatchObject({ code: 0 });
    expect(taken.stdout).toMatch(/backed up to .*round-trip\.db \(\d+ bytes, \d+ migrations; integrity ok\)/);
    expect(checkLaunchboardDatabase(backup).migrations).toBeGreaterThan(0);
    // The database, its WAL and the backup hold credential hashes and signing keys: the owner's alone.
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(sqlitePath(databaseUrl))).toBe(0o600);
    expect(mode(backup)).toBe(0o600);

    // Changes after the backup: one listing gone, one renamed, one added.
    await withDb(databaseUrl, async (ctx) => {
      await ctx.db.deleteFrom('listings').where('slug', '=', 'alpha').execute();
      await ctx.db.updateTable('listings').set({ name: 'Changed' }).where('slug', '=', 'bravo').execute();
      await given(ctx).listing({ slug: 'delta' });
      expect(await slugs(ctx)).toEqual(['bravo', 'charlie', 'delta']);
      expect(mode(`${sqlitePath(databaseUrl)}-wal`)).toBe(0o600);
    });

    const restored = await cli(databaseUrl, 'admin', 'restore', backup);
    expect(restored).toMatchObject({ code: 0 });
    const previous = /kept at (\S+)/.exec(restored.stdout)?.[1];
    expect(previous && existsSync(previous)).toBe(true);
    expect(mode(sqlitePath(databaseUrl))).toBe(0o600);

    await withDb(databaseUrl, async (ctx) => {
      expect(await slugs(ctx)).toEqual(['alpha', 'bravo', 'charlie']);
      const bravo = await ctx.db
        .selectFrom('listings')
        .select('name')
        .where('slug', '=', 'bravo')
        .executeTakeFirstOrThrow();
      expect(bravo.name).not.toBe('Changed');
    });
    // The replaced database is intact beside it, with the later changes.
    await withDb(`sqlite:${previous}`, async (ctx) => expect(await slugs(ctx)).toEqual(['bravo', 'charlie', 'delta']));
  });

  // The refusals in-process (the CLI prints the same BackupError message and exits 1).
  it('refuses to overwrite a file, and refuses to restore what is not a sound Launchboard database', async () => {
    const existing = join(dir, 'existing.db');
    writeFileSync(existing, 'keep me');
    await expect(backupDatabase(databaseUrl, existing)).rejects.toThrow(/already exists/);

    const notSqlite = join(dir, 'not-sqlite.db');
    writeFileSync(notSqlite, 'x'.repeat(4096));
    await expect(restoreDatabase(databaseUrl, notSqlite)).rejects.toThrow(BackupError);

    const foreign = join(dir, 'foreign.db');
    const other = openSqliteFile(foreign);
    other.exec('create table notes (id integer primary key, body text)');
    other.close();
    await expect(restoreDatabase(databaseUrl, foreign)).rejects.toThrow(/not a Launchboard database/);

    const newer = join(dir, 'newer.db');
    await backupDatabase(databaseUrl, newer);
    const edited = openSqliteFile(newer);
    edited
      .prepare('insert into launchboard_migrations (name, applied_at) values (?, ?)')
      .run('9999_from_the_future', '2030-01-01');
    edited.close();
    await expect(restoreDatabase(databaseUrl, newer)).rejects.toThrow(/newer Launchboard .*9999_from_the_future/);

    await expect(restoreDatabase(databaseUrl, join(dir, 'missing.db'))).rejects.toThrow(/does not exist/);
    await expect(backupDatabase('sqlite::memory:', join(dir, 'mem.db'))).rejects.toThrow(/in-memory/);
    expect(await cli(databaseUrl, 'admin', 'backup')).toMatchObject({ code: 2 });
    // The database itself is untouched by the refusals.
    await withDb(databaseUrl, async (ctx) => expect(await slugs(ctx)).toEqual(['alpha', 'bravo', 'charlie']));
  });

  it('takes a sound backup while a server writes, and will not restore under the running server', async () => {
    const maker = await withDb(databaseUrl, async (ctx) => {
      const m = await userWithKey(ctx, ['listings:write']);
      const listingId = await given(ctx).listing({ slug: 'busy', fields: { owner_id: m.userId } });
      return { ...m, listingId };
    });
    const serve = await startServe(databaseUrl);
    try {
      // Edits stream in while the backup copies the pages.
      let writing = true;
      let acknowledged = 0;
      const writer = (async () => {
        for (let n = 0; writing; n++) {
          const res = await api(serve.url, 'PATCH', `/me/listings/${maker.listingId}`, {
            auth: maker.auth,
            body: { fields: { tagline: `edit ${n}`, description: 'words '.repeat(500) } },
          });
          expect(res.status).toBe(200);
          acknowledged++;
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      const backup = join(dir, 'while-serving.db');
      const taken = await cli(databaseUrl, 'admin', 'backup', backup);
      writing = false;
      await writer;
      expect(taken).toMatchObject({ code: 0 });
      expect(acknowledged).toBeGreaterThan(0);
      // integrity_check ok and the migrations table: the copy is a consistent database.
      expect(checkLaunchboardDatabase(backup).migrations).toBeGreaterThan(0);
      await withDb(`sqlite:${backup}`, async (ctx) => {
        const versions = await ctx.db
          .selectFrom('listing_versions')
          .select('id')
          .where('listing_id', '=', maker.listingId)
          .execute();
        // A snapshot: some of the edits, never more than were acknowledged by the end.
        expect(versions.length).toBeLessThanOrEqual(acknowledged);
      });

      const refused = await cli(databaseUrl, 'admin', 'restore', backup);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('in use') });
      expect((await api(serve.url, 'GET', '/site')).status).toBe(200);
    } finally {
      expect(await stopGracefully(serve)).toEqual({ code: 0, signal: null });
    }
  }, 60_000);
});

describe.skipIf(!onPostgres)('admin backup and restore on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await testDatabaseUrl();
  });
  afterAll(async () => database?.drop());

  it('prints the pg_dump and pg_restore commands (without the password) and exits non-zero', async () => {
    const backup = await cli(database.url, 'admin', 'backup', 'launchboard.dump');
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump --format=custom --file=launchboard.dump');
    const restore = await cli(database.url, 'admin', 'restore', 'launchboard.dump');
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore --clean --if-exists --no-owner');
  });
});

describe('PostgreSQL guidance', () => {
  it('leaves the password out and says where to give it', () => {
    const text = postgresGuidance('postgres://lb:s3cret@db.internal:5432/launchboard', 'x.dump');
    expect(text).not.toContain('s3cret');
    expect(text).toContain("pg_dump --format=custom --file=x.dump 'postgres://lb@db.internal:5432/launchboard'");
    expect(text).toContain('PGPASSWORD');
  });
});

describe.skipIf(onPostgres)('a copy before migrations change a database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lb-premigrate-'));
  const file = join(dir, 'launchboard.db');
  const databaseUrl = `sqlite:${file}`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A database as the previous version left it: every migration but the last. */
  async function olderDatabase(): Promise<void> {
    const database = openDatabase(databaseUrl);
    try {
      await database.db.schema
        .createTable('launchboard_migrations')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
      for (const m of migrations.slice(0, -1)) {
        await m.up(database.db, database.dialect);
        await database.db
          .insertInto('launchboard_migrations')
          .values({ name: m.name, applied_at: new Date().toISOString() })
          .execute();
      }
    } finally {
      await database.db.destroy();
    }
  }

  it('copies the database as it was, 0600, once, and not for a new database or an up-to-date one', async () => {
    await withDb(databaseUrl, async () => undefined);
    const copies = () => readdirSync(dir).filter((name) => name.includes('.before-'));
    expect(copies()).toEqual([]);

    rmSync(file);
    await olderDatabase();
    const last = migrations.at(-1)!.name;
    await withDb(databaseUrl, async () => undefined);
    expect(copies()).toEqual([`launchboard.db.before-${last}`]);
    const copy = join(dir, `launchboard.db.before-${last}`);
    expect(checkLaunchboardDatabase(copy).migrations).toBe(migrations.length - 1);
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    expect(checkLaunchboardDatabase(file).migrations).toBe(migrations.length);

    await withDb(databaseUrl, async () => undefined);
    expect(copies()).toHaveLength(1);
  });
});
