// A number the admin can set is read where it is shown, never written into
// text: no source file, tool description, prompt or doc restates the free
// launch window ("6–8 weeks") outside the settings' defaults.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settingDefaults } from '../src/directory/settings.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where text for people and assistants is written (read from the files: CI copies the tree without .git). */
const PLACES = ['src', 'tools', 'resources', 'bin', 'docs', 'README.md'];
const TEXT = /\.(ts|js|mjs|md|css|html)$/;

function textFiles(place: string): string[] {
  const path = join(ROOT, place);
  if (statSync(path).isFile()) return [place];
  return (readdirSync(path, { recursive: true }) as string[])
    .filter((file) => TEXT.test(file))
    .map((file) => join(place, file));
}

describe('the free launch window', () => {
  it('is written nowhere but in the settings', () => {
    const { free_launch_weeks_min: min, free_launch_weeks_max: max } = settingDefaults;
    const restated = new RegExp(`${min}\\s*(–|-|to)\\s*${max} weeks`);
    const files = PLACES.flatMap(textFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((file) => restated.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
