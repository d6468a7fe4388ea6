// `launchboard doctor` as an operator runs it: a plain report, exit code 1
// while something fails, 0 once the database is migrated, and --json.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'lb-doctor-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'doctor.db')}`,
  PUBLIC_URL: 'https://launch.example.com',
  LOG_LEVEL: 'silent',
};
const cli = (...args: string[]) => run(process.execPath, ['bin/launchboard.js', ...args], { env });

describe('launchboard doctor', () => {
  it('fails before the database exists, says how to fix it, and passes after migrate', async () => {
    const failed = await cli('doctor').then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/^FAIL {2}database +no database file at .*doctor\.db: run `launchboard migrate`/m);

    await cli('migrate');
    const { stdout } = await cli('doctor');
    expect(stdout).toMatch(/^ok {4}migrations +all \d+ applied$/m);
    expect(stdout).toMatch(/^warn {2}mail +SMTP_URL is not set/m);
    expect(stdout).toMatch(/ 0 failures\n$/);
  });

  it('prints the checks as JSON with --json', async () => {
    const { stdout } = await cli('doctor', '--json');
    const { checks } = JSON.parse(stdout) as { checks: { name: string; status: string }[] };
    expect(checks.find((c) => c.name === 'public URL')).toMatchObject({ status: 'ok' });
    expect(checks.every((c) => ['ok', 'warn', 'fail'].includes(c.status))).toBe(true);
  });
});
