// The schemas MCP's tools/list advertises: lean renderings of each tool's zod
// schemas, so the list an assistant loads before it does anything stays small
// (issue 27: 190 KB, 133 KB of it output schemas; the budget is held by
// test/mcp/tool-list-size.test.ts). The OpenAPI document keeps the full
// schemas (json-schema.ts); the tools still check every input and output
// against their zod schemas (invoke.ts).
//
// Why these choices:
// - No `$defs`/`$ref`, though the repeated draft and listing views invite
//   them: several clients fail the whole tools/list on a local `$ref`
//   (github/copilot-cli#1876, google-gemini/gemini-cli#13142 and #13326,
//   anthropics/claude-code#76040 for a `$ref` inside an outputSchema,
//   kirodotdev/Kiro#10040). Outputs are summarised instead.
// - An output schema is the top-level shape: the tool's key fields
//   (`keyOutputs`, else every top-level field), each by type only; nested
//   objects and arrays are named, not spelled out, and other fields are
//   allowed (JSON Schema's default), so the structuredContent a client
//   validates against it always passes. The result itself shows the detail.
// - Nullable values are `anyOf` of single types, never `type: [T, "null"]`:
//   clients that map schemas onto a single-type dialect (Gemini's function
//   declarations) reject the array form, and the MCP Inspector warns on it.
// - Inputs keep everything an agent needs to build a valid call (names,
//   types, enums, bounds, defaults, descriptions) and drop what only repeats
//   it: a `pattern` spelling out a `format` (uuid, email, date), the ±2^53
//   bounds of every integer, `additionalProperties: false` below the top
//   level (unknown keys are still refused, with the field named).
import type { AnyTool } from '../../tools/define.js';
import { IDEMPOTENCY_ARGUMENT, inputJsonSchema, type JsonSchema, outputJsonSchema } from './json-schema.js';

const FORMATS_WITH_OWN_SYNTAX = new Set(['uuid', 'email', 'date', 'date-time']);
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** `type: [A, B]` as `anyOf: [{type: A}, {type: B}]`, keeping the other keywords on each branch. */
function portableType(schema: JsonSchema): JsonSchema {
  const { type, ...rest } = schema;
  if (!Array.isArray(type)) return schema;
  if (type.length === 1) return { ...rest, type: type[0] };
  const { description, ...constraints } = rest;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: type.map((t) => (t === 'null' ? { type: 'null' } : { type: t, ...constraints })),
  };
}

function leanInputNode(node: unknown, topLevel: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => leanInputNode(item, false));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, leanInputNode(sub, false)]));
    } else if (key === 'enum' || key === 'required' || key === 'default') {
      out[key] = value;
    } else {
      out[key] = leanInputNode(value, false);
    }
  }
  if (typeof out.format === 'string' && FORMATS_WITH_OWN_SYNTAX.has(out.format)) delete out.pattern;
  if (out.minimum === -SAFE_INTEGER) delete out.minimum;
  if (out.maximum === SAFE_INTEGER) delete out.maximum;
  if (!topLevel && out.additionalProperties === false) delete out.additionalProperties;
  return portableType(out);
}

/** The MCP input schema: the tool's input, lean, plus `idempotency_key` where accepted. */
export function mcpInputSchema(tool: AnyTool): JsonSchema {
  const schema = leanInputNode(inputJsonSchema(tool), true) as JsonSchema;
  if (!tool.idempotencyKey) return schema;
  return {
    ...schema,
    properties: {
      ...(schema.properties as JsonSchema),
      [IDEMPOTENCY_ARGUMENT]: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x20-\\x7e]+$',
        description: 'Optional; a retry with the same key and arguments returns the first result (kept 24 h)',
      },
    },
  };
}

/** The JSON types a schema node admits at its top (`undefined`: it does not say). */
function typesOf(schema: JsonSchema): string[] | undefined {
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const branches = ((schema.anyOf ?? schema.oneOf) as JsonSchema[]).map(typesOf);
    if (branches.some((b) => b === undefined)) return undefined;
    return [...new Set(branches.flat() as string[])];
  }
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if ('const' in schema) return [schema.const === null ? 'null' : typeof schema.const];
  return undefined;
}

/**
 * One output field by type only: `{type}` or an `anyOf` of types; a string
 * enum keeps its values (they are the states an agent acts on).
 */
function summariseField(schema: JsonSchema): JsonSchema | undefined {
  const types = typesOf(schema);
  if (!types) return undefined;
  // `integer` is narrower than `number`; both present means number.
  const distinct = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  const values = Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string') ? schema.enum : null;
  const branch = (type: string): JsonSchema => (type === 'string' && values ? { type, enum: values } : { type });
  return distinct.length === 1 ? branch(distinct[0]!) : { anyOf: distinct.map(branch) };
}

/** The MCP output schema: the top-level shape with the tool's key fields, by type (see the header). */
export function mcpOutputSchema(tool: AnyTool): JsonSchema {
  const full = outputJsonSchema(tool);
  const properties = (full.properties ?? {}) as Record<string, JsonSchema>;
  const keys = tool.keyOutputs ?? Object.keys(properties);
  const summary: Record<string, JsonSchema> = {};
  for (const key of keys) {
    const field = properties[key];
    if (!field) throw new Error(`${tool.name}: keyOutputs names ${key}, which its output does not have`);
    const typed = summariseField(field);
    if (typed) summary[key] = typed;
  }
  return { type: 'object', properties: summary };
}
