// The tool list an assistant loads before it does anything: the
// real tools/list answer, as a client receives it, within its byte budget;
// every tool with a title, annotations and input and output schemas; and
// every schema portable (what the MCP Inspector's schema lint checks).
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { anonymous } from '../../src/auth/caller.js';
import { mcpServerFactory, TOOLSETS } from '../../src/mcp/server.js';
import { outputJsonSchema } from '../../src/registry/json-schema.js';
import { mcpOutputSchema } from '../../src/registry/mcp-schema.js';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';
import { testContext, type TestContext } from '../helpers/context.js';

/** The budget of the compact JSON of the whole tools/list result, in bytes. */
// The list stays small by terse
// descriptions, leaner inputs (src/registry/mcp-schema.ts) and no repeated annotations.title.
// 40 KB held the 44 tools before webhooks; their four tools took 2.4 KB more.
const BUDGET_BYTES = 43 * 1024;

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});
afterAll(async () => {
  await t.close();
});

/** The tools/list result exactly as it reached the client, and its bytes as compact JSON. */
async function listTools(toolsets?: string): Promise<{ bytes: number; tools: ListedTool[] }> {
  const server = await mcpServerFactory(
    t,
    tools,
  )({
    era: 'legacy',
    authInfo: {
      token: '',
      clientId: 'anonymous',
      scopes: [],
      extra: { caller: anonymous(), ...(toolsets ? { [TOOLSETS]: toolsets.split(',') } : {}) },
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'tool-list-size', version: '1.0.0' });
  await client.connect(clientSide);
  let raw: unknown;
  const deliver = clientSide.onmessage!;
  clientSide.onmessage = (message: JSONRPCMessage, extra) => {
    const result = (message as { result?: { tools?: unknown } }).result;
    if (result?.tools) raw = result;
    deliver(message, extra);
  };
  try {
    await client.listTools();
  } finally {
    await client.close();
  }
  const result = raw as { tools: ListedTool[] };
  return { bytes: Buffer.byteLength(JSON.stringify(result)), tools: result.tools };
}

const size = (value: unknown) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

/** The biggest tools, for the failure message: where the bytes go. */
function breakdown(listed: ListedTool[]): string {
  return [...listed]
    .sort((a, b) => size(b) - size(a))
    .slice(0, 8)
    .map(
      (tool) =>
        `${tool.name}: ${size(tool)} B (input ${size(tool.inputSchema)}, output ${size(tool.outputSchema)}, description ${size(tool.description)})`,
    )
    .join('\n');
}

/**
 * What the MCP Inspector's schema lint warns about (and some clients reject):
 * a `type` array, a `$ref` (several clients fail the whole list on one), a
 * boolean schema, a schema that constrains nothing.
 */
function portabilityProblems(schema: unknown, path: string): string[] {
  if (typeof schema === 'boolean') return [`${path}: a boolean schema`];
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (Array.isArray(node.type)) problems.push(`${path}: type is an array`);
  if ('$ref' in node || '$defs' in node || 'definitions' in node) problems.push(`${path}: $ref or $defs`);
  const constraining = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'properties', 'items', 'required'];
  if (!constraining.some((key) => key in node)) problems.push(`${path}: constrains nothing`);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) problems.push(...portabilityProblems(sub, `${path}.${name}`));
    } else if (['items', 'propertyNames', 'not'].includes(key)) {
      problems.push(...portabilityProblems(value, `${path}.${key}`));
    } else if (key === 'additionalProperties' && typeof value === 'object') {
      problems.push(...portabilityProblems(value, `${path}.${key}`));
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key) && Array.isArray(value)) {
      for (const [i, sub] of value.entries()) problems.push(...portabilityProblems(sub, `${path}.${key}[${i}]`));
    }
  }
  return problems;
}

/** The JSON types a full (zod-generated) schema admits at its top; undefined: any. */
function admittedTypes(schema: Record<string, unknown>): Set<string> | undefined {
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (branches) {
    const sets = branches.map(admittedTypes);
    return sets.some((s) => s === undefined) ? undefined : new Set(sets.flatMap((s) => [...s!]));
  }
  if (schema.type !== undefined) return new Set([schema.type].flat() as string[]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if ('const' in schema) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  return undefined;
}

describe('the MCP tool list', () => {
  it(`is at most ${BUDGET_BYTES / 1024} KB of compact JSON, every tool included`, async () => {
    const listed = await listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(
      listed.bytes,
      `tools/list is ${listed.bytes} bytes; the biggest tools:\n${breakdown(listed.tools)}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('gives every tool a title, a description, annotations, and input and output object schemas', async () => {
    for (const tool of (await listTools()).tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      // The title is the top-level one only (src/mcp/server.ts mcpAnnotations).
      expect(tool.annotations, tool.name).not.toHaveProperty('title');
      expect(tool.annotations?.readOnlyHint, tool.name).toBeTypeOf('boolean');
      expect(tool.annotations?.openWorldHint, tool.name).toBeTypeOf('boolean');
      if (tool.annotations?.readOnlyHint === false) {
        expect(tool.annotations.destructiveHint, tool.name).toBeTypeOf('boolean');
        expect(tool.annotations.idempotentHint, tool.name).toBeTypeOf('boolean');
      }
      expect(tool.inputSchema, tool.name).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    }
  });

  it('has only portable schemas: no type arrays, no $ref, nothing that constrains nothing', async () => {
    const problems = (await listTools()).tools.flatMap((tool) => [
      ...portabilityProblems(tool.inputSchema, `${tool.name}.inputSchema`),
      ...portabilityProblems(tool.outputSchema, `${tool.name}.outputSchema`),
    ]);
    expect(problems).toEqual([]);
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s: its MCP output schema admits every value its full output schema does, field by field',
    (_name, tool) => {
      const full = (outputJsonSchema(tool).properties ?? {}) as Record<string, Record<string, unknown>>;
      const lean = (mcpOutputSchema(tool).properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, summary] of Object.entries(lean)) {
        const wanted = admittedTypes(full[key]!);
        const offered = admittedTypes(summary)!;
        if (offered.has('number')) offered.add('integer');
        expect(wanted, `${tool.name}.${key} admits any value; the summary must too`).toBeDefined();
        for (const type of wanted!) expect(offered.has(type), `${tool.name}.${key} may be ${type}`).toBe(true);
        if (Array.isArray(summary.enum) && Array.isArray(full[key]!.enum))
          expect(summary.enum).toEqual(full[key]!.enum);
      }
    },
  );

  it.each(TOOLSET_NAMES)('is smaller for a client that asks only for the %s toolset', async (name) => {
    const all = await listTools();
    const some = await listTools(name);
    expect(some.tools.length).toBeLessThan(all.tools.length);
    expect(some.bytes).toBeLessThan(all.bytes);
  });
});
