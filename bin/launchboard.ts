#!/usr/bin/env node
// The one CLI: serve (HTTP: REST + MCP), stdio (MCP over stdio), migrate,
// seed --demo, and admin commands for prices and settings. What only one
// command needs (the demo seed, stdio, doctor, backup) is imported by that
// command, so `serve` does not load it before its first request.
import cluster from 'node:cluster';
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Server } from 'node:http';
import { isScope, SCOPES, type Scope } from '../src/auth/caller.js';
import { loadConfig, VERSION, type Config } from '../src/config.js';
import type { Context } from '../src/context.js';
import type { SettingKey } from '../src/directory/settings.js';
import { SVG_DRAWER_ENV } from '../src/media/svg-drawer.js';

// The program itself is loaded by the commands that use it (`await import`):
// `--version`, `help` and a usage error start in a fraction of the time.
const program = {
  context: () => import('../src/context.js'),
  settings: () => import('../src/directory/settings.js'),
  sites: () => import('../src/directory/sites.js'),
};

const USAGE = `usage: launchboard <command>

  serve [--port N] [--host H] [--demo] [--workers N] [--toolsets T1,T2]
                                         serve the site, REST (/api/v1), OpenAPI and MCP (/mcp) over HTTP;
                                         --demo seeds a demo directory when the database is empty;
                                         --workers N serves from N processes (use one per core);
                                         --toolsets offers only those MCP toolsets (directory, maker, orders, read)
  stdio [--toolsets T1,T2]               serve MCP over stdio (caller: LAUNCHBOARD_API_KEY)
  mcp-config                             print an MCP client entry for stdio with absolute paths (this program, its
                                         database), to paste into a desktop assistant's configuration
  migrate                                apply pending database migrations
  doctor [--json]                        check the deployment (database, migrations, URLs, signing keys, mail,
                                         payments, disk) and say what is wrong; exits 1 when a check fails
  seed --demo                            fill an empty database with the demo directory
  healthcheck                            ask the server on this machine (PORT) whether it is ready (GET /readyz);
                                         exits 1 when it is not (a container's health check)
  admin price set KEY CENTS [--name N] [--no-listing]
                                         set a product's price in USD cents (excluding VAT)
  admin price list                       list products on sale (priced, and ones Launchboard fulfils)
  admin setting set KEY VALUE            change a site setting
  admin setting list                     show every site setting
  admin user create --email E [--password P] [--name N] [--admin]
                                         create an account
  admin changes                          the review feed: recent listing edits with before/after
  admin apikey create --email E --scopes S1,S2 [--name N] [--expires ISO-DATE]
                                         create an API key; prints the key alone on the last line
  admin backup FILE                      copy the SQLite database to FILE while serving (online backup);
                                         on PostgreSQL, prints the pg_dump command
  admin restore FILE                     replace the SQLite database with backup FILE (stop serve first);
                                         on PostgreSQL, prints the pg_restore command
  --version                              print Launchboard's version and the Node it runs on
                                         (the single executable: the Node it embeds)

Configuration comes from the environment (see README): PORT, HOST, PUBLIC_URL, DATABASE_URL, LOG_LEVEL, ...`;

class UsageError extends Error {}

type OpenContext = Context & { close(): Promise<void> };

async function withContext<T>(config: Config, fn: (ctx: OpenContext) => Promise<T>): Promise<T> {
  const { buildContext } = await program.context();
  const ctx = await buildContext(config);
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}

/** Parses `serve`'s flags into the config and the number of HTTP worker processes. */
function serveOptions(args: string[]): { config: Config; demo: boolean; workers: number } {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      demo: { type: 'boolean' },
      workers: { type: 'string' },
      toolsets: { type: 'string' },
    },
  });
  const workers = values.workers === undefined ? 1 : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError('serve --workers N: N is a whole number from 1 to 64');
  const env = {
    ...process.env,
    ...(values.port ? { PORT: values.port } : {}),
    ...(values.host ? { HOST: values.host } : {}),
    ...(values.toolsets ? { LAUNCHBOARD_TOOLSETS: values.toolsets } : {}),
  };
  const config = loadConfig(env);
  // Several processes on one SQLite file count in its rate_limits table, so a
  // limit is one limit however the OS spreads connections over them.
  if (workers > 1) config.rateLimit.shared = true;
  return { config, demo: Boolean(values.demo), workers };
}

/** Migrations (at context build), the main site and the demo seed: once per start, before anything serves. */
async function prepareDatabase(config: Config, demo: boolean): Promise<OpenContext> {
  const { buildContext } = await program.context();
  const ctx = await buildContext(config);
  await (await program.sites()).ensureMainSite(ctx);
  if (!demo) return ctx;
  const { isDatabaseEmpty, seedDemo } = await import('../db/seed/demo.js');
  const { settingDefaults } = await program.settings();
  if (await isDatabaseEmpty(ctx.db)) {
    const { drawOwnSvg } = await import('../src/media/process.js');
    const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults, draw: drawOwnSvg });
    ctx.logger.info(summary, 'seeded the demo directory');
  }
  return ctx;
}

/**
 * What `serve` prints: the URLs the server answers as (PUBLIC_URL, by default
 * http://localhost:PORT), so the MCP URL a person pastes is the resource its
 * OAuth metadata names (clients compare the two). With --port 0 the port is
 * the one the system chose.
 */
function banner(config: Config, port: number): string {
  const base = config.port === 0 ? config.publicUrl.replace(/:0$/, `:${port}`) : config.publicUrl;
  return (
    `Launchboard ${config.version} listening on ${config.host}:${port}; connect with these URLs (OAuth clients check them):\n` +
    `  Site:    ${base}/\n  REST:    ${base}/api/v1\n  OpenAPI: ${base}/api/v1/openapi.json\n  Docs:    ${base}/docs\n  MCP:     ${base}/mcp\n`
  );
}

/** Serves HTTP from this process (search index built first); with `runJobs`, also runs the job workers. */
async function serveHttp(ctx: OpenContext, opts: { runJobs: boolean; announce: boolean }): Promise<void> {
  const [{ createHttpApp }, { drainServer, SHUTDOWN_GRACE_MS, within }, { startWorkers }, { tools }] =
    await Promise.all([
      import('../src/http/app.js'),
      import('../src/http/shutdown.js'),
      import('../src/scheduler.js'),
      import('../tools/index.js'),
    ]);
  const config = ctx.config;
  const started = Date.now();
  // The search index builds while the server already answers (seconds at
  // 100k listings); searches meanwhile wait for it, everything else is served.
  ctx.search.sync().then(
    () => ctx.logger.info({ listings: ctx.search.size(), ms: Date.now() - started }, 'search index built'),
    (err: unknown) => ctx.logger.error({ err }, 'building the search index failed; the next search retries'),
  );
  // Background jobs (crawls, mail, fulfilment, the weekly rollover).
  const workers = opts.runJobs ? await startWorkers(ctx) : null;
  const http = createHttpApp(ctx, tools);
  const server: Server = await new Promise((resolve, reject) => {
    const s = http.app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With --port 0 and no PUBLIC_URL, the URLs this server names (OAuth metadata, links) take the chosen port.
  if (config.port === 0) config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
  if (opts.announce) process.stdout.write(banner(config, port));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    // Requests in flight and running jobs finish first (bounded); what is cut
    // off is retried by clients and re-queued by the next start.
    const [drained, jobsDone] = await Promise.all([
      drainServer(server),
      within(workers?.stop() ?? Promise.resolve(), SHUTDOWN_GRACE_MS),
    ]);
    if (!drained || !jobsDone) ctx.logger.warn({ drained, jobsDone }, 'stopped before everything finished');
    await http.close();
    // A job still running holds the database: leave it to the next start instead of closing under it.
    if (jobsDone) await ctx.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * `serve --workers N`: the primary prepares the database and runs the job
 * workers; N forked processes serve HTTP on the same port (node:cluster
 * shares the listening socket), so every core answers requests. A worker
 * that dies is replaced; SIGTERM stops them all.
 */
async function servePrimary(config: Config, demo: boolean, count: number): Promise<void> {
  const ctx = await prepareDatabase(config, demo);
  const { startWorkers } = await import('../src/scheduler.js');
  const jobs = await startWorkers(ctx);
  let stopping = false;
  let announced = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    process.stdout.write(
      `${banner(config, address.port)}  Workers: ${count} HTTP processes (pid ${process.pid} runs the jobs)\n`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    ctx.logger.error({ pid: worker.process.pid, code, signal }, 'HTTP worker died; starting another');
    cluster.fork({ LAUNCHBOARD_HTTP_WORKER: '1' });
  });
  for (let i = 0; i < count; i++) cluster.fork({ LAUNCHBOARD_HTTP_WORKER: '1' });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    const exits = Object.values(cluster.workers ?? {}).map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w!.isDead()) return resolve();
          w!.once('exit', () => resolve());
          w!.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
    await jobs.stop();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

async function serve(args: string[]): Promise<void> {
  const { config, demo, workers } = serveOptions(args);
  if (process.env.LAUNCHBOARD_HTTP_WORKER === '1' && cluster.isWorker) {
    // A forked HTTP worker: the primary prepared the database and runs the jobs.
    const { buildContext } = await program.context();
    await serveHttp(await buildContext(config), { runJobs: false, announce: false });
    return;
  }
  if (workers > 1) return servePrimary(config, demo, workers);
  await serveHttp(await prepareDatabase(config, demo), { runJobs: true, announce: true });
}

async function stdio(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { toolsets: { type: 'string' } } });
  const config = loadConfig({
    ...process.env,
    ...(values.toolsets ? { LAUNCHBOARD_TOOLSETS: values.toolsets } : {}),
  });
  // A desktop host starts stdio in a folder of its choosing: a relative path
  // there would quietly make a new, empty directory instead of opening ours.
  const database = await relativeSqliteFile(config.databaseUrl);
  if (database && !existsSync(database))
    throw new Error(
      `stdio: DATABASE_URL names ${config.databaseUrl}, relative to ${process.cwd()}, where there is no database; ` +
        'give an absolute path (`launchboard mcp-config` prints a ready entry)',
    );
  const { runStdio } = await import('../src/mcp/stdio.js');
  const { draftReviewApp } = await import('../src/web/maker/draft-review-app.js');
  const { buildContext } = await program.context();
  const ctx = await buildContext(config);
  await (await program.sites()).ensureMainSite(ctx);
  const handle = await runStdio(ctx, draftReviewApp(ctx));
  const stop = async () => {
    await handle.close();
    await ctx.close();
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** The file a relative SQLite DATABASE_URL names (resolved against the working folder); null for any other. */
async function relativeSqliteFile(databaseUrl: string): Promise<string | null> {
  const { isPostgresUrl, sqlitePath } = await import('../db/dialect.js');
  if (isPostgresUrl(databaseUrl)) return null;
  const path = sqlitePath(databaseUrl);
  return path === ':memory:' || isAbsolute(path) ? null : resolve(path);
}

/**
 * `mcp-config`: the stdio entry for this install, runnable from any folder:
 * the executable itself, or this Node with this checkout's (or package's)
 * bin script, and the database as an absolute path.
 */
async function mcpConfig(): Promise<void> {
  const config = loadConfig();
  const sea = await import('node:sea').then((m) => m.isSea()).catch(() => false);
  const launch = sea
    ? { command: process.execPath, args: ['stdio'] }
    : { command: process.execPath, args: [realpathSync(process.argv[1]!), 'stdio'] };
  const relative = await relativeSqliteFile(config.databaseUrl);
  const entry = {
    mcpServers: {
      launchboard: {
        ...launch,
        env: { DATABASE_URL: relative ? `sqlite:${relative}` : config.databaseUrl },
      },
    },
  };
  process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
  process.stderr.write('public tools work as is; for signed-in tools add LAUNCHBOARD_API_KEY (an API key) to env\n');
}

async function admin(args: string[]): Promise<void> {
  const [area, action, ...rest] = args;
  const config = loadConfig();
  const [{ listProductsForSale, setProductPrice }, settings, { recentChanges }, users, { createApiKey }] =
    await Promise.all([
      import('../src/orders/products.js'),
      program.settings(),
      import('../src/listings/my-listings.js'),
      import('../src/accounts/users.js'),
      import('../src/auth/api-keys.js'),
    ]);
  const { getSetting, isSettingKey, setSetting, settingDefaults } = settings;
  const { createUser, userByEmail } = users;
  if (area === 'price' && action === 'set') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { name: { type: 'string' }, 'no-listing': { type: 'boolean' } },
    });
    const [key, cents] = positionals;
    if (!key || cents === undefined || !/^\d+$/.test(cents))
      throw new UsageError('admin price set KEY CENTS: CENTS is a whole number of USD cents');
    await withContext(config, (ctx) =>
      setProductPrice(ctx.db, {
        key,
        cents: Number(cents),
        name: values.name,
        needsListing: !values['no-listing'],
        now: ctx.clock.now(),
      }),
    );
    process.stdout.write(`price of ${key} set to ${cents} USD cents (excluding VAT)\n`);
    const { isOrderable, ORDERABLE } = await import('../src/orders/products.js');
    if (!isOrderable(key))
      process.stderr.write(
        `note: ${key} is priced but not for sale: Launchboard fulfils only ${ORDERABLE.join(', ')}, so list_products leaves it out and quote_order refuses it\n`,
      );
    return;
  }
  if (area === 'price' && action === 'list') {
    const products = await withContext(config, (ctx) => listProductsForSale(ctx.db));
    for (const p of products) process.stdout.write(`${p.key}\t${p.price_cents}\t${p.name}\n`);
    return;
  }
  if (area === 'setting' && action === 'set') {
    const [key, value] = rest;
    if (!key || value === undefined || !isSettingKey(key)) {
      throw new UsageError(`admin setting set KEY VALUE: KEY is one of ${Object.keys(settingDefaults).join(', ')}`);
    }
    const stored = await withContext(config, (ctx) => setSetting(ctx.db, key, value, ctx.clock.now()));
    process.stdout.write(`${key} = ${JSON.stringify(stored)}\n`);
    return;
  }
  if (area === 'setting' && action === 'list') {
    await withContext(config, async (ctx) => {
      for (const key of Object.keys(settingDefaults) as SettingKey[]) {
        process.stdout.write(`${key} = ${JSON.stringify(await getSetting(ctx.db, key))}\n`);
      }
    });
    return;
  }
  if (area === 'changes' && action === undefined) {
    // The review feed: every edit makers made to their listings, newest first.
    const changes = await withContext(config, (ctx) => recentChanges(ctx, { limit: 100 }));
    for (const c of changes) {
      process.stdout.write(`#${c.id} ${c.at} ${c.listing} by ${c.by ?? '(deleted user)'}\n`);
      for (const [field, { before, after }] of Object.entries(c.changes)) {
        process.stdout.write(`  ${field}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}\n`);
      }
    }
    return;
  }
  if (area === 'user' && action === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'boolean' },
      },
    });
    if (!values.email) throw new UsageError('admin user create needs --email');
    const id = await withContext(config, (ctx) =>
      createUser(ctx.db, {
        email: values.email!,
        password: values.password,
        name: values.name,
        role: values.admin ? 'admin' : 'user',
        // The admin vouches for the address: no confirmation mail to wait for.
        confirmed: true,
        now: ctx.clock.now(),
      }),
    );
    process.stdout.write(`created user ${id} <${values.email}>\n`);
    return;
  }
  if (area === 'apikey' && action === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        scopes: { type: 'string' },
        name: { type: 'string' },
        expires: { type: 'string' },
      },
    });
    if (!values.email || !values.scopes) throw new UsageError('admin apikey create needs --email and --scopes');
    const scopes = values.scopes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = scopes.filter((s) => !isScope(s));
    if (scopes.length === 0 || unknown.length > 0)
      throw new UsageError(`--scopes must be a comma list of ${SCOPES.join(', ')}`);
    const expiresAt = values.expires ? new Date(values.expires) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires must be an ISO date');
    const created = await withContext(config, async (ctx) => {
      const user = await userByEmail(ctx.db, values.email!);
      return createApiKey(ctx.db, {
        userId: user.id,
        name: values.name ?? 'CLI key',
        scopes: scopes as Scope[],
        expiresAt: expiresAt?.toISOString() ?? null,
        now: ctx.clock.now(),
      });
    });
    process.stdout.write(
      `API key ${created.id} for ${values.email} with scopes ${scopes.join(' ')} (shown once; store it now):\n${created.key}\n`,
    );
    return;
  }
  if (area === 'backup' || area === 'restore') {
    const [file, ...extra] = [action, ...rest];
    if (!file || extra.length > 0) throw new UsageError(`admin ${area} FILE: give one file name`);
    const { backupDatabase, restoreDatabase } = await import('../src/ops/backup.js');
    if (area === 'backup') {
      const copy = await backupDatabase(config.databaseUrl, file);
      process.stdout.write(
        `backed up to ${copy.file} (${copy.bytes} bytes, ${copy.migrations} migrations; integrity ok)\n`,
      );
    } else {
      const restored = await restoreDatabase(config.databaseUrl, file);
      process.stdout.write(
        `restored ${restored.target} from ${restored.file} (${restored.bytes} bytes, ${restored.migrations} migrations)\n`,
      );
      if (restored.previous) process.stdout.write(`the replaced database is kept at ${restored.previous}\n`);
    }
    return;
  }
  throw new UsageError(`unknown admin command: ${args.join(' ')}`);
}

/** `healthcheck`: GET /readyz from the server on this machine; a container has no curl to do it. */
async function healthcheck(): Promise<void> {
  const url = `http://127.0.0.1:${loadConfig().port}/readyz`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = await res.text();
    process.stdout.write(`${res.status} ${body}\n`);
    if (res.status !== 200) process.exitCode = 1;
  } catch (err) {
    process.stderr.write(`launchboard: ${url} did not answer (${(err as Error).message})\n`);
    process.exitCode = 1;
  }
}

async function main(argv: string[]): Promise<void> {
  // The bundled program started as the SVG drawing process (src/media/svg-drawer.ts), whatever its arguments.
  if (process.env[SVG_DRAWER_ENV] === '1') return (await import('../src/media/svg-drawer-child.js')).serveDrawings();
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      (await import('../src/heap.js')).limitHeapGrowth();
      return serve(args);
    case 'stdio':
      (await import('../src/heap.js')).limitHeapGrowth();
      return stdio(args);
    case 'migrate': {
      await withContext(loadConfig(), async () => undefined);
      process.stdout.write('database is migrated\n');
      return;
    }
    case 'seed': {
      if (!args.includes('--demo')) throw new UsageError('seed needs --demo');
      const { isDatabaseEmpty, seedDemo } = await import('../db/seed/demo.js');
      const { drawOwnSvg } = await import('../src/media/process.js');
      const [{ ensureMainSite }, { settingDefaults }] = await Promise.all([program.sites(), program.settings()]);
      await withContext(loadConfig(), async (ctx) => {
        await ensureMainSite(ctx);
        if (!(await isDatabaseEmpty(ctx.db)))
          throw new UsageError('the database already has listings; seed only fills an empty one');
        const summary = await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults, draw: drawOwnSvg });
        process.stdout.write(`seeded: ${JSON.stringify(summary)}\n`);
      });
      return;
    }
    case 'doctor': {
      const { formatDoctorReport, runDoctor } = await import('../src/ops/doctor.js');
      const checks = await runDoctor();
      process.stdout.write(
        args.includes('--json') ? `${JSON.stringify({ checks }, null, 2)}\n` : formatDoctorReport(checks),
      );
      if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
      return;
    }
    case 'healthcheck':
      return healthcheck();
    case 'mcp-config':
      return mcpConfig();
    case 'admin':
      return admin(args);
    case '--version':
    case 'version': {
      const lts = process.release.lts ? `, LTS ${process.release.lts}` : '';
      process.stdout.write(`launchboard ${VERSION} (Node ${process.version}${lts})\n`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`launchboard: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
