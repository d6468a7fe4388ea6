// Whether this process should be sent traffic (GET /readyz, for a load
// balancer or an orchestrator): the database answers, every migration this
// version knows is applied, and the job workers keep up (no queued job due
// for more than JOBS_OVERDUE_MS: the crawls, mail and fulfilment it would hold
// up). Each part is named, so a 503 says which one failed.
import { sql } from 'kysely';
import { migrationState } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import type { Context } from '../context.js';

/** A queued job due longer ago than this means no worker is taking jobs. */
export const JOBS_OVERDUE_MS = 10 * 60_000;

export interface ReadinessPart {
  name: 'database' | 'migrations' | 'jobs';
  ok: boolean;
  detail: string;
}

export async function readiness(ctx: Context): Promise<{ ready: boolean; parts: ReadinessPart[] }> {
  const parts: ReadinessPart[] = [];
  try {
    await sql`select 1`.execute(ctx.db);
    parts.push({ name: 'database', ok: true, detail: `${ctx.dialect} answers` });
  } catch (err) {
    parts.push({ name: 'database', ok: false, detail: `${ctx.dialect} does not answer: ${(err as Error).message}` });
    return { ready: false, parts };
  }
  const { pending } = await migrationState(ctx.db);
  parts.push(
    pending.length === 0
      ? { name: 'migrations', ok: true, detail: `all ${migrations.length} applied` }
      : { name: 'migrations', ok: false, detail: `${pending.length} pending (${pending.join(', ')})` },
  );
  const now = ctx.clock.now().getTime();
  const overdue = await ctx.db
    .selectFrom('jobs')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(run_at)`.as('oldest')])
    .where('status', '=', 'queued')
    .where('run_at', '<', new Date(now - JOBS_OVERDUE_MS).toISOString())
    .executeTakeFirstOrThrow();
  const late = Number(overdue.n);
  parts.push(
    late === 0
      ? { name: 'jobs', ok: true, detail: 'no queued job is overdue' }
      : {
          name: 'jobs',
          ok: false,
          detail: `${late} queued job${late === 1 ? '' : 's'} due for over ${JOBS_OVERDUE_MS / 60_000} min (the oldest since ${overdue.oldest}): are the job workers running?`,
        },
  );
  return { ready: parts.every((p) => p.ok), parts };
}
