// Invariants every tool must keep, looped over the registry, plus the golden
// snapshot of the tool list with the schemas MCP advertises (the full schemas
// are pinned by the OpenAPI golden) and the rule that every tool has its own
// test file (the website's own operations, tools/web, too).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathParams } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { webOperations } from '../../tools/web/index.js';
import { inputJsonSchema, outputJsonSchema } from '../../src/registry/json-schema.js';
import { mcpInputSchema, mcpOutputSchema } from '../../src/registry/mcp-schema.js';
import { expectGolden } from '../helpers/golden.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const groups = readdirSync(join(root, 'tools'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** The folders under tools/ that hold a module named for the tool. */
const groupsOf = (name: string) => groups.filter((g) => existsSync(join(root, 'tools', g, `${name}.ts`)));

describe('the tool registry', () => {
  it('has unique names and unique method + path pairs', () => {
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = tools.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s keeps the tool contract', (_name, tool) => {
    expect(tool.name).toMatch(/^[a-z][a-z_]+$/);
    expect(tool.title.length).toBeGreaterThan(0);
    expect(tool.description.length).toBeGreaterThan(40);
    expect(tool.annotations).toBeDefined();
    // readOnlyHint exactly on GETs
    expect(tool.annotations.readOnlyHint).toBe(tool.http.method === 'GET');
    // destructiveHint only on deletes
    expect(tool.annotations.destructiveHint === true).toBe(tool.http.method === 'DELETE');
    // every path parameter is in the input schema and required
    const input = inputJsonSchema(tool);
    const props = Object.keys((input.properties ?? {}) as object);
    for (const param of pathParams(tool.http.path)) {
      expect(props).toContain(param);
      expect(input.required).toContain(param);
    }
    // input objects are closed: unknown keys are rejected
    expect(input.additionalProperties).toBe(false);
    expect(outputJsonSchema(tool).type).toBe('object');
    // a 201 only on creating POSTs
    if (tool.http.status === 201) expect(tool.http.method).toBe('POST');
    // signed-in tools name a known scope; public tools none
    expect([null, 'account:read', 'listings:write', 'orders:write']).toContain(tool.scope);
  });

  it('matches the committed golden tool list', () => {
    expectGolden(
      'tools.json',
      tools.map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        scope: t.scope,
        http: t.http,
        annotations: t.annotations,
        idempotencyKey: t.idempotencyKey ?? false,
        inputSchema: mcpInputSchema(t),
        outputSchema: mcpOutputSchema(t),
      })),
    );
  });

  it.each([...tools, ...webOperations].map((t) => [t.name] as const))(
    '%s has its own test file, test/tools/<group>/<name>.test.ts',
    (name) => {
      const found = groupsOf(name);
      expect(found, `one module tools/<group>/${name}.ts`).toHaveLength(1);
      const file = join('test', 'tools', found[0]!, `${name}.test.ts`);
      expect(existsSync(join(root, file)), `${file} is missing`).toBe(true);
    },
  );

  it('has no test file under test/tools/<group>/ that is not named for a tool of that group (journeys across tools live in test/e2e/)', () => {
    const names = new Set([...tools, ...webOperations].map((t) => t.name));
    const strays: string[] = [];
    for (const group of groups) {
      const dir = join(root, 'test', 'tools', group);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
        const name = file.slice(0, -'.test.ts'.length);
        if (!names.has(name) || !groupsOf(name).includes(group)) strays.push(`test/tools/${group}/${file}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
