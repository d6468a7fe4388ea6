// MCP's tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) on the
// 2026-07-28 protocol: a tools/call that leaves work running (a draft's crawl:
// `backgroundTask` in tools/define.ts) answers a task at once when the request
// declares the extension; tasks/get follows it to its result (the draft as
// get_draft returns it) and tasks/cancel stops it (tasks/update acknowledges:
// a draft's run never asks for input). The v2 SDK carries the
// extension's plumbing (its era gate admits tasks/get and tasks/cancel
// registered with their schemas, its encoder lets `resultType: "task"` through
// on tools/call, its HTTP layer checks the Mcp-Name header against the task
// id); the store is the drafts table (src/drafts/tasks.ts). The SDK has no
// runtime for 2025-11-25's task methods, so 2025-era clients poll get_draft.
import { randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type CallToolResult,
  type ClientCapabilities,
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Caller, Scope } from '../auth/caller.js';
import type { Context } from '../context.js';
import { cancelDraftTask, type DraftTask, draftTaskResult, ownDraftTask } from '../drafts/tasks.js';
import { checkScope } from '../registry/invoke.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Drafting takes about a minute: a poll every few seconds is plenty. */
const POLL_INTERVAL_MS = 5_000;
/** How long a task is promised to be kept; the drafts table keeps it as long as the draft. */
const TTL_MS = 7 * 24 * 3_600_000;

/**
 * The scope each task method needs: following a draft's run reads it as
 * get_draft does; answering or cancelling it changes it, as update_draft does.
 * The HTTP gate (gate.ts) answers 401/403 with these before the SDK sees the
 * request; taskMethod checks them again for stdio.
 */
export const TASK_METHOD_SCOPES: Record<string, Scope> = {
  'tasks/get': 'account:read',
  'tasks/update': 'listings:write',
  'tasks/cancel': 'listings:write',
};

/** The params of the task methods (the SDK lifts tasks/update's `inputResponses` out of them). */
const taskParams = z.object({ taskId: z.string().max(100) });

/** Whether this request declares the tasks extension (2026-07-28 only: a 2025-era request has no envelope). */
export function acceptsTasks(request: ServerContext): boolean {
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The Task fields every task answer carries. */
function taskFields(task: DraftTask) {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: TTL_MS,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
}

/** A tool's answer as a tools/call result: the JSON text and the structured body. */
export function toolResult(body: Record<string, unknown>, text = JSON.stringify(body)): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: body };
}

/**
 * The CreateTaskResult answering a call whose work runs on, or undefined when
 * the caller has no such task (the tool named a task it did not start). The
 * SDK checks every tools/call answer against the tool's output schema, so the
 * handle also carries the tool's own answer (the draft as it stands); a client
 * that accepts tasks reads `resultType` and the task.
 */
export async function taskHandle(
  ctx: Context,
  caller: Caller,
  taskId: string,
  answer: CallToolResult,
): Promise<CallToolResult | undefined> {
  if (caller.kind !== 'user') return undefined;
  const task = await ownDraftTask(ctx, caller.userId, taskId);
  return task ? { ...answer, resultType: 'task', ...taskFields(task) } : undefined;
}

/** The caller's task, or the extension's "not found" (-32602): another user's task is not found either. */
async function callersTask(find: (userId: number) => Promise<DraftTask | null>, caller: Caller): Promise<DraftTask> {
  const task = caller.kind === 'user' ? await find(caller.userId) : null;
  if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');
  return task;
}

/**
 * Runs a task method: a client that did not declare the extension is refused
 * (-32021), a credential without the method's scope too (-32600); a bug is
 * logged, never sent.
 */
async function taskMethod<T>(ctx: Context, request: ServerContext, caller: Caller, run: () => Promise<T>): Promise<T> {
  if (!acceptsTasks(request))
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  const scope = TASK_METHOD_SCOPES[request.mcpReq.method];
  // The scope rule every face runs (a caller not signed in finds no task instead).
  if (caller.kind === 'user' && scope) {
    try {
      checkScope({ name: request.mcpReq.method, scope }, caller);
    } catch (err) {
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, (err as Error).message);
    }
  }
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProtocolError) throw err;
    const correlationId = randomUUID();
    ctx.logger.error({ err, method: request.mcpReq.method, correlationId }, 'task method failed');
    throw new ProtocolError(ProtocolErrorCode.InternalError, `Internal error (correlation id ${correlationId}).`);
  }
}

/** Serves tasks/get, tasks/update and tasks/cancel for `caller` on a server speaking 2026-07-28. */
export function registerTaskMethods(server: McpServer, ctx: Context, caller: Caller): void {
  server.server.setRequestHandler('tasks/get', { params: taskParams }, (params, request) =>
    taskMethod(ctx, request, caller, async () => {
      const task = await callersTask((userId) => ownDraftTask(ctx, userId, params.taskId), caller);
      const result = task.status === 'completed' ? toolResult(await draftTaskResult(ctx, task)) : undefined;
      return { ...taskFields(task), ...(result && { result }) };
    }),
  );
  // A draft run never asks for input, so no response is outstanding: each is ignored, as the extension says.
  server.server.setRequestHandler('tasks/update', { params: taskParams }, (params, request) =>
    taskMethod(ctx, request, caller, async () => {
      await callersTask((userId) => ownDraftTask(ctx, userId, params.taskId), caller);
      return {};
    }),
  );
  // Cooperative, as the extension allows: the draft stops at its next step and the task ends `cancelled`.
  server.server.setRequestHandler('tasks/cancel', { params: taskParams }, (params, request) =>
    taskMethod(ctx, request, caller, async () => {
      await callersTask((userId) => cancelDraftTask(ctx, userId, params.taskId), caller);
      return {};
    }),
  );
}
