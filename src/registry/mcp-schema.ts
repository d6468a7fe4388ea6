// The schemas MCP's tools/list advertises: lean renderings of each tool's zod
// schemas, so the list an assistant loads before it does anything stays small
// (in full it would be 190 KB, 133 KB of it output schemas; the budget is held by
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
//   types, enums, required, defaults, item counts, the length bounds of text
//   it writes to fit, descriptions) and drop what the server checks anyway
//   and reports with the field named, when it does not help to build the call:
//   - every `pattern`, with the `maxLength` that only bounds its syntax: a
//     regex is how the server checks a value, not how an agent learns it.
//     Slugs, ids and order numbers are copied from other tools' results;
//     where an agent composes a value (a country code, an https link) the
//     description says the syntax in words.
//   - a `maxLength` of 500 and up: the bound of prose (descriptions, stories,
//     posts, bios) and of links, which an agent takes from the maker and never
//     pads. Short bounds (names, taglines, SEO text) stay.
//   - `minLength: 1` and an integer's `minimum: 1`: nobody sends an empty
//     title or an id of 0 on purpose; an integer's `maximum` of 1,000 and up
//     (page 1,000, a USD 100,000 bid, the year 2100, the ±2^53 bound of every
//     integer), as no call means to reach it. Also `additionalProperties:
//     false` below the top level (unknown keys are still refused).
//   - a long enum repeated within one input (update_draft's field names, the
//     social platforms): spelled out where it first appears, and named there
//     by the later places ("Same enum as lock_fields").
//   - of `idempotency_key`, everything but its name and type: the name says
//     what it is (any printable key up to 255 characters; a UUID fits).
//   - descriptions marked docs-only (`docsOnly` in tools/schemas.ts): those
//     of page, per_page and ids copied from other results, which the name
//     and bounds already say; the OpenAPI document keeps them.
import type { AnyTool } from '../../tools/define.js';
import {
  DOCS_ONLY,
  IDEMPOTENCY_ARGUMENT,
  type JsonSchema,
  markedInputJsonSchema,
  outputJsonSchema,
} from './json-schema.js';

/** Length bounds from this up are those of prose and links (see the header): the server checks them. */
const LONG_TEXT = 500;
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
/** Integer maxima from this up are past any value a call means (see the header). */
const FAR_OFF = 1000;

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
  if (out.pattern !== undefined || (typeof out.maxLength === 'number' && out.maxLength >= LONG_TEXT)) {
    delete out.maxLength;
  }
  delete out.pattern;
  if (out.minLength === 1) delete out.minLength;
  const integer = [out.type].flat().includes('integer');
  if (integer && out.minimum === 1) delete out.minimum;
  if (out.minimum === -SAFE_INTEGER) delete out.minimum;
  if (integer && typeof out.maximum === 'number' && out.maximum >= FAR_OFF) delete out.maximum;
  if (!topLevel && out.additionalProperties === false) delete out.additionalProperties;
  if (out[DOCS_ONLY]) delete out.description;
  delete out[DOCS_ONLY];
  return portableType(out);
}

/** Enums this long are worth naming rather than repeating (see the header). */
const LONG_ENUM = 5;

/**
 * Spells out each long enum once, in document order: a later node with the
 * same values keeps its type and names where they are. `path` is the dotted
 * property path, array items and nullable branches not counted.
 */
function onceEachEnum(node: unknown, path: string, seen: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const item of node) onceEachEnum(item, path, seen);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (Array.isArray(schema.enum) && schema.enum.length >= LONG_ENUM) {
    const key = JSON.stringify(schema.enum);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, path);
    else {
      delete schema.enum;
      schema.description = schema.description
        ? `${schema.description} (same enum as ${first})`
        : `Same enum as ${first}`;
    }
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) onceEachEnum(sub, path ? `${path}.${name}` : name, seen);
    } else if (key !== 'enum' && key !== 'required' && key !== 'default') {
      onceEachEnum(value, path, seen);
    }
  }
}

/** The MCP input schema: the tool's input, lean, plus `idempotency_key` where accepted. */
export function mcpInputSchema(tool: AnyTool): JsonSchema {
  const schema = leanInputNode(markedInputJsonSchema(tool), true) as JsonSchema;
  onceEachEnum(schema, '', new Map());
  if (!tool.idempotencyKey) return schema;
  return {
    ...schema,
    properties: {
      ...(schema.properties as JsonSchema),
      [IDEMPOTENCY_ARGUMENT]: { type: 'string' },
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
