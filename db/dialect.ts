// Picks the database from DATABASE_URL: SQLite (the embedded default) or
// PostgreSQL (scale-out). Returns the Kysely instance and which dialect it is.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { MigrationDialect } from './migrations/index.js';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** A human label for logs (never includes a password). */
  label: string;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** `sqlite:PATH`, `sqlite::memory:` or a bare path → the SQLite file path. */
export function sqlitePath(url: string): string {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
}

// PostgreSQL returns bigint (int8) and count(*) as strings; our values fit in
// a JS number, so parse them as numbers once, here.
pg.types.setTypeParser(20, (v) => Number(v));

/** Statements kept prepared per SQLite connection (queries are built from a few hundred shapes). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely asks the driver to prepare every query anew (~30 µs, several times
 * a point read's 7 µs). Keep prepared statements by their SQL text instead:
 * every call runs to completion synchronously (all/run; nothing streams), so
 * one statement object is never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * The better-sqlite3 addon, when the caller loaded it itself: the single
 * executable and the MCP bundle carry the .node file beside their one script,
 * where the package's own lookup (the `bindings` module) cannot find it.
 */
let sqliteAddon: object | undefined;

export function useSqliteAddon(addon: object): void {
  sqliteAddon = addon;
}

let sqliteClass: typeof SQLite | undefined;
/** A require from this module, made when first used: in a bundle, import.meta.url is set only after start-up. */
const requireHere = (id: string): unknown => createRequire(import.meta.url)(id);

/**
 * The better-sqlite3 for this Node. The package depends on 12, the last that
 * installs on Node 20; on Node 24, 12 aborts the process once V8 collects a
 * statement (WiseLibs/better-sqlite3#1515), so Node 22 and newer use 13,
 * installed beside it as the optional `better-sqlite3-13` (it needs Node 22).
 * A bundle carries the one package made for its Node (scripts/bundle).
 */
function betterSqlite3(): typeof SQLite {
  if (sqliteClass) return sqliteClass;
  sqliteClass = SQLite;
  if (!sqliteAddon && Number(process.versions.node.split('.')[0]) >= 22) {
    try {
      sqliteClass = requireHere('better-sqlite3-13') as typeof SQLite;
    } catch {
      // Not installed (an install that skipped optional packages): 12 it is.
    }
  }
  return sqliteClass;
}

/**
 * Opens a SQLite file with better-sqlite3 through the addon in use: every
 * raw handle (the app's database, backup and restore, tests and benches)
 * goes through here, so the executable finds its addon everywhere and Node 24
 * never runs 12.
 */
export function openSqliteFile(path: string, options: SQLite.Options = {}): SQLite.Database {
  const Database = betterSqlite3();
  // The typings allow only a path, but better-sqlite3 also takes the loaded addon object.
  return new Database(path, sqliteAddon ? { ...options, nativeBinding: sqliteAddon as unknown as string } : options);
}

/**
 * Transactions that take SQLite's write lock when they begin (BEGIN
 * IMMEDIATE). A deferred BEGIN reads first and asks for the lock at its first
 * write; if another process (serve --workers N, an admin command) is writing
 * then, SQLite answers SQLITE_BUSY at once, without waiting busy_timeout,
 * because the transaction's snapshot is already stale. Taking the lock up
 * front makes it wait its turn instead. Within one process Kysely runs one
 * transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function openDatabase(url: string): OpenDatabase {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client dropped by the server (a restart, a failover) is emitted
    // here; without a listener it would crash the process. The pool replaces it.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`));
    // A connection lost while checked out (the server restarted or terminated
    // the backend mid-query) emits 'error' on its client, which the pool does
    // not listen to then: unheard, it would crash the process. The running
    // query fails with the error itself (the faces answer 503) and the pool
    // drops the broken client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const safe = new URL(url);
    safe.password = '';
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      label: safe.toString(),
    };
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    // A new database (credential hashes, the OAuth signing keys) is its owner's alone; SQLite gives its WAL the same mode.
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  }
  const sqlite = openSqliteFile(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    label: `sqlite:${path}`,
  };
}
