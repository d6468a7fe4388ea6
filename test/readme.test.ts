// The README is the front door: it must name every operation the registry has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tools } from '../tools/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(tools.map((t) => [t.name, t] as const))('lists %s with its method and path', (name, tool) => {
    expect(readme).toContain(`| \`${name}\` | \`${tool.http.method} ${tool.http.path}\` |`);
  });
});
