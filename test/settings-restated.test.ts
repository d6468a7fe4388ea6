// A number the admin can set is read where it is shown, never written into
// text: no source file, tool description, prompt or doc restates the free
// launch window ("6–8 weeks") outside the settings' defaults.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settingDefaults } from '../src/directory/settings.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the free launch window', () => {
  it('is written nowhere but in the settings', () => {
    const { free_launch_weeks_min: min, free_launch_weeks_max: max } = settingDefaults;
    const pattern = `${min}\\s*(–|-|to)\\s*${max} weeks`;
    // git grep exits 1 when nothing matches; its output is what is read.
    let found = '';
    try {
      found = execFileSync(
        'git',
        ['grep', '-n', '-E', '--untracked', pattern, '--', 'src', 'tools', 'resources', 'bin', 'README.md', 'docs'],
        { cwd: ROOT, encoding: 'utf8' },
      );
    } catch (err) {
      if ((err as { status?: number }).status !== 1) throw err;
    }
    expect(found).toBe('');
  });
});
