// /healthz (the process answers) and /readyz (database, migrations, job
// workers; 503 naming the failing part), before every router and rate limit.
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/platform/jobs.js';
import { servedTools } from '../helpers/server.js';

const served = servedTools({
  config: { rateLimit: { anonymousPerMinute: 1, signedInPerMinute: 1, failedAuthPerMinute: 1 } },
});

describe('health', () => {
  it('answers /healthz and /readyz however often it is asked, no rate limit spent', async () => {
    for (let i = 0; i < 5; i++) {
      const live = await fetch(`${served.server.url}/healthz`);
      expect([live.status, await live.text(), live.headers.get('cache-control')]).toEqual([200, 'ok\n', 'no-store']);
      const ready = await fetch(`${served.server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        parts: [
          { name: 'database', ok: true, detail: `${served.ctx.dialect} answers` },
          { name: 'migrations', ok: true, detail: expect.stringMatching(/^all \d+ applied$/) },
          { name: 'jobs', ok: true, detail: 'no queued job is overdue' },
        ],
      });
    }
  });

  it('is not ready, naming the job workers, while a queued job is overdue', async () => {
    await enqueue(served.ctx, 'health_probe_never_run', {});
    served.ctx.clock.advance(11 * 60_000);
    const ready = await fetch(`${served.server.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body.status).toBe('not ready');
    expect(body.parts.find((p: { name: string }) => p.name === 'jobs')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^1 queued job due for over 10 min .*are the job workers running\?$/),
    });
    await served.ctx.db.deleteFrom('jobs').where('kind', '=', 'health_probe_never_run').execute();
  });

  it('is not ready, naming the database, when it does not answer', async () => {
    const { testContext } = await import('../helpers/context.js');
    const { startServer } = await import('../helpers/server.js');
    const ctx = await testContext();
    const server = await startServer(ctx);
    try {
      await ctx.db.destroy();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body.parts).toEqual([{ name: 'database', ok: false, detail: expect.stringMatching(/does not answer/) }]);
    } finally {
      await server.close();
    }
  });
});
