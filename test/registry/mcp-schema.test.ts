// The lean schemas MCP advertises: what they leave out of the full ones, and
// that they never use forms clients reject.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { type AnyTool, defineTool } from '../../tools/define.js';
import { mcpInputSchema, mcpOutputSchema } from '../../src/registry/mcp-schema.js';

function tool(input: z.ZodObject, output: z.ZodType, extra: Partial<AnyTool> = {}): AnyTool {
  return {
    ...defineTool({
      name: 'example_tool',
      title: 'Example',
      description: 'An example tool for the lean schema tests, long enough to pass.',
      scope: null,
      http: { method: 'POST', path: '/example' },
      input,
      output,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      handler: async () => ({}),
    }),
    ...extra,
  };
}

const empty = z.object({});

describe('mcpInputSchema', () => {
  it('drops what only repeats a format, the ±2^53 integer bounds and nested closedness, and keeps the rest', () => {
    const schema = mcpInputSchema(
      tool(
        z.strictObject({
          id: z.uuid().describe('The id'),
          on: z.iso.date(),
          count: z.number().int().min(0),
          nested: z.strictObject({ name: z.string().max(10) }).optional(),
          kind: z.enum(['a', 'b']).default('a'),
        }),
        empty,
      ),
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', description: 'The id' },
        on: { type: 'string', format: 'date' },
        count: { type: 'integer', minimum: 0 },
        nested: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } }, required: ['name'] },
        kind: { type: 'string', enum: ['a', 'b'], default: 'a' },
      },
      required: ['id', 'on', 'count'],
      additionalProperties: false,
    });
  });

  it('drops patterns, prose and link lengths, trivial and far-off bounds, and keeps short bounds', () => {
    const schema = mcpInputSchema(
      tool(
        z.strictObject({
          slug: z
            .string()
            .max(220)
            .regex(/^[a-z0-9-]+$/),
          tagline: z.string().min(1).max(200),
          story: z.string().max(8000),
          link: z.string().max(500),
          id: z.number().int().min(1),
          page: z.number().int().min(1).max(1000),
          per_page: z.number().int().min(1).max(100),
          year: z.number().int().min(1800).max(2100).nullable(),
        }),
        empty,
      ),
    );
    expect(schema.properties).toEqual({
      slug: { type: 'string' },
      tagline: { type: 'string', maxLength: 200 },
      story: { type: 'string' },
      link: { type: 'string' },
      id: { type: 'integer' },
      page: { type: 'integer' },
      per_page: { type: 'integer', maximum: 100 },
      year: { anyOf: [{ type: 'integer', minimum: 1800 }, { type: 'null' }] },
    });
  });

  it('spells out a long enum once and names it where it repeats', () => {
    const names = z.enum(['a', 'b', 'c', 'd', 'e']);
    const schema = mcpInputSchema(
      tool(
        z.strictObject({
          lock: z.array(names).optional(),
          redo: z.array(names).optional(),
          size: z.enum(['s', 'm']).optional(),
          other: z.enum(['s', 'm']).optional(),
        }),
        empty,
      ),
    );
    expect(schema.properties).toEqual({
      lock: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] } },
      redo: { type: 'array', items: { type: 'string', description: 'Same enum as lock' } },
      size: { type: 'string', enum: ['s', 'm'] },
      other: { type: 'string', enum: ['s', 'm'] },
    });
  });

  it('adds the optional idempotency_key where the tool accepts one', () => {
    const schema = mcpInputSchema(tool(z.strictObject({}), empty, { idempotencyKey: true }));
    expect((schema.properties as Record<string, unknown>).idempotency_key).toEqual({ type: 'string' });
  });
});

describe('mcpOutputSchema', () => {
  const output = z.object({
    id: z.number().int(),
    status: z.enum(['pending', 'done']),
    note: z.string().nullable(),
    value: z.union([z.string(), z.array(z.string()), z.null()]),
    detail: z.object({ deep: z.object({ deeper: z.string() }) }),
    items: z.array(z.object({ a: z.string() })),
  });

  it('names every top-level field by type, nullable ones as anyOf, nested ones without their detail', () => {
    expect(mcpOutputSchema(tool(empty, output))).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        status: { type: 'string', enum: ['pending', 'done'] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        value: { anyOf: [{ type: 'string' }, { type: 'array' }, { type: 'null' }] },
        detail: { type: 'object' },
        items: { type: 'array' },
      },
    });
  });

  it('names only the key fields when the tool lists them', () => {
    expect(mcpOutputSchema(tool(empty, output, { keyOutputs: ['id', 'status'] }))).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['pending', 'done'] } },
    });
  });

  it('refuses a key field the output does not have', () => {
    expect(() => mcpOutputSchema(tool(empty, output, { keyOutputs: ['nope'] }))).toThrowError(/nope/);
  });
});
