// Runs one tool for one caller, the same way for every face: validate the
// input against the tool's schema, check the scope, honour an Idempotency-Key,
// call the handler, and check the output against the declared schema.
import type { z } from 'zod';
import type { AnyTool } from '../tools/define.js';
import { type Caller, callerKey } from './auth/caller.js';
import type { Context } from './context.js';
import { AppError, type FieldError } from './errors.js';
import { isValidIdempotencyKey, type StoredResponse, withIdempotency } from './services/idempotency.js';

/** zod issues → `{ path, message }` naming the offending field (dot path). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: base ? `${base}.${key}` : key, message: 'unknown field; remove it' }));
    }
    return [{ path: base || '(body)', message: issue.message }];
  });
}

export function parseInput(tool: AnyTool, raw: unknown): Record<string, unknown> {
  const parsed = tool.input.safeParse(raw ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const named = errors.map((e) => e.path).join(', ');
    throw new AppError('invalid', `Invalid input for ${tool.name}: check ${named}.`, { errors });
  }
  return parsed.data as Record<string, unknown>;
}

export function checkScope(tool: AnyTool, caller: Caller): void {
  if (tool.scope === null) return;
  if (caller.kind === 'anonymous') {
    throw new AppError('unauthenticated', `${tool.name} needs sign-in: send "Authorization: Bearer <token or API key>" with scope ${tool.scope}.`);
  }
  if (!caller.scopes.includes(tool.scope)) {
    throw new AppError('forbidden', `${tool.name} needs the ${tool.scope} scope, which this credential does not have.`);
  }
}

export interface InvokeOptions {
  idempotencyKey?: string;
  /** Name of the field the key arrived in, for error messages. */
  idempotencyField?: string;
}

export async function invokeTool(ctx: Context, tool: AnyTool, raw: unknown, caller: Caller, opts: InvokeOptions = {}): Promise<StoredResponse> {
  checkScope(tool, caller);
  const input = parseInput(tool, raw);
  const status = tool.http.status ?? 200;
  const run = async () => {
    const result = await tool.handler(ctx, input, caller);
    return { status, body: tool.output.parse(result) };
  };
  if (opts.idempotencyKey === undefined || !tool.idempotencyKey) return { ...(await run()), replayed: false };
  const field = opts.idempotencyField ?? 'Idempotency-Key';
  if (!isValidIdempotencyKey(opts.idempotencyKey)) {
    throw new AppError('invalid', `${field} must be 1–255 printable ASCII characters.`, {
      errors: [{ path: field, message: 'must be 1–255 printable ASCII characters' }],
    });
  }
  return withIdempotency(ctx, { callerKey: callerKey(caller), operation: tool.name, key: opts.idempotencyKey, input }, run);
}
