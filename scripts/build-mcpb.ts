// `npm run build:mcpb`: an MCP bundle (dist/launchboard.mcpb) a desktop
// assistant installs in one step. The bundle holds the program bundled into
// one script (scripts/bundle/bundle.ts) run by the host's Node over stdio,
// the native addons of every desktop target beside it (macOS, Windows and
// Linux, each on arm64 and x64: scripts/bundle/platforms.ts), and a manifest whose tool list comes from the
// registry, so it never drifts. The manifest is checked with the mcpb tool's
// own validator before packing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tools } from '../tools/index.js';
import { bundleApp, MAIN_SCRIPT, ROOT } from './bundle/bundle.js';
import { BETTER_SQLITE3_NAPI_MAJOR, DESKTOP_TARGETS, fetchPackage } from './bundle/platforms.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  description: string;
  license: string;
};

function manifest(): object {
  return {
    manifest_version: '0.3',
    name: pkg.name,
    display_name: 'Launchboard',
    version: pkg.version,
    description: pkg.description,
    long_description:
      'Browse and search a product-launch directory, submit your product (it is drafted from your website, with evidence), ' +
      'and manage your listings and orders — the same tools as the Launchboard REST API and its HTTP MCP endpoint. ' +
      'Without an API key the tools that read the public directory work; with one, the tools its scopes allow.',
    author: { name: 'Launchboard' },
    license: pkg.license,
    keywords: ['launch', 'directory', 'products', 'startups'],
    server: {
      type: 'node',
      entry_point: `server/${MAIN_SCRIPT}`,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/server/${MAIN_SCRIPT}`, 'stdio'],
        env: {
          LAUNCHBOARD_API_KEY: '${user_config.api_key}',
          DATABASE_URL: '${user_config.database_url}',
          LOG_LEVEL: 'warn',
        },
      },
    },
    tools: tools.map((t) => ({ name: t.name, description: t.description })),
    tools_generated: false,
    // N-API addons for each desktop target (scripts/bundle/platforms.ts); better-sqlite3 13 needs Node 22.
    compatibility: {
      platforms: [...new Set(DESKTOP_TARGETS.map((t) => t.platform))],
      runtimes: { node: '>=22.0.0' },
    },
    user_config: {
      api_key: {
        type: 'string',
        title: 'API key',
        description:
          'A Launchboard API key (lb_…; create one with `launchboard admin apikey create`). Leave empty to use only the public, read-only tools.',
        sensitive: true,
        required: false,
        default: '',
      },
      database_url: {
        type: 'string',
        title: 'Database',
        description:
          'Where the directory lives: sqlite:PATH for a file (created when missing) or a postgres:// URL shared with a Launchboard server.',
        required: true,
        default: 'sqlite:${HOME}/.launchboard/launchboard.db',
      },
    },
  };
}

async function buildMcpb(outDir: string): Promise<string> {
  const started = Date.now();
  const stage = join(outDir, 'mcpb');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  await bundleApp(join(stage, 'server'), {
    betterSqlite3Dir: fetchPackage('better-sqlite3', BETTER_SQLITE3_NAPI_MAJOR),
    desktopPlatforms: true,
  });
  const manifestFile = join(stage, 'manifest.json');
  writeFileSync(manifestFile, `${JSON.stringify(manifest(), null, 2)}\n`);

  const mcpb = join(ROOT, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
  execFileSync(process.execPath, [mcpb, 'validate', manifestFile], { stdio: 'inherit' });
  const output = join(outDir, `${pkg.name}.mcpb`);
  rmSync(output, { force: true });
  execFileSync(process.execPath, [mcpb, 'pack', stage, output], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.stdout.write(`built ${output} (${tools.length} tools, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return output;
}

// An optional argument names the output folder (default dist/).
await buildMcpb(process.argv[2] ?? join(ROOT, 'dist'));
