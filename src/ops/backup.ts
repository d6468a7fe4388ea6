// `launchboard admin backup FILE` and `admin restore FILE`. On SQLite, backup
// uses SQLite's online backup API: a consistent copy page by page while the
// server keeps serving (it never blocks writers for long). Restore checks the
// file is a sound Launchboard database, refuses while anything has the
// target open, and swaps it in with one rename. On PostgreSQL both print the
// pg_dump / pg_restore commands instead: the database server's own tools do
// it better than this program could.
import { chmodSync, existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { isPostgresUrl, openSqliteFile, sqlitePath } from '../../db/dialect.js';
import { migrations } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';
import type { Logger } from '../logger.js';

/** A failure the operator can act on (the CLI prints the message and exits non-zero). */
export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** Migrations recorded in the copy (its schema version). */
  migrations: number;
}

export interface RestoreSummary extends BackupSummary {
  /** The database file now in place. */
  target: string;
  /** Where the replaced database was kept (a hard link), or null when there was none. */
  previous: string | null;
}

const KNOWN_MIGRATIONS = new Set(migrations.map((m) => m.name));

/** The pg_dump / pg_restore commands for this PostgreSQL database, password left out. */
export function postgresGuidance(databaseUrl: string, file: string): string {
  const url = new URL(databaseUrl);
  const hasPassword = url.password !== '';
  url.password = '';
  const safe = url.toString();
  return [
    "On PostgreSQL, back up and restore with the database server's own tools:",
    `  backup:  pg_dump --format=custom --file=${file} '${safe}'`,
    `  restore: pg_restore --clean --if-exists --no-owner --dbname='${safe}' ${file}`,
    'pg_dump takes a consistent snapshot while Launchboard keeps running; stop every `launchboard serve` before pg_restore.',
    ...(hasPassword ? ['Give the password through PGPASSWORD or ~/.pgpass (it is left out here).'] : []),
  ].join('\n');
}

function sqliteFile(databaseUrl: string, command: string, file: string): string {
  if (isPostgresUrl(databaseUrl)) throw new BackupError(postgresGuidance(databaseUrl, file));
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:' || path === '')
    throw new BackupError(`${command} needs a database file; DATABASE_URL names an in-memory database`);
  return resolve(path);
}

/** Integrity and migrations of a SQLite file; throws BackupError naming what is wrong. */
export function checkLaunchboardDatabase(file: string): { migrations: number } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = openSqliteFile(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${file} is not a SQLite database (${(err as Error).message})`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const table = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'launchboard_migrations'")
      .get();
    if (!table) throw new BackupError(`${file} is not a Launchboard database (no launchboard_migrations table)`);
    const names = (db.prepare('select name from launchboard_migrations').all() as { name: string }[]).map(
      (r) => r.name,
    );
    const unknown = names.filter((n) => !KNOWN_MIGRATIONS.has(n));
    if (unknown.length > 0)
      throw new BackupError(
        `${file} comes from a newer Launchboard (unknown migrations: ${unknown.join(', ')}); upgrade first`,
      );
    return { migrations: names.length };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} cannot be read as a SQLite database (${(err as Error).message})`);
  } finally {
    db.close();
  }
}

/**
 * A copy keeps its source's write-ahead-log mode, so opening it (the check)
 * would leave -wal and -shm files beside it that a rename does not carry:
 * a backup is made a single self-contained file instead.
 */
function asOneFile(file: string): void {
  const db = openSqliteFile(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

function removeSqliteFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** A sibling path for a file being written, renamed into place when complete. */
function partialPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
}

/**
 * Copies the SQLite database of `databaseUrl` to `file` with the online
 * backup API, safe while the server runs. The copy is written beside `file`
 * and renamed into place once checked, so `file` is either absent or a
 * complete, sound database. Refuses to overwrite an existing file.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<BackupSummary> {
  const source = sqliteFile(databaseUrl, 'backup', file);
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name`);
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}`);
  const partial = partialPath(target);
  const db = openSqliteFile(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
    // It holds credential hashes and the OAuth signing keys: its owner's alone.
    chmodSync(partial, 0o600);
    asOneFile(partial);
  } catch (err) {
    removeSqliteFiles(partial);
    throw new BackupError(`backup failed: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  try {
    const { migrations: count } = checkLaunchboardDatabase(partial);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, migrations: count };
  } catch (err) {
    removeSqliteFiles(partial);
    throw err;
  }
}

/**
 * Before this version's migrations change an existing SQLite database, a
 * copy of it as it was: `<file>.before-<first pending migration>`, kept
 * beside it (0600), so a failed or unwanted upgrade is undone with
 * `admin restore`. A new database and one with nothing pending need none; a
 * copy already there (an earlier start that stopped midway) is kept, as it
 * holds the state before any of them ran. On PostgreSQL the log names the
 * pg_dump command instead. Returns the copy's path, or null.
 */
export async function backupBeforeMigrating(
  databaseUrl: string,
  db: Kysely<Database>,
  logger: Logger,
): Promise<string | null> {
  const pending = await pendingOnExistingDatabase(db);
  if (pending.length === 0) return null;
  if (isPostgresUrl(databaseUrl)) {
    logger.warn(
      { pending },
      'migrations are about to change the database; keep a copy first with pg_dump (see `launchboard admin backup`)',
    );
    return null;
  }
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:' || path === '') return null;
  const file = `${resolve(path)}.before-${pending[0]}`;
  if (existsSync(file)) return file;
  const copy = await backupDatabase(databaseUrl, file);
  logger.info({ file: copy.file, pending }, 'database copied before migrating');
  return copy.file;
}

/** Migrations this version would apply to a database that already has some; none for a new one. */
async function pendingOnExistingDatabase(db: Kysely<Database>): Promise<string[]> {
  let applied: Set<string>;
  try {
    applied = new Set((await db.selectFrom('launchboard_migrations').select('name').execute()).map((r) => r.name));
  } catch {
    return []; // no migrations table: a new database
  }
  if (applied.size === 0) return [];
  return migrations.map((m) => m.name).filter((name) => !applied.has(name));
}

/** Throws unless nothing else has `file` open: an exclusive lock is refused while any connection (a running server) holds it. */
function assertNotInUse(file: string): void {
  const db = openSqliteFile(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    // Fold the write-ahead log into the file, so nothing of the old database is left in a -wal beside the new one.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(
        `${file} is in use (is \`launchboard serve\` running?); stop every process using it, then restore`,
      );
    }
    throw err;
  } finally {
    db.close();
  }
}

/**
 * Replaces the SQLite database of `databaseUrl` with the backup `file`:
 * checks the backup, refuses while the target is open elsewhere, copies the
 * backup beside the target, then renames it into place in one step. The
 * replaced database stays beside it as `<name>.before-restore-<time>`. The
 * next start applies any migrations newer than the backup.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  now: Date = new Date(),
): Promise<RestoreSummary> {
  const target = sqliteFile(databaseUrl, 'restore', file);
  const source = resolve(file);
  if (source === target) throw new BackupError('the backup file is the database itself');
  const { migrations: count } = checkLaunchboardDatabase(source);
  const hadTarget = existsSync(target);
  if (hadTarget) assertNotInUse(target);
  const partial = partialPath(target);
  const db = openSqliteFile(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial);
    chmodSync(partial, 0o600);
  } catch (err) {
    rmSync(partial, { force: true });
    throw new BackupError(`restore failed while copying ${source}: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  let previous: string | null = null;
  if (hadTarget) {
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    linkSync(target, previous);
  }
  // The old database's shared-memory index must not outlive it.
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  return { file: source, target, previous, bytes: statSync(target).size, migrations: count };
}
