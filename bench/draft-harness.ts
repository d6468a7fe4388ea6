// What both draft benchmarks share: a throwaway in-memory server context with the
// demo categories, one maker and the server's job workers, and drafting a URL
// through the real path (createDraft, then the draft_site job run by a worker:
// crawl, drafter, evidence gate, ready), timed from the request to ready.
import type { Context } from '../src/context.js';
import type { Draft } from '../src/drafts/drafts.js';

export interface DraftRun {
  draft: Draft;
  /** From createDraft to a finished draft. */
  ms: number;
  /** The pages the crawler stored, in order. */
  read: string[];
}

export interface DraftBench {
  drafter: string;
  categoryNames: string[];
  draftUrl(url: string): Promise<DraftRun>;
  close(): Promise<void>;
}

/** A bench context; `useEnvDrafter` drafts with the drafter the environment configures (DRAFTER, ANTHROPIC_*, OPENAI_*). */
export async function startDraftBench(useEnvDrafter: boolean): Promise<DraftBench> {
  const [{ default: pino }, { fixedClock }, { loadConfig }, { buildContext }, { ensureMainSite }, { createUser }] =
    await Promise.all([
      import('pino'),
      import('../src/clock.js'),
      import('../src/config.js'),
      import('../src/context.js'),
      import('../src/directory/sites.js'),
      import('../src/accounts/users.js'),
    ]);
  const [{ createDraft, draftById }, { startWorkers }, { sharedHtmlParser }, { demoCategories }] = await Promise.all([
    import('../src/drafts/drafts.js'),
    import('../src/scheduler.js'),
    import('../src/drafts/crawler/html-worker-pool.js'),
    import('../db/seed/demo-data.js'),
  ]);

  const env: NodeJS.ProcessEnv = { DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', DRAFTER: 'builtin' };
  if (useEnvDrafter)
    for (const [k, v] of Object.entries(process.env)) if (/^(DRAFTER|ANTHROPIC_|OPENAI_)/.test(k)) env[k] = v;
  const config = loadConfig(env, { publicUrl: 'http://localhost:3000', allowPrivateFetch: true });
  const ctx: Context & { close(): Promise<void> } = await buildContext(config, {
    clock: fixedClock('2026-11-22T12:00:00.000Z'),
    logger: pino({ level: 'silent' }),
  });
  await ensureMainSite(ctx);
  // The demo directory's categories: what a fresh install offers the drafter to choose from.
  const categoryNames: string[] = [];
  let position = 0;
  const addCategory = async (slug: string, name: string, parentId: number | null) => {
    categoryNames.push(name);
    const row = await ctx.db
      .insertInto('categories')
      .values({ slug, name, parent_id: parentId, position: position++, created_at: '2026-01-01T00:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  for (const c of demoCategories) {
    const parent = await addCategory(c.slug, c.name, null);
    for (const [slug, name] of c.subs) await addCategory(slug, name, parent);
  }
  const userId = await createUser(ctx.db, { email: 'bench@example.com', name: 'Bench', now: ctx.clock.now() });
  // Warm the HTML worker pool, as on a server that has been up: the first draft should not pay for thread start-up.
  await sharedHtmlParser().parse('<!doctype html><title>warm</title><p>warm</p>', 'http://127.0.0.1/');

  // The server's own workers with their usual poll: a draft's time to ready includes waiting for its job.
  const workers = await startWorkers(ctx);

  return {
    drafter: config.drafter,
    categoryNames,
    async draftUrl(url) {
      const t0 = performance.now();
      const created = await createDraft(ctx, userId, url);
      let draft = created;
      while (draft.status === 'crawling' || draft.status === 'drafting') {
        if (performance.now() - t0 > 120_000) throw new Error(`${url}: not drafted in 120 s`);
        await new Promise((r) => setTimeout(r, 10));
        draft = (await draftById(ctx, ctx.db, created.id))!;
      }
      const ms = performance.now() - t0;
      const read = (
        await ctx.db
          .selectFrom('draft_pages')
          .select('url')
          .where('draft_id', '=', created.id)
          .orderBy('position')
          .execute()
      ).map((r) => r.url);
      return { draft, ms, read };
    },
    close: async () => {
      await workers.stop();
      await ctx.close();
    },
  };
}
