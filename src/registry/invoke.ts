// Runs one tool for one caller, the same way for every face: validate the
// input against the tool's schema, check the scope, honour an Idempotency-Key,
// call the handler, and check the output against the declared schema.
import type { z } from 'zod';
import type { AnyTool, AnyWebOperation } from '../../tools/define.js';
import { type Caller, callerKey, scopesToAsk } from '../auth/caller.js';
import { bearerChallenge } from '../auth/challenge.js';
import { protectedResourceMetadataUrl, resourceUrl } from '../auth/resources.js';
import type { Context } from '../context.js';
import { AppError, type FieldError } from '../errors.js';
import { PreparedOutput } from '../platform/prepared-output.js';
import { textProblems } from '../platform/text.js';
import { isValidIdempotencyKey, type StoredResponse, withIdempotency } from './idempotency.js';

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

export function parseInput(tool: Pick<AnyTool, 'name' | 'input'>, raw: unknown): Record<string, unknown> {
  const badText = textProblems(raw);
  if (badText.length > 0) {
    throw new AppError('invalid', `Invalid input for ${tool.name}: check ${badText.map((e) => e.path).join(', ')}.`, {
      errors: badText,
    });
  }
  const parsed = tool.input.safeParse(raw ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const named = errors.map((e) => e.path).join(', ');
    throw new AppError('invalid', `Invalid input for ${tool.name}: check ${named}.`, { errors });
  }
  return parsed.data as Record<string, unknown>;
}

/**
 * The one scope rule of every face. With `challengeAt` (an RFC 9728 metadata
 * URL) the error carries the `WWW-Authenticate: Bearer` challenge HTTP
 * answers with: 401 pointing at the metadata, 403 `insufficient_scope`.
 */
export function checkScope(tool: Pick<AnyTool, 'name' | 'scope'>, caller: Caller, challengeAt?: string): void {
  if (tool.scope === null) return;
  const scope = tool.scope;
  const challenge = (error?: 'insufficient_scope'): Record<string, string> => {
    if (!challengeAt) return {};
    const asked = scopesToAsk(scope, caller.kind === 'user' ? caller.scopes : null).join(' ');
    return {
      'WWW-Authenticate': bearerChallenge({ resourceMetadata: challengeAt, scope: asked, ...(error ? { error } : {}) }),
    };
  };
  if (caller.kind === 'anonymous') {
    throw new AppError(
      'unauthenticated',
      `${tool.name} needs sign-in with scope ${scope}: send "Authorization: Bearer <OAuth token or API key>". People create API keys on the API keys page of their account; over stdio, set LAUNCHBOARD_API_KEY.`,
      { headers: challenge() },
    );
  }
  if (!caller.scopes.includes(scope)) {
    throw new AppError('forbidden', `${tool.name} needs the ${scope} scope, which this credential does not have.`, {
      headers: challenge('insufficient_scope'),
    });
  }
}

export interface InvokeOptions {
  idempotencyKey?: string;
  /** Name of the field the key arrived in, for error messages. */
  idempotencyField?: string;
  /** The RFC 9728 document a 401/403 challenge names; the REST API's when unset (MCP answers those at the HTTP level). */
  resourceMetadata?: string;
}

/** A tool's answer; `prepared` when it came from a cache already serialised (see prepared-output.ts). */
export type ToolResponse = StoredResponse & { prepared?: PreparedOutput };

export async function invokeTool(
  ctx: Context,
  tool: AnyTool | AnyWebOperation,
  raw: unknown,
  caller: Caller,
  opts: InvokeOptions = {},
): Promise<ToolResponse> {
  // The challenge's URL only matters for a signed-in tool: public reads skip building it.
  checkScope(
    tool,
    caller,
    tool.scope === null
      ? undefined
      : (opts.resourceMetadata ?? protectedResourceMetadataUrl(resourceUrl(ctx.config, 'api'))),
  );
  const input = parseInput(tool, raw);
  const status = tool.http?.status ?? 200;
  const run = async () => {
    const result: unknown = await tool.handler(ctx, input, caller);
    // A result from a cache was checked when it was cached.
    if (result instanceof PreparedOutput) return { status, body: result.body(), prepared: result };
    return { status, body: tool.output.parse(result) };
  };
  if (opts.idempotencyKey === undefined || !tool.idempotencyKey) return { ...(await run()), replayed: false };
  const field = opts.idempotencyField ?? 'Idempotency-Key';
  if (!isValidIdempotencyKey(opts.idempotencyKey)) {
    throw new AppError('invalid', `${field} must be 1–255 printable ASCII characters.`, {
      errors: [{ path: field, message: 'must be 1–255 printable ASCII characters' }],
    });
  }
  return withIdempotency(
    ctx,
    { callerKey: callerKey(caller), operation: tool.name, key: opts.idempotencyKey, input },
    run,
  );
}
