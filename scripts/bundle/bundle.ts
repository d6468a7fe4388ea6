// Bundles the whole program into one CommonJS script plus the few runtime
// files it reads (see boot.ts for the layout). Shared by the single
// executable (scripts/build-exe.ts) and the MCP bundle (scripts/build-mcpb.ts).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { DESKTOP_TARGETS, type DesktopTarget, desktopPlatformPackages } from './platforms.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(ROOT, 'package.json'));

/** The script's name inside the runtime directory. */
export const MAIN_SCRIPT = 'launchboard.cjs';

/**
 * The swagger-ui-dist files the docs page loads (src/web/docs.ts), its
 * package.json and its licence notices, for the bundle and the npm package
 * (scripts/vendor-docs-renderer.ts). Their source maps stay out (mcpb pack
 * drops *.map anyway): only a browser's developer tools ask for them.
 */
export const SWAGGER_FILES = [
  'package.json',
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'LICENSE',
  'NOTICE',
  'swagger-ui-bundle.js.LICENSE.txt',
];

/**
 * The MCP App's view (src/web/maker/draft-review-app.ts) inlines the ext-apps
 * package's self-contained browser build of its App class, resolved through
 * the package's exports map.
 */
const MCP_APP_FILES = ['package.json', 'dist/src/app-with-deps.js'].map((f) => `@modelcontextprotocol/ext-apps/${f}`);

/** Replaces `find` in a dependency's source, failing the build when the source changed shape. */
function patchSource(name: string, filter: RegExp, find: string, replacement: (file: string) => string): Plugin {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(find))
          throw new Error(`${name}: ${args.path} no longer contains the code this build patches`);
        return { contents: source.replace(find, replacement(args.path)), loader: 'js' };
      });
    },
  };
}

/**
 * jsdom reads two files next to its own modules at run time. Its default
 * stylesheet is inlined into the bundle. Its synchronous-XHR worker is left
 * out on purpose: the crawler never runs page scripts, so no XHR is ever made
 * (jsdom then refuses synchronous XHR instead of spawning the worker).
 */
const jsdomPlugins: Plugin[] = [
  patchSource(
    'jsdom-default-stylesheet',
    /[\\/]jsdom[\\/]lib[\\/]jsdom[\\/]living[\\/]helpers[\\/]style-rules\.js$/,
    'fs.readFileSync(\n  path.resolve(__dirname, "../../browser/default-stylesheet.css"),\n  { encoding: "utf-8" }\n)',
    (file) => JSON.stringify(readFileSync(resolve(dirname(file), '../../browser/default-stylesheet.css'), 'utf8')),
  ),
  patchSource(
    'jsdom-sync-xhr-worker',
    /[\\/]jsdom[\\/]lib[\\/]jsdom[\\/]living[\\/]xhr[\\/]XMLHttpRequest-impl\.js$/,
    'require.resolve ? require.resolve("./xhr-sync-worker.js") : null',
    () => 'null',
  ),
];

/**
 * Optional native modules our dependencies probe for inside try/catch (jsdom:
 * canvas; ws: bufferutil, utf-8-validate; pg: pg-native). None is installed;
 * in the bundle each is a module that fails to load the way a missing one does,
 * instead of a call to the executable's require (which warns on every probe).
 */
const ABSENT_OPTIONAL = ['canvas', 'bufferutil', 'utf-8-validate', 'pg-native'];
const absentOptionalModules: Plugin = {
  name: 'absent-optional-modules',
  setup(b) {
    const filter = new RegExp(`^(${ABSENT_OPTIONAL.join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'absent' }));
    b.onLoad({ filter: /.*/, namespace: 'absent' }, (args) => ({
      contents: `throw Object.assign(new Error(${JSON.stringify(`Cannot find module '${args.path}'`)}), { code: 'MODULE_NOT_FOUND' });`,
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node' as const,
  target: 'node20',
  legalComments: 'none' as const,
  logLevel: 'warning' as const,
  plugins: [...jsdomPlugins, absentOptionalModules],
};

/**
 * better-sqlite3 from one package folder, its JS and its addon together: the
 * checkout's by default, another for a Node the checkout's build does not fit
 * (build-exe embeds Node 24 with better-sqlite3 13). The addon is the one
 * compiled at install (12) or else the package's N-API prebuild for this
 * platform (13 ships them and compiles nothing); for the desktop targets,
 * each one's prebuild, named after it (boot.ts picks the running one's).
 */
function betterSqlite3(
  pkgDir: string,
  targets: readonly DesktopTarget[] | null,
): { plugin: Plugin; addons: Map<string, string> } {
  const addons = new Map<string, string>();
  if (targets) {
    for (const t of targets)
      addons.set(
        `better_sqlite3-${t.platform}-${t.arch}.node`,
        join(pkgDir, 'prebuilds', `${t.platform}-${t.arch}.node`),
      );
  } else {
    const built = join(pkgDir, 'build/Release/better_sqlite3.node');
    addons.set(
      'better_sqlite3.node',
      existsSync(built) ? built : join(pkgDir, 'prebuilds', `${process.platform}-${process.arch}.node`),
    );
  }
  for (const [name, addon] of addons)
    if (!existsSync(addon)) throw new Error(`better-sqlite3 in ${pkgDir} has no addon for ${name}`);
  const plugin: Plugin = {
    name: 'better-sqlite3-package',
    setup(b) {
      b.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: join(pkgDir, 'lib/index.js') }));
    },
  };
  return { plugin, addons };
}

/** A file to copy into the runtime directory's node_modules: from where, to which path there. */
type ModuleFile = [source: string, target: string];

/** The files of the package in `folder`, as `name/...`, without what only a build reads. */
function packageFiles(name: string, folder: string, keep: (file: string) => boolean): ModuleFile[] {
  return filesUnder(folder)
    .map((file) => relative(folder, file).split(sep).join('/'))
    .filter(keep)
    .map((file) => [join(folder, file), `${name}/${file}`]);
}

/**
 * The native platform packages: those the install put in node_modules (the
 * building machine's), or for the MCP bundle every desktop target's
 * (platforms.ts), by package name.
 */
function platformPackages(prefix: string, desktop: Map<string, string> | null): Map<string, string> {
  const [scope, start] = prefix.split('/') as [string, string];
  if (desktop) return new Map([...desktop].filter(([name]) => name.startsWith(prefix)));
  const modules = join(ROOT, 'node_modules', scope);
  return new Map(
    readdirSync(modules)
      .filter((name) => name.startsWith(start))
      .map((name) => [`${scope}/${name}`, join(modules, name)]),
  );
}

/**
 * Share images (src/web/share): resvg-js, required at run time from the
 * runtime directory (not bundled: its loader picks the native addon of the
 * platform package beside it), and the two Inter faces it draws with, with
 * their licence (the OFL asks for it to travel with the fonts).
 */
function shareImageFiles(desktop: Map<string, string> | null): ModuleFile[] {
  const modules = join(ROOT, 'node_modules');
  const platforms = platformPackages('@resvg/resvg-js-', desktop);
  if (platforms.size === 0) throw new Error('no @resvg/resvg-js-<platform> package is installed');
  return [
    ...['package.json', 'index.js', 'js-binding.js'].map(
      (f): ModuleFile => [join(modules, '@resvg/resvg-js', f), `@resvg/resvg-js/${f}`],
    ),
    ...[...platforms].flatMap(([name, folder]) =>
      packageFiles(name, folder, (f) => f === 'package.json' || f.endsWith('.node')),
    ),
    ...['package.json', 'OFL.txt', 'ttf/Inter-Regular.ttf', 'ttf/Inter-Bold.ttf'].map(
      (f): ModuleFile => [join(modules, 'inter-font', f), `inter-font/${f}`],
    ),
  ];
}

/**
 * Product images (src/media): sharp, required at run time from the runtime
 * directory (src/media/sharp.ts), with its JS dependencies and the
 * @img/sharp-<platform> addon and @img/sharp-libvips-<platform> library
 * beside it (the addon finds libvips through its rpath, a sibling folder).
 * Type declarations, ES module copies, C++ sources and headers stay out.
 */
function imageLibraryFiles(desktop: Map<string, string> | null): ModuleFile[] {
  const modules = join(ROOT, 'node_modules');
  const platforms = platformPackages('@img/sharp-', desktop);
  if (![...platforms.keys()].some((p) => p.startsWith('@img/sharp-libvips-')))
    throw new Error('no @img/sharp-libvips-<platform> package is installed');
  const unused = /(\.d\.[cm]?ts|\.mjs|\.md|\.h)$|^(src|install|bin|include)\//;
  const keep = (file: string) => !unused.test(file) && !file.includes('/include/');
  return [
    ...['sharp', '@img/colour', 'detect-libc', 'semver'].flatMap((name) =>
      packageFiles(name, join(modules, name), keep),
    ),
    ...[...platforms].flatMap(([name, folder]) => packageFiles(name, folder, keep)),
  ];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export interface BundleResult {
  /** The runtime directory. */
  dir: string;
  /** The main script's path. */
  script: string;
  /** Every other file, relative to `dir` with forward slashes (the SEA asset names). */
  assets: string[];
  /** Hash of the assets' names and content. */
  hash: string;
}

export interface BundleOptions {
  /** The better-sqlite3 package folder to bundle (default: the one the checkout's program uses on this Node). */
  betterSqlite3Dir?: string;
  /**
   * Native code for every desktop target (platforms.ts) instead of the
   * building machine's alone: the MCP bundle, run by the host's own Node.
   * Needs a better-sqlite3 with N-API prebuilds (13).
   */
  desktopPlatforms?: boolean;
}

/**
 * The checkout's better-sqlite3 for the Node building (and, for the MCP
 * bundle, running) it, as db/dialect.ts picks it: the optional
 * better-sqlite3-13 on Node 22 and newer, else the package's 12.
 */
function checkoutBetterSqlite3Dir(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) {
    try {
      return dirname(require.resolve('better-sqlite3-13/package.json'));
    } catch {
      // Not installed: 12.
    }
  }
  return dirname(require.resolve('better-sqlite3/package.json'));
}

/** Writes the bundled program and its runtime files into `dir` (emptied first). */
export async function bundleApp(dir: string, options: BundleOptions = {}): Promise<BundleResult> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const desktop = options.desktopPlatforms ? desktopPlatformPackages() : null;
  const sqlite = betterSqlite3(
    options.betterSqlite3Dir ?? checkoutBetterSqlite3Dir(),
    options.desktopPlatforms ? DESKTOP_TARGETS : null,
  );
  const plugins = [...common.plugins, sqlite.plugin];

  // The HTML worker thread runs as its own ES module file (a worker cannot run
  // code from inside the executable), with require/__dirname for its
  // CommonJS dependencies.
  await build({
    ...common,
    plugins,
    entryPoints: [join(ROOT, 'src/drafts/crawler/html-worker.ts')],
    format: 'esm',
    outfile: join(dir, 'html-worker-boot.mjs'),
    banner: {
      js: [
        "import { createRequire as __lbCreateRequire } from 'node:module';",
        "import { fileURLToPath as __lbFileURLToPath } from 'node:url';",
        'const require = __lbCreateRequire(import.meta.url);',
        'const __filename = __lbFileURLToPath(import.meta.url);',
        "const __dirname = __lbFileURLToPath(new URL('.', import.meta.url));",
      ].join('\n'),
    },
  });

  for (const [name, addon] of sqlite.addons) copyFileSync(addon, join(dir, name));
  // The site's stylesheet and script, read by src/web/ui/assets.ts beside its module URL.
  copyFileSync(join(ROOT, 'src/web/ui/style.css'), join(dir, 'style.css'));
  copyFileSync(join(ROOT, 'src/web/ui/site.js'), join(dir, 'site.js'));
  const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  mkdirSync(join(dir, 'node_modules/swagger-ui-dist'), { recursive: true });
  for (const file of SWAGGER_FILES)
    copyFileSync(join(swaggerDir, file), join(dir, 'node_modules/swagger-ui-dist', file));
  // Packages required at run time from a module URL (the runtime directory here): resvg-js and the
  // Inter fonts (src/web/share), sharp and libvips (src/media), the MCP App's browser build (src/web/maker).
  const appFiles = MCP_APP_FILES.map((f): ModuleFile => [join(ROOT, 'node_modules', f), f]);
  for (const [source, target] of [...shareImageFiles(desktop), ...imageLibraryFiles(desktop), ...appFiles]) {
    mkdirSync(dirname(join(dir, 'node_modules', target)), { recursive: true });
    copyFileSync(source, join(dir, 'node_modules', target));
  }

  const assets = filesUnder(dir)
    .map((file) => relative(dir, file).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const name of assets)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)));
  const digest = hash.digest('hex').slice(0, 16);

  const script = join(dir, MAIN_SCRIPT);
  await build({
    ...common,
    plugins,
    stdin: {
      // The .ts paths are explicit: bin/launchboard.js (the tsx launcher) sits next to bin/launchboard.ts.
      contents: "import './scripts/bundle/boot.ts';\nimport './bin/launchboard.ts';\n",
      resolveDir: ROOT,
      sourcefile: 'launchboard-entry.ts',
      loader: 'ts',
    },
    format: 'cjs',
    outfile: script,
    define: {
      'import.meta.url': 'globalThis.__launchboardModuleUrl',
      LAUNCHBOARD_ASSETS: JSON.stringify({ names: assets, hash: digest }),
    },
  });
  return { dir, script, assets, hash: digest };
}
