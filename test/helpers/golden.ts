// Golden files pin the public surface; UPDATE_GOLDEN=1 rewrites them on purpose.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

export function expectGolden(name: string, value: unknown): void {
  const file = join(dir, name);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.CI && !existsSync(file))
      throw new Error(`golden file ${name} is missing; run UPDATE_GOLDEN=1 npm test and commit it`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text);
    return;
  }
  expect(JSON.parse(text), `${name} drifted; if intended, run UPDATE_GOLDEN=1 npm test and commit`).toEqual(
    JSON.parse(readFileSync(file, 'utf8')),
  );
}
