// Prometheus metrics (prom-client) at GET /metrics, off unless METRICS_TOKEN
// is set, and then only for a request bearing it. One registry per HTTP app
// (no process-wide state): request counts and latency by route, MCP tool calls
// by tool, and, read when scraped, the job queue, drafts by status, the mail
// outbox and the page cache.
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Context } from '../context.js';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** Counts and times every HTTP request by method, route (its pattern) and status. */
  requests: RequestHandler;
  /** Counts and times one MCP tool call (mcp/tool-timing.ts reports them). */
  observeToolCall(tool: string, seconds: number): void;
  /** GET /metrics: 404 when off, 401 without the token, else the exposition text. */
  endpoint: RequestHandler;
}

/** The route a request matched, as its pattern (`/api/v1/listings/:slug`): bounded label values. */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  return req.path === '/mcp' ? '/mcp' : 'unmatched';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics of one HTTP app serving `toolNames` (the only tool label values besides "unknown"). */
export function createMetrics(ctx: Context, toolNames: ReadonlySet<string>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'launchboard_' });
  const httpDuration = new Histogram({
    name: 'launchboard_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const toolDuration = new Histogram({
    name: 'launchboard_mcp_tool_call_duration_seconds',
    help: 'MCP tools/call requests by tool (one tool per request; batches count each tool) and how long they took',
    labelNames: ['tool'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'launchboard_metrics_collect_errors_total',
    help: 'Scrapes whose database figures could not be read',
    registers: [registry],
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const jobsQueued = gauge('launchboard_jobs_queued', 'Jobs waiting to run, by kind', ['kind']);
  const jobsOldest = gauge('launchboard_jobs_oldest_due_seconds', 'How long the oldest due queued job has waited');
  const drafts = gauge('launchboard_drafts', 'Drafts by status', ['status']);
  const outbox = gauge('launchboard_mail_outbox', 'Mail in the outbox by status (queued: waiting for SMTP)', [
    'status',
  ]);
  const pageHits = gauge('launchboard_page_cache_hits', 'Public pages answered from the page cache since start');
  const pageStores = gauge('launchboard_page_cache_stores', 'Public pages rendered and kept since start');
  const pagesKept = gauge('launchboard_page_cache_pages', 'Public pages kept now');

  /** The figures read from the database and the caches, at each scrape. */
  async function collect(): Promise<void> {
    pageHits.set(ctx.pages.hits);
    pageStores.set(ctx.pages.stores);
    pagesKept.set(ctx.pages.size);
    try {
      const now = ctx.clock.now();
      const [queued, oldest, byStatus, unsent] = await Promise.all([
        ctx.db
          .selectFrom('jobs')
          .select(['kind', sql<number>`count(*)`.as('n')])
          .where('status', '=', 'queued')
          .groupBy('kind')
          .execute(),
        ctx.db
          .selectFrom('jobs')
          .select(sql<string | null>`min(run_at)`.as('oldest'))
          .where('status', '=', 'queued')
          .where('run_at', '<=', now.toISOString())
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('drafts')
          .select(['status', sql<number>`count(*)`.as('n')])
          .groupBy('status')
          .execute(),
        ctx.db
          .selectFrom('outbox')
          .select(['status', sql<number>`count(*)`.as('n')])
          .where('status', 'in', ['queued', 'failed'])
          .groupBy('status')
          .execute(),
      ]);
      jobsQueued.reset();
      for (const row of queued) jobsQueued.set({ kind: row.kind }, Number(row.n));
      jobsOldest.set(oldest.oldest ? Math.max(0, (now.getTime() - Date.parse(oldest.oldest)) / 1000) : 0);
      drafts.reset();
      for (const row of byStatus) drafts.set({ status: row.status }, Number(row.n));
      outbox.reset();
      for (const status of ['queued', 'failed'])
        outbox.set({ status }, Number(unsent.find((r) => r.status === status)?.n ?? 0));
    } catch (err) {
      scrapeErrors.inc();
      ctx.logger.warn({ err }, 'reading the metrics from the database failed');
    }
  }

  return {
    registry,
    requests: (req: Request, res: Response, next: NextFunction) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        httpDuration.observe({ method: req.method, route: routeOf(req), status: String(res.statusCode) }, seconds);
      });
      next();
    },
    // Only names this server serves become label values: anything else is "unknown".
    observeToolCall: (tool, seconds) => toolDuration.observe({ tool: toolNames.has(tool) ? tool : 'unknown' }, seconds),
    endpoint: async (req, res, next) => {
      const token = ctx.config.metricsToken;
      res.setHeader('Cache-Control', 'no-store');
      if (!token) return res.status(404).type('text/plain').send('Metrics are off: set METRICS_TOKEN to serve them.\n');
      if (!bearerMatches(req.get('authorization'), token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        return res.status(401).type('text/plain').send('Send Authorization: Bearer <METRICS_TOKEN>.\n');
      }
      try {
        await collect();
        res.type(registry.contentType).send(await registry.metrics());
      } catch (err) {
        next(err);
      }
    },
  };
}
