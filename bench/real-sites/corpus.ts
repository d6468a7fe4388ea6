// The real-site corpus (bench/real-sites/README.md): which sites there are, in
// which part, and their files on disk. A site of ours is a manifest; its files
// are materialized into bench/.sites/ from a local Git mirror of its repository,
// so no copy of anybody's site is committed. The six shared sites are served
// from ../shared/real-sites when that folder is there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RealTruth } from './score.js';

const here = dirname(fileURLToPath(import.meta.url));
const CORPUS = here;
const SHARED = resolve(here, '../../../shared/real-sites');
const CACHE = resolve(here, '../.sites');
const MIRRORS = process.env.LAUNCHBOARD_MIRRORS ?? '/work/.mirror';

export type Part = 'dev' | 'held-out';
export const PARTS: readonly Part[] = ['dev', 'held-out'];

export interface Manifest {
  repo: string;
  commit: string;
  root: string;
  files: string[];
  rewrite?: { from: string; to: string }[];
  kind?: string[];
  notes?: string;
}

export interface CorpusSite {
  name: string;
  part: Part;
  /** The folder holding truth.json (and site.json for ours). */
  dir: string;
  truth: RealTruth;
  /** Where the site's files are once ready(); the shared sites are their own root. */
  root: string;
  manifest: Manifest | null;
}

const folders = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => statSync(join(dir, n)).isDirectory() && existsSync(join(dir, n, 'truth.json')))
        .filter((n) => dir === SHARED || existsSync(join(dir, n, 'site.json')))
        .sort()
    : [];

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every site of the corpus, the shared ones first in dev. */
export function corpusSites(): CorpusSite[] {
  const sites: CorpusSite[] = folders(SHARED).map((name) => ({
    name,
    part: 'dev',
    dir: join(SHARED, name),
    truth: readJson(join(SHARED, name, 'truth.json')),
    root: join(SHARED, name),
    manifest: null,
  }));
  for (const part of PARTS)
    for (const name of folders(join(CORPUS, part))) {
      const dir = join(CORPUS, part, name);
      sites.push({
        name,
        part,
        dir,
        truth: readJson(join(dir, 'truth.json')),
        root: join(CACHE, part, name),
        manifest: readJson(join(dir, 'site.json')),
      });
    }
  return sites;
}

const mirrorOf = (repo: string): string => join(MIRRORS, repo.replace('/', '+'), 'repo');

/** Safe path inside `base`, or null. */
function inside(base: string, path: string): string | null {
  const target = normalize(join(base, path));
  return target.startsWith(base + sep) ? target : null;
}

/**
 * Writes a manifest site's files into its cache folder (once per commit), with its rewrites applied.
 * Returns why it cannot (the mirror is missing, a file is not at that commit), or null when ready.
 */
export function materialize(site: CorpusSite): string | null {
  const m = site.manifest;
  if (!m) return null;
  const stamp = join(site.root, '.materialized');
  const key = JSON.stringify(m);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return null;
  const gitDir = mirrorOf(m.repo);
  if (!existsSync(gitDir)) return `no mirror of ${m.repo} (fetch github:${m.repo}, or set LAUNCHBOARD_MIRRORS)`;
  rmSync(site.root, { recursive: true, force: true });
  mkdirSync(site.root, { recursive: true });
  for (const file of m.files) {
    const target = inside(site.root, file);
    if (!target) return `${file}: outside the site`;
    const repoPath = m.root ? `${m.root.replace(/\/+$/, '')}/${file}` : file;
    let bytes: Buffer;
    try {
      bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${m.commit}:${repoPath}`], {
        maxBuffer: 8 << 20,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      return `${repoPath} is not in ${m.repo} at ${m.commit.slice(0, 7)}`;
    }
    if (/\.(html?|css)$/i.test(file) && m.rewrite?.length) {
      let text = bytes.toString('utf8');
      for (const r of m.rewrite) text = text.split(r.from).join(r.to);
      bytes = Buffer.from(text, 'utf8');
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  if (!m.files.includes('robots.txt')) writeFileSync(join(site.root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(stamp, key);
  return null;
}
