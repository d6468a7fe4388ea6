// The REST reference (docs/rest.md, linked from the README) must name every operation the registry has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tools } from '../tools/index.js';

const reference = readFileSync(new URL('../docs/rest.md', import.meta.url), 'utf8');

describe('docs/rest.md', () => {
  it.each(tools.map((t) => [t.name, t] as const))('lists %s with its method and path', (name, tool) => {
    expect(reference).toContain(`| \`${name}\` | \`${tool.http.method} ${tool.http.path}\` |`);
  });
});
