// How a page acts: it calls the same tool REST and MCP call (or one of the
// website's own operations, tools/web), through the registry's invoke path
// with the signed-in person as the caller, so the validation, bounds, scopes,
// ownership, idempotency and errors are the ones the API has. With `act`, a
// refusal the person can fix (a bad field, a conflict) comes back as a
// Problem for the form to show, and anything else is thrown to the page's
// error handler; `perform` throws every refusal for the page to map.
import type { AnyTool, AnyWebOperation } from '../../../tools/define.js';
import { tools } from '../../../tools/index.js';
import { webOperations } from '../../../tools/web/index.js';
import { webCaller } from '../../auth/caller.js';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { AppError, type FieldError } from '../../errors.js';
import { invokeTool } from '../../registry/invoke.js';

/** The tools, and the operations only the website performs (tools/web). */
const operationsByName = new Map<string, AnyTool | AnyWebOperation>(
  [...tools, ...webOperations].map((operation) => [operation.name, operation]),
);

/** What a form shows when a tool refused: the message and each field's problem. */
export interface Problem {
  status: number;
  message: string;
  errors: FieldError[];
}

export type Outcome<T> = { ok: true; body: T } | { ok: false; problem: Problem };

/** Refusals a form answers itself; 401, 403 and 404 go to the page's error handler. */
const FORM_STATUSES = new Set([400, 409, 413, 422, 429]);

/** Runs a tool or web operation as the signed-in person; a refusal is thrown as the AppError it is. */
export async function perform<T = Record<string, unknown>>(
  ctx: Context,
  session: WebSession,
  name: string,
  input: Record<string, unknown>,
  opts: { idempotencyKey?: string; ip?: string } = {},
): Promise<T> {
  const operation = operationsByName.get(name);
  if (!operation) throw new Error(`no tool or web operation named ${name}`);
  const response = await invokeTool(ctx, operation, input, webCaller(session.userId, opts.ip), {
    ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey, idempotencyField: 'the form' } : {}),
  });
  return response.body as T;
}

export async function act<T = Record<string, unknown>>(
  ctx: Context,
  session: WebSession,
  toolName: string,
  input: Record<string, unknown>,
  opts: { idempotencyKey?: string } = {},
): Promise<Outcome<T>> {
  try {
    return { ok: true, body: await perform<T>(ctx, session, toolName, input, opts) };
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
