// The layer rules in biome.json (ARCHITECTURE §2: faces → registry → tools →
// domain → db; a face never imports another; db/ imports no app code) catch
// a deliberate violation: each probe below is written at its path into a
// scratch copy of the tree's lint configuration and linted once.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** [file, what it imports, whether the rules let it]. */
const PROBES: [string, string, boolean][] = [
  ['src/listings/probe.ts', '../http/problem.js', false],
  ['src/drafts/crawler/probe.ts', '../../mcp/server.js', false],
  ['src/orders/probe.ts', '../registry/invoke.js', false],
  ['src/search/probe.ts', '../../tools/schemas.js', false],
  ['src/platform/probe.ts', '../web/ui/html.js', false],
  ['src/community/allowed.ts', '../platform/db.js', true],
  ['db/migrations/probe.ts', '../../src/context.js', false],
  ['db/seed/probe.ts', '../../tools/index.js', false],
  ['db/allowed.ts', './schema.js', true],
  ['tools/listings/probe.ts', '../../src/http/problem.js', false],
  ['tools/listings/allowed.ts', '../../src/listings/profile.js', true],
  ['src/registry/probe.ts', '../mcp/server.js', false],
  ['src/mcp/probe.ts', '../http/problem.js', false],
  ['src/mcp/allowed.ts', '../registry/invoke.js', true],
  ['src/web/probe.ts', '../mcp/server.js', false],
  ['src/web/public/probe.ts', '../../http/rest.js', false],
  ['src/web/public/allowed.ts', '../../registry/invoke.js', true],
  ['src/web/pages/public/probe.ts', './home.js', false],
  ['src/web/pages/public/probe-area.ts', '../maker/draft.js', false],
  ['src/web/pages/public/probe-face.ts', '../../../http/rest.js', false],
  ['src/web/pages/public/allowed-kit.ts', '../../ui/html.js', true],
  ['src/web/pages/public/allowed-define.ts', '../define.js', true],
  ['src/web/pages/public/allowed-domain.ts', '../../../launches/launches.js', true],
  ['src/http/probe.ts', '../web/ui/html.js', false],
  ['src/http/app.ts', '../web/ui/html.js', true],
  ['src/oauth/probe.ts', '../web/auth/router.js', false],
  ['src/oauth/allowed.ts', '../web/ui/html.js', true],
];

let scratch: string;
let flagged: Map<string, string>;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'launchboard-layers-'));
  copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
  for (const [file, spec] of PROBES) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), `import { probe } from '${spec}';\n\nexport const used = probe;\n`);
  }
  // biome exits 1 when it reports errors: the JSON report is what is read.
  const { stdout } = await promisify(execFile)(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: scratch,
  }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
  const report = JSON.parse(stdout) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  flagged = new Map(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => [d.location.path, d.message]),
  );
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the layer rules', () => {
  it.each(PROBES.filter(([, , allowed]) => !allowed))('refuse %s importing %s', (file) => {
    expect(flagged.get(file)).toMatch(/face|registry|app code|OAuth|a page never imports a page/);
  });

  it.each(PROBES.filter(([, , allowed]) => allowed))('let %s import %s', (file) => {
    expect(flagged.has(file)).toBe(false);
  });
});
