// The full JSON Schemas of every tool, as the OpenAPI document publishes them.
// MCP's tools/list advertises lean renderings of them (mcp-schema.ts), computed
// once at start and shared by all the per-request MCP servers.
import { z } from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { AnyTool } from '../../tools/define.js';

export type JsonSchema = Record<string, unknown>;

export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

export function inputJsonSchema(tool: AnyTool): JsonSchema {
  return strip(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
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
