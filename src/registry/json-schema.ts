// The full JSON Schemas of every tool, as the OpenAPI document publishes them.
// MCP's tools/list advertises lean renderings of them (mcp-schema.ts), computed
// once at start and shared by all the per-request MCP servers.
import { z } from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { AnyTool } from '../../tools/define.js';

export type JsonSchema = Record<string, unknown>;

export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';

/**
 * The mark of a description meant for the API documents only (`docsOnly` in
 * tools/schemas.ts): a parameter whose name and bounds say it all to an agent
 * (page, per_page, an id from another result) keeps a sentence in the
 * OpenAPI document, and the MCP tool list, which an assistant pays for in
 * context, leaves it out.
 */
export const DOCS_ONLY = 'x-docs-only';

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

/** The schema without the docs-only marks (the descriptions stay). */
function unmarked(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unmarked);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonSchema)
      .filter(([key]) => key !== DOCS_ONLY)
      .map(([key, value]) => [key, key === 'enum' || key === 'default' ? value : unmarked(value)]),
  );
}

/** The input schema with its docs-only marks, for the MCP rendering that acts on them. */
export function markedInputJsonSchema(tool: AnyTool): JsonSchema {
  return strip(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

export function inputJsonSchema(tool: AnyTool): JsonSchema {
  return unmarked(markedInputJsonSchema(tool)) as JsonSchema;
}

export function outputJsonSchema(tool: AnyTool): JsonSchema {
  return strip(z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
}

/**
 * A Standard Schema that only carries a JSON Schema. Validation passes the
 * value through: the shared invoke step validates with the tool's zod schema,
 * so MCP and REST report bad input with the same field-naming messages.
 */
export function passThroughSchema(json: JsonSchema): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'launchboard',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  } as StandardSchemaWithJSON;
}
