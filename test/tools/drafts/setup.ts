// Shared setup of the draft tool tests: a context that may fetch 127.0.0.1
// fixture sites, a few categories, the HTTP server with the draft tools (and
// get_my_listing), a REST caller and a job drain (the queue is driven
// directly, no sleeping). The maker journey in test/e2e/maker-flow uses it too.
import type { Scope } from '../../../src/auth/caller.js';
import { runDueJobs } from '../../../src/platform/jobs.js';
import { jobHandlers } from '../../../src/scheduler.js';
import type { AnyTool } from '../../../tools/define.js';
import get_draft from '../../../tools/drafts/get_draft.js';
import invite_cofounder from '../../../tools/drafts/invite_cofounder.js';
import list_my_drafts from '../../../tools/drafts/list_my_drafts.js';
import submit_draft from '../../../tools/drafts/submit_draft.js';
import submit_listing from '../../../tools/drafts/submit_listing.js';
import update_draft from '../../../tools/drafts/update_draft.js';
import get_my_listing from '../../../tools/listings/get_my_listing.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

export const draftTools: AnyTool[] = [
  submit_listing,
  list_my_drafts,
  get_draft,
  update_draft,
  invite_cofounder,
  submit_draft,
];

export interface DraftTestBed {
  ctx: TestContext;
  server: TestServer;
  /** Runs every due job (crawl, draft, compare) to completion. */
  runJobs(): Promise<{ ran: number; failed: number }>;
  maker(scopes?: Scope[]): Promise<Awaited<ReturnType<typeof userWithKey>>>;
  call(
    method: string,
    path: string,
    auth: Record<string, string>,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function draftTestBed(): Promise<DraftTestBed> {
  const ctx = await testContext({ allowPrivateFetch: true });
  const g = given(ctx);
  await g.category({ name: 'Invoicing', slug: 'invoicing' });
  await g.category({ name: 'Finance', slug: 'finance' });
  await g.category({ name: 'Developer Tools', slug: 'developer-tools' });
  const server = await startServer(ctx, [...draftTools, get_my_listing]);
  return {
    ctx,
    server,
    runJobs: () => runDueJobs(ctx, jobHandlers, 'test-worker'),
    maker: (scopes = ['account:read', 'listings:write']) => userWithKey(ctx, scopes),
    async call(method, path, auth, body, headers = {}) {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { ...auth, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    },
    async close() {
      await server.close();
      await ctx.close();
    },
  };
}
