// The composition root: builds the Context every layer receives. The only place
// that chooses implementations (database dialect, clock, rate-limit store).
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import type { MigrationDialect } from '../db/migrations/index.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit.js';
import { createFetcher, type Fetcher } from './platform/fetcher.js';
import { createJobSignal, type JobSignal } from './platform/jobs.js';
import { createSearchIndex, type SearchIndex } from './search/search.js';
import { ViewCounter } from './listings/view-counter.js';
import type { ProfileParts } from './listings/profile.js';
import type { ListingSummary } from './listings/summary.js';
import { VersionedCache, VersionedValue } from './platform/versioned-cache.js';
import { TRENDING_CACHE, type TrendingRanking } from './launches/trending.js';
import type { CachedOutput } from './platform/prepared-output.js';
import { PageCache } from './platform/page-cache.js';
import { backupBeforeMigrating } from './ops/backup.js';

export interface Context {
  config: Config;
  db: Kysely<Database>;
  dialect: MigrationDialect;
  clock: Clock;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** The in-memory listing search index (filled on first use). */
  search: SearchIndex;
  /** Wakes this process's job workers when a job is queued (platform/jobs.ts). */
  jobSignal: JobSignal;
  /** The SSRF-safe fetcher for every URL someone else chose. */
  fetcher: Fetcher;
  /** Listing views, batched into one write a second. */
  views: ViewCounter;
  /** Recently read profile parts, valid while their listing's profile_version holds. */
  profiles: VersionedCache<ProfileParts>;
  /** Recently read public profiles (get_listing) without their view count, serialised; valid likewise. */
  publicProfiles: VersionedCache<CachedOutput>;
  /** Listing summaries by id at their profile_version, views aside (listings/summary.ts). */
  summaries: VersionedCache<ListingSummary>;
  /** Trending scores and ranking, valid while data_versions('trending') holds (launches/trending.ts). */
  trending: VersionedValue<TrendingRanking>;
  /** Public pages as anonymous visitors get them, valid while data_versions('pages') holds (platform/page-cache.ts). */
  pages: PageCache;
}

export interface BuildOptions {
  clock?: Clock;
  logger?: Logger;
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /**
   * How long work takes, in ms (default performance.now). Caches that rebuild
   * less often after a slow build read it; tests give a steady one so that a
   * loaded machine never changes what they see.
   */
  timer?: () => number;
}

export async function buildContext(
  config: Config,
  opts: BuildOptions = {},
): Promise<Context & { close(): Promise<void> }> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const database = openDatabase(config.databaseUrl);
  if (opts.migrate !== false) {
    await backupBeforeMigrating(config.databaseUrl, database.db, logger);
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ applied, database: database.label }, 'migrations applied');
  }
  const ctx: Context = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock: opts.clock ?? systemClock,
    logger,
    rateLimiter: createRateLimiter(database.dialect, database.db, config.rateLimit.shared),
    search: createSearchIndex(database.db),
    jobSignal: createJobSignal(),
    fetcher: createFetcher(config),
    views: new ViewCounter(database.db, (err) => logger.error({ err }, 'writing listing views failed')),
    profiles: new VersionedCache<ProfileParts>(),
    publicProfiles: new VersionedCache<CachedOutput>(),
    summaries: new VersionedCache<ListingSummary>(10_000),
    trending: new VersionedValue<TrendingRanking>({ ...TRENDING_CACHE, timer: opts.timer }),
    pages: new PageCache({ maxEntries: config.pageCachePages }),
  };
  return {
    ...ctx,
    close: async () => {
      await ctx.views.close();
      await database.db.destroy();
    },
  };
}
