// server.json, our entry for the official MCP Registry: it validates against
// the registry's published schema (a stored copy: tests have no network),
// names the npm package this repository builds at its version, ships in the
// tarball, lists only settings the program reads and docs/configuration.md
// documents, and its remote is our MCP endpoint once the host is filled in.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { resourceUrl } from '../../src/auth/resources.js';

const ROOT = join(import.meta.dirname, '..', '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

interface Input {
  name?: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
  choices?: string[];
  value?: string;
}
interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  description: string;
  packages: {
    registryType: string;
    identifier: string;
    version: string;
    runtimeHint?: string;
    transport: { type: string };
    packageArguments?: Input[];
    environmentVariables: Input[];
  }[];
  remotes: { type: string; url: string; variables?: Record<string, Input> }[];
}

const server = readJson('server.json') as ServerJson;
const pkg = readJson('package.json') as { name: string; version: string; mcpName: string; bin: Record<string, string> };
const schema = readJson('test/fixtures/mcp-registry/server.schema.json') as { $id: string };

function validator() {
  // The published schema annotates with `example`, which is not a JSON Schema keyword: not strict.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

describe('server.json', () => {
  it('validates against the MCP Registry schema it names', () => {
    expect(server.$schema).toBe(schema.$id);
    const validate = validator();
    expect(validate(server), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('is checked for real: the schema refuses what the registry refuses', () => {
    const validate = validator();
    const broken = (change: (s: ServerJson) => void) => {
      const copy = structuredClone(server);
      change(copy);
      return validate(copy);
    };
    expect(broken((s) => (s.description = 'x'.repeat(101)))).toBe(false);
    expect(broken((s) => (s.name = 'launchboard'))).toBe(false);
    expect(broken((s) => (s.packages[0].version = 'latest'))).toBe(false);
    expect(broken((s) => (s.remotes[0].type = 'websocket'))).toBe(false);
  });

  it('names the npm package this repository builds, at its version, under the name package.json claims', () => {
    expect(server.version).toBe(pkg.version);
    const [npm] = server.packages;
    expect(npm).toMatchObject({ registryType: 'npm', identifier: pkg.name, version: pkg.version });
    // The registry proves we own the npm package by finding the server name in its package.json.
    expect(pkg.mcpName).toBe(server.name);
  });

  it('starts the stdio server the way docs/mcp.md says: npx launchboard stdio', () => {
    const [npm] = server.packages;
    expect(npm.runtimeHint).toBe('npx');
    expect(npm.transport).toEqual({ type: 'stdio' });
    expect(Object.keys(pkg.bin)).toEqual([pkg.name]);
    expect(npm.packageArguments?.map((a) => a.value)).toEqual(['stdio']);
    expect(readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8')).toContain('npx launchboard stdio');
  });

  it('lists only settings the program reads and docs/configuration.md documents, secrets marked as such', () => {
    const config = readFileSync(join(ROOT, 'src/config.ts'), 'utf8');
    const configurationDoc = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    const env = server.packages[0].environmentVariables;
    const names = env.map((v) => v.name!);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['DATABASE_URL', 'LAUNCHBOARD_API_KEY', 'PUBLIC_URL', 'DRAFTER', 'ANTHROPIC_API_KEY'])
      expect(names).toContain(name);
    for (const v of env) {
      expect(config, v.name).toMatch(new RegExp(`\\b${v.name}: z\\s*\\.`));
      expect(configurationDoc, v.name).toContain(`\`${v.name}\``);
      expect(v.description?.length, v.name).toBeGreaterThan(10);
      if (/KEY|SECRET|SMTP_URL|DATABASE_URL/.test(v.name!)) expect(v.isSecret, v.name).toBe(true);
    }
    expect(env.find((v) => v.name === 'DATABASE_URL')?.isRequired).toBe(true);
  });

  it('offers the remote as our MCP endpoint once the host is filled in', () => {
    const [remote] = server.remotes;
    expect(remote.type).toBe('streamable-http');
    const used = [...remote.url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(used).toEqual(Object.keys(remote.variables ?? {}));
    expect(remote.variables?.host.isRequired).toBe(true);
    const host = 'launchboard.example.com';
    const config = { publicUrl: `https://${host}` } as Config;
    expect(remote.url.replace('{host}', host)).toBe(resourceUrl(config, 'mcp'));
  });

  it('ships in the npm tarball', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const [packed] = JSON.parse(out) as { files: { path: string }[] }[];
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('server.json');
    expect(paths).toContain(pkg.bin[pkg.name]);
  });
});
