// How a page acts: it calls the same tool REST and MCP call, through the
// registry's invoke path with the signed-in person as the caller, so the
// validation, bounds, scopes, ownership, idempotency and errors are the ones
// the API has. A refusal the person can fix (a bad field, a conflict) comes
// back as a Problem for the form to show; anything else is thrown to the
// page's error handler.
import { tools } from '../../../tools/index.js';
import type { AnyTool } from '../../../tools/define.js';
import { webCaller } from '../../auth/caller.js';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { AppError, type FieldError } from '../../errors.js';
import { invokeTool } from '../../registry/invoke.js';

const toolsByName = new Map<string, AnyTool>(tools.map((tool) => [tool.name, tool]));

/** What a form shows when a tool refused: the message and each field's problem. */
export interface Problem {
  status: number;
  message: string;
  errors: FieldError[];
}

export type Outcome<T> = { ok: true; body: T } | { ok: false; problem: Problem };

/** Refusals a form answers itself; 401, 403 and 404 go to the page's error handler. */
const FORM_STATUSES = new Set([400, 409, 413, 422, 429]);

export async function act<T = Record<string, unknown>>(
  ctx: Context,
  session: WebSession,
  toolName: string,
  input: Record<string, unknown>,
  opts: { idempotencyKey?: string } = {},
): Promise<Outcome<T>> {
  const tool = toolsByName.get(toolName);
  if (!tool) throw new Error(`no tool named ${toolName}`);
  try {
    const response = await invokeTool(ctx, tool, input, webCaller(session.userId), {
      ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey, idempotencyField: 'the form' } : {}),
    });
    return { ok: true, body: response.body as T };
  } catch (err) {
    if (err instanceof AppError && FORM_STATUSES.has(err.status)) {
      return { ok: false, problem: { status: err.status, message: err.message, errors: err.errors } };
    }
    throw err;
  }
}

/** A read that must succeed for the page to show (a 404 is the page's 404). */
export async function read<T = Record<string, unknown>>(
  ctx: Context,
  session: WebSession,
  toolName: string,
  input: Record<string, unknown>,
): Promise<T> {
  const outcome = await act<T>(ctx, session, toolName, input);
  if (!outcome.ok) throw new AppError('invalid', outcome.problem.message, { errors: outcome.problem.errors });
  return outcome.body;
}
