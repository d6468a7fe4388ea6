// The tool module contract (ARCHITECTURE §3): one definition per SPEC
// operation, consumed by every face. Input bounds live only in `input`.
import type { z } from 'zod';
import type { Caller, Scope } from '../src/auth/caller.js';
import type { Context } from '../src/context.js';
import type { PreparedOutput } from '../src/platform/prepared-output.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** The SPEC operationId. */
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what to call next. */
  description: string;
  /** null for public tools. */
  scope: Scope | null;
  /** path uses `{param}` placeholders; status defaults to 200. */
  http: { method: HttpMethod; path: string; status?: number };
  input: I;
  output: O;
  /**
   * The top-level output fields MCP's tools/list names, by type only: what an
   * agent chains on (ids, status, next_steps). Absent: every top-level field.
   * The OpenAPI document keeps the full output schema (src/registry/mcp-schema.ts).
   */
  keyOutputs?: string[];
  annotations: ToolAnnotations;
  /** Accepts an Idempotency-Key (REST header, MCP `idempotency_key` argument). */
  idempotencyKey?: boolean;
  /**
   * Top-level output fields that change on every call (a view counter): left
   * out of a public GET's weak ETag, so conditional reads still get 304.
   */
  volatileOutput?: string[];
  /**
   * Work the call leaves running (a draft's crawl), which an MCP client that
   * accepts tasks follows as one (src/mcp/tasks.ts): the task's id, given the
   * input and the output; undefined when the output is already final.
   */
  backgroundTask?(input: z.output<I>, output: z.output<O>): string | undefined;
  /**
   * The MCP App that shows this tool's result in hosts that render Apps
   * (src/mcp/draft-app.ts): `draft-review` for a tool whose output is a draft.
   */
  app?: 'draft-review';
  /** Returns the output, or a PreparedOutput of it from a cache (checked and serialised when cached). */
  handler(ctx: Context, input: z.output<I>, caller: Caller): Promise<z.input<O> | PreparedOutput>;
}

export type AnyTool = ToolDefinition<z.ZodObject, z.ZodType>;

/**
 * A write SPEC keeps off the API (follows, reviews, reports…): the website
 * performs it through the same invoke path as a tool (validation, bounds,
 * errors, idempotency), but it has no REST route and no MCP tool, and its
 * handler answers only a person signed in on the site (webPerson; webAdminId
 * for the admins' operations).
 */
export interface WebOperationDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType>
  extends Omit<ToolDefinition<I, O>, 'http' | 'scope' | 'keyOutputs' | 'volatileOutput' | 'backgroundTask' | 'app'> {
  /** Signed-in people only, checked by the handler: the website's session is the one caller it knows. */
  scope: null;
  http?: undefined;
}

export type AnyWebOperation = WebOperationDefinition<z.ZodObject, z.ZodType>;

export function defineWebOperation<I extends z.ZodObject, O extends z.ZodType>(
  operation: WebOperationDefinition<I, O>,
): AnyWebOperation {
  return operation as unknown as AnyWebOperation;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodType>(tool: ToolDefinition<I, O>): AnyTool {
  return tool as unknown as AnyTool;
}

/** `{slug}` names in a route path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
}
