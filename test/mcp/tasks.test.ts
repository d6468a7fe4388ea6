// Drafting as an MCP task (the io.modelcontextprotocol/tasks extension of
// 2026-07-28): a client that declares the extension gets a task for
// submit_listing and for update_draft's regenerate of a failed draft, follows
// it with tasks/get to the draft get_draft returns, and may cancel it; only
// the draft's owner sees the task. A client without the extension, and every
// 2025-era client, keeps today's answer: the draft crawling, and get_draft to poll.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiKey } from '../../src/auth/api-keys.js';
import type { Scope } from '../../src/auth/caller.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { jobHandlers } from '../../src/scheduler.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { connectHttp, postMcp } from './clients.js';

const TASKS = 'io.modelcontextprotocol/tasks';

let ctx: TestContext;
let server: TestServer;
let site: FixtureSite;
let blocked: FixtureSite;
beforeAll(async () => {
  ctx = await testContext({ allowPrivateFetch: true });
  const g = given(ctx);
  await g.category({ name: 'Invoicing', slug: 'invoicing' });
  await g.category({ name: 'Finance', slug: 'finance' });
  site = await serveSite('rich');
  blocked = await serveSite('blocked');
  server = await startServer(ctx);
});
afterAll(async () => {
  await server?.close();
  await site?.close();
  await blocked?.close();
  await ctx?.close();
});

const runJobs = () => runDueJobs(ctx, jobHandlers, 'test-worker');
const maker = () => userWithKey(ctx, ['account:read', 'listings:write']);

/** The 2026-07-28 per-request envelope, declaring the tasks extension unless `tasks` is false. */
const envelope = (tasks = true) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'tasks-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': tasks ? { extensions: { [TASKS]: {} } } : {},
});

let nextId = 1;

/**
 * A 2026-07-28 request as a tasks-capable client sends it. tools/call goes out
 * raw: the v2 SDK client (2.4.0) refuses a `resultType: "task"` answer as an
 * unsupported result type, so it cannot receive a task itself.
 */
async function rpc(
  auth: Record<string, string>,
  method: string,
  params: Record<string, unknown>,
  opts: { tasks?: boolean; name?: string } = {},
): Promise<{ status: number; body: any }> {
  const res = await postMcp(
    `${server.url}/mcp`,
    { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: envelope(opts.tasks) } },
    {
      ...auth,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(opts.name ? { 'mcp-name': opts.name } : {}),
    },
  );
  return { status: res.status, body: await answerOf(res) };
}

/** The JSON-RPC answer of a response, sent as JSON or (2025-era) as one SSE event. */
async function answerOf(res: Response): Promise<any> {
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data!.slice('data: '.length));
}

const callTool = (auth: Record<string, string>, name: string, args: Record<string, unknown>, tasks = true) =>
  rpc(auth, 'tools/call', { name, arguments: args }, { tasks, name });

/** The v2 SDK client pinned to 2026-07-28, declaring the tasks extension: it sends tasks/get and tasks/cancel itself. */
async function taskClient(auth: Record<string, string>): Promise<Client> {
  const client = new Client(
    { name: 'tasks-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { extensions: { [TASKS]: {} } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: auth } }),
  );
  return client;
}

const detailedTask = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttlMs: z.number().nullable(),
  pollIntervalMs: z.number().optional(),
  result: z.looseObject({ content: z.array(z.unknown()), structuredContent: z.any() }).optional(),
});
const getTask = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/get', params: { taskId } }, detailedTask);
const cancelTask = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/cancel', params: { taskId } }, z.looseObject({}));

describe('a client that declares the tasks extension (2026-07-28)', () => {
  it('is told the server offers it', async () => {
    const { auth } = await maker();
    const client = await taskClient(auth);
    try {
      expect(client.getServerCapabilities()?.extensions).toEqual({ [TASKS]: {}, 'io.modelcontextprotocol/ui': {} });
    } finally {
      await client.close();
    }
  });

  it('submits a URL as a task, sees it working, then receives the ready draft get_draft returns', async () => {
    const { auth } = await maker();
    const { status, body } = await callTool(auth, 'submit_listing', { url: site.url });
    expect(status).toBe(200);
    const handle = body.result;
    expect(handle).toMatchObject({
      resultType: 'task',
      status: 'working',
      statusMessage: 'Reading the website.',
      createdAt: '2026-11-22T12:00:00.000Z',
      ttlMs: 7 * 24 * 3_600_000,
      pollIntervalMs: 5000,
    });
    expect(handle.taskId).toMatch(/^[0-9a-f-]{36}\.[0-9a-z]+$/);
    const draftId = handle.structuredContent.id;
    expect(handle.taskId.startsWith(`${draftId}.`)).toBe(true);

    const client = await taskClient(auth);
    try {
      const working = await getTask(client, handle.taskId);
      expect(working).toMatchObject({ taskId: handle.taskId, status: 'working', createdAt: handle.createdAt });
      expect(working.result).toBeUndefined();

      await runJobs();
      const done = await getTask(client, handle.taskId);
      expect(done).toMatchObject({
        taskId: handle.taskId,
        status: 'completed',
        statusMessage: 'The draft is ready to review.',
      });
      const draft = done.result!.structuredContent;
      expect(draft).toMatchObject({ id: draftId, status: 'ready' });
      expect(draft.fields.name.value).toBe('Tallyho');
      expect(JSON.parse((done.result!.content[0] as { text: string }).text)).toEqual(draft);
      // The same body get_draft answers.
      const viaGetDraft = await client.callTool({ name: 'get_draft', arguments: { id: draftId } });
      expect(viaGetDraft.structuredContent).toEqual(draft);
    } finally {
      await client.close();
    }
  });

  it('does not show a task to another user, or to a caller who is not signed in', async () => {
    const owner = await maker();
    const other = await maker();
    const { body } = await callTool(owner.auth, 'submit_listing', { url: site.url });
    const taskId = body.result.taskId;
    const client = await taskClient(other.auth);
    try {
      await expect(getTask(client, taskId)).rejects.toThrow(/Task not found/);
      await expect(cancelTask(client, taskId)).rejects.toThrow(/Task not found/);
    } finally {
      await client.close();
    }
    const update = { taskId, inputResponses: { x: { action: 'accept' } } };
    const foreignUpdate = await rpc(other.auth, 'tasks/update', update, { name: taskId });
    expect(foreignUpdate.body.error).toMatchObject({
      code: -32602,
      message: 'Failed to retrieve task: Task not found',
    });
    // Its owner's update is acknowledged (a draft's run asks for no input, so the response is ignored).
    const ownUpdate = await rpc(owner.auth, 'tasks/update', update, { name: taskId });
    expect(ownUpdate.body.result).toMatchObject({ resultType: 'complete' });
    // Not signed in: the HTTP answer is the OAuth challenge, as for get_draft.
    const anonymous = await rpc({}, 'tasks/get', { taskId }, { name: taskId });
    expect(anonymous.status).toBe(401);
    // No credentials, no error code (RFC 6750 §3.1): only how to sign in.
    expect(anonymous.body).toEqual({
      error_description: expect.stringContaining('needs sign-in with scope account:read'),
    });
    // The other user's cancel changed nothing.
    const mine = await rpc(owner.auth, 'tasks/get', { taskId }, { name: taskId });
    expect(mine.body.result.status).toBe('working');
  });

  it("needs the scope of what each method does: tasks/get get_draft's, tasks/update and tasks/cancel update_draft's", async () => {
    const owner = await maker();
    const { body } = await callTool(owner.auth, 'submit_listing', { url: site.url });
    const taskId = body.result.taskId;
    const keyOf = async (scopes: Scope[]) => {
      const { key } = await createApiKey(ctx.db, {
        userId: owner.userId,
        name: 'narrow',
        scopes,
        now: ctx.clock.now(),
      });
      return { auth: { authorization: `Bearer ${key}` } };
    };
    const readOnly = await keyOf(['account:read']);
    const ordersOnly = await keyOf(['orders:write']);
    for (const [auth, method, scope] of [
      [ordersOnly.auth, 'tasks/get', 'account:read'],
      [readOnly.auth, 'tasks/cancel', 'listings:write'],
      [readOnly.auth, 'tasks/update', 'listings:write'],
    ] as const) {
      const params = method === 'tasks/update' ? { taskId, inputResponses: {} } : { taskId };
      const { status, body: answer } = await rpc(auth, method, params, { name: taskId });
      expect(status, method).toBe(403);
      expect(answer, method).toMatchObject({
        error: 'insufficient_scope',
        error_description: `${method} needs the ${scope} scope, which this credential does not have.`,
      });
    }
    // The read-only key still follows the task; the refused cancel changed nothing.
    const followed = await rpc(readOnly.auth, 'tasks/get', { taskId }, { name: taskId });
    expect(followed.body.result.status).toBe('working');
  });

  it('answers "not found" for task ids that are not ones, and refuses an over-long one', async () => {
    const { auth } = await maker();
    for (const taskId of ['nope', '"><img src=x onerror=alert(1)>', `${crypto.randomUUID()}.zzzz`]) {
      const { body } = await rpc(auth, 'tasks/get', { taskId }, { name: taskId });
      expect(body.error, taskId).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found' });
    }
    const long = 'x'.repeat(101);
    const { body } = await rpc(auth, 'tasks/get', { taskId: long }, { name: long });
    expect(body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid params for tasks/get'),
    });
    // The Mcp-Name header routes a task request: it must name the task (the SDK checks it).
    const unrouted = await rpc(auth, 'tasks/get', { taskId: 'nope' });
    expect(unrouted.body.error).toMatchObject({ code: -32020 });
  });

  it('cancels a run mid-crawl: the draft stops at its next step and the task ends cancelled', async () => {
    const { auth } = await maker();
    const slow = await serveSite('rich', { hold: ['/pricing'] });
    const { body } = await callTool(auth, 'submit_listing', { url: slow.url });
    const { taskId, structuredContent: created } = body.result;
    const client = await taskClient(auth);
    try {
      const running = runJobs();
      while (!slow.requests.includes('/pricing')) await new Promise((r) => setTimeout(r, 10));
      expect(await cancelTask(client, taskId)).not.toHaveProperty('status');
      slow.release();
      await running;
      const task = await getTask(client, taskId);
      expect(task).toMatchObject({ status: 'cancelled', statusMessage: 'Cancelled at your request.' });
      expect(task.result).toBeUndefined();
      const draft = await client.callTool({ name: 'get_draft', arguments: { id: created.id } });
      expect(draft.structuredContent).toMatchObject({ status: 'failed', failure_reason: 'Cancelled at your request.' });
      // Cancelling a finished task changes nothing.
      await cancelTask(client, taskId);
      expect((await getTask(client, taskId)).status).toBe('cancelled');
    } finally {
      await client.close();
      await slow.close();
    }
  });

  it('follows a failed draft to completed (the draft says why), and its regenerate as a new task', async () => {
    const { auth } = await maker();
    const { body } = await callTool(auth, 'submit_listing', { url: blocked.url });
    const first = body.result;
    await runJobs();
    const failed = await rpc(auth, 'tasks/get', { taskId: first.taskId }, { name: first.taskId });
    expect(failed.body.result).toMatchObject({
      status: 'completed',
      statusMessage: expect.stringMatching(/^Reading the site failed: /),
    });
    expect(failed.body.result.result.structuredContent).toMatchObject({ status: 'failed' });

    ctx.clock.advance(60_000);
    const retried = await callTool(auth, 'update_draft', { id: first.structuredContent.id, regenerate: ['name'] });
    const second = retried.body.result;
    expect(second).toMatchObject({ resultType: 'task', status: 'working', createdAt: '2026-11-22T12:01:00.000Z' });
    expect(second.taskId).not.toBe(first.taskId);
    // An edit of a ready or failed draft that starts no run answers at once, as before.
    const edit = await callTool(auth, 'update_draft', { id: first.structuredContent.id, lock_fields: ['name'] });
    expect(edit.body.result.resultType).toBe('complete');
    expect(edit.body.result.structuredContent.locked_fields).toEqual(['name']);
  });
});

describe('a client without the tasks extension', () => {
  it('gets the draft crawling and get_draft to poll, as before, on 2026-07-28', async () => {
    const { auth } = await maker();
    const { body } = await callTool(auth, 'submit_listing', { url: site.url }, false);
    expect(body.result.resultType).toBe('complete');
    expect(body.result.taskId).toBeUndefined();
    expect(body.result.structuredContent).toMatchObject({ status: 'crawling' });
    expect(body.result.structuredContent.next_steps[0].tool).toBe('get_draft');
    const refused = await rpc(auth, 'tasks/get', { taskId: 'x' }, { tasks: false, name: 'x' });
    expect(refused.body.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
  });

  it.each(['v2-2025-11-25', 'v1'] as const)(
    'gets the same on the 2025 era (%s client), with no tasks offered',
    async (kind) => {
      const { auth } = await maker();
      const client = await connectHttp(kind, `${server.url}/mcp`, auth);
      try {
        const result = await client.callTool('submit_listing', { url: site.url });
        expect(result).not.toHaveProperty('task');
        expect(result.structuredContent).toMatchObject({ status: 'crawling' });
      } finally {
        await client.close();
      }
      const legacy = await postMcp(
        `${server.url}/mcp`,
        { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'x' } },
        { ...auth, 'mcp-protocol-version': '2025-11-25' },
      );
      expect((await answerOf(legacy)).error).toMatchObject({ code: -32601 });
    },
  );
});
