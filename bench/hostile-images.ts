// Hostile images against a running server (N1 and N2): while four
// PATCHes at once link a listing's screenshots to hostile SVGs, a person
// signs in again and again (scrypt, on the same libuv thread pool as image
// work), and the server's resident memory is sampled. Three rounds, four
// SVGs each: the N1 repro (an inline 12,000 × 12,000 PNG in a 64 px SVG), the
// N2 repro (1,600 px, three rects whose filters blur by 1,000 and dilate by
// 500), and the costliest drawing the SVG rules still let through (36 Mpx,
// sixteen filter steps at their largest allowed sizes), which is drawn.
// Sign-ins before the attack give the baseline; memory is the server's
// resident set (VmRSS) sampled every 20 ms, against its size just before.
//
//   node --import tsx bench/hostile-images.ts [--out bench/results-hostile-images.md]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createUser } from '../src/accounts/users.js';
import { createApiKey } from '../src/auth/api-keys.js';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { seedDemo } from '../db/seed/demo.js';
import { settingDefaults } from '../src/directory/settings.js';
import { freePort, startServer } from './children.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } } });

const dir = mkdtempSync(join(tmpdir(), 'lb-bench-images-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;

// --- The hostile files, served from 127.0.0.1 --------------------------------

const bombPng = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#808080' } })
  .png({ compressionLevel: 9 })
  .toBuffer();
const svgs: Record<string, string> = {
  'n1-inline-raster.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><image width="64" height="64" href="data:image/png;base64,${bombPng.toString('base64')}"/></svg>`,
  'n2-filters.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feGaussianBlur stdDeviation="1000"/><feMorphology operator="dilate" radius="500"/></filter>${'<rect width="1600" height="1600" fill="#369" filter="url(#f)"/>'.repeat(3)}</svg>`,
  'costliest-allowed.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><filter id="f">${Array.from(
    { length: 8 },
    () => '<feGaussianBlur stdDeviation="50"/><feMorphology operator="dilate" radius="20"/>',
  ).join('')}</filter><rect width="6000" height="6000" fill="#369" filter="url(#f)"/></svg>`,
};
const files = createServer((req, res) => {
  const name = (req.url ?? '/').slice(1).split('?')[0]!;
  const body = svgs[name];
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(body);
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

// --- The server, its people and a listing ------------------------------------

const PASSWORD = 'a long enough password';
/** Sign-ins are limited per address (30 a minute) and per email (10): each sign-in is another address, people take turns. */
const PEOPLE = 60;
/** Sign-ins start this often at most during a round. */
const SIGN_IN_EVERY_MS = 250;
const setup = await buildContext(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
await seedDemo(setup.db, { now: setup.clock.now(), settings: settingDefaults });
const owner = await createUser(setup.db, {
  email: 'owner@bench.example',
  password: PASSWORD,
  confirmed: true,
  now: setup.clock.now(),
});
for (let i = 0; i < PEOPLE; i++)
  await createUser(setup.db, { email: `person${i}@bench.example`, password: PASSWORD, now: setup.clock.now() });
const { key } = await createApiKey(setup.db, {
  userId: owner,
  name: 'bench',
  scopes: ['listings:write'],
  now: setup.clock.now(),
});
const listing = await setup.db
  .selectFrom('listings')
  .select('id')
  .where('status', '=', 'live')
  .orderBy('id')
  .executeTakeFirstOrThrow();
await setup.db.updateTable('listings').set({ owner_id: owner }).where('id', '=', listing.id).execute();
await setup.close();

const port = await freePort();
const serve = await startServer({
  name: 'serve',
  args: ['bin/launchboard.js', 'serve'],
  port,
  readyPath: '/api/v1/site',
  env: {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
  },
});

// --- Measuring ---------------------------------------------------------------

/** A process's resident set now, in MB (0 once it is gone). */
function rssMb(pid = serve.pid): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The resident sets of the server's child processes (the drawing process), summed, in MB. */
function childrenRssMb(): number {
  try {
    const children = readFileSync(`/proc/${serve.pid}/task/${serve.pid}/children`, 'utf8').trim().split(/\s+/);
    return children.filter(Boolean).reduce((sum, pid) => sum + rssMb(Number(pid)), 0);
  } catch {
    return 0;
  }
}

let signIns = 0;
/** One sign-in through the web form (its CSRF cookie first), in milliseconds for the POST; each from another address. */
async function signIn(): Promise<number> {
  signIns += 1;
  const forwarded = { 'x-forwarded-for': `198.51.100.${signIns % 250}` };
  const form = await fetch(`${serve.baseUrl}/sign-in`, { headers: forwarded });
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const started = performance.now();
  const res = await fetch(`${serve.baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...forwarded, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      _csrf: csrf,
      email: `person${signIns % PEOPLE}@bench.example`,
      password: PASSWORD,
    }).toString(),
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f0 = (n: number) => n.toFixed(0);

interface Round {
  name: string;
  statuses: number[];
  seconds: number;
  signInMs: number[];
  rssBeforeMb: number;
  rssPeakMb: number;
  childPeakMb: number;
}

/** Four PATCHes at once linking `file`, sign-ins one after another until they are answered, memory sampled. */
async function round(file: string): Promise<Round> {
  const rssBeforeMb = rssMb();
  let rssPeakMb = rssBeforeMb;
  let childPeakMb = 0;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb());
    childPeakMb = Math.max(childPeakMb, childrenRssMb());
  }, 20);
  const started = performance.now();
  let done = false;
  const patches = Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      fetch(`${serve.baseUrl}/api/v1/me/listings/${listing.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ screenshots: [`${filesOrigin}/${file}?${i}`] }),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        (err: Error) => {
          process.stderr.write(`PATCH ${i} failed: ${err.cause ?? err}\n`);
          return 0;
        },
      ),
    ),
  ).finally(() => {
    done = true;
  });
  const signInMs: number[] = [];
  while (!done || signInMs.length < 3) {
    const next = performance.now() + SIGN_IN_EVERY_MS;
    signInMs.push(await signIn());
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  const statuses = await patches;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { name: file, statuses, seconds, signInMs, rssBeforeMb, rssPeakMb, childPeakMb };
}

const rows: string[] = [];
const baseline: number[] = [];
try {
  for (let i = 0; i < 5; i++) await signIn(); // warm
  for (let i = 0; i < 8; i++) baseline.push(await signIn());
  for (const file of Object.keys(svgs).filter((f) => !values.only || f.includes(values.only))) {
    process.stderr.write(`round: ${file}\n`);
    const r = await round(file);
    rows.push(
      `| ${r.name} | ${r.statuses.join(' ')} | ${r.seconds.toFixed(1)} | ${r.signInMs.length} | ${f0(median(r.signInMs))} | ${f0(Math.max(...r.signInMs))} | ${f0(r.rssBeforeMb)} | ${f0(r.rssPeakMb)} (+${f0(r.rssPeakMb - r.rssBeforeMb)}) | ${f0(r.childPeakMb)} |`,
    );
  }
} catch (err) {
  process.stderr.write(`the server wrote:\n${serve.output()}\n`);
  throw err;
} finally {
  await serve.stop();
  files.close();
}

const report = `# Hostile images, ${new Date().toISOString()}

node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)} at the end. Four PATCHes at once per
round, each linking one screenshot; sign-ins (web form, scrypt) one after another, at most one per ${SIGN_IN_EVERY_MS} ms, until all
four are answered. Resident memory sampled every 20 ms: the server's, and its drawing process's (a child).
Sign-in before the attack: median ${f0(median(baseline))} ms, worst ${f0(Math.max(...baseline))} ms (8 sign-ins).

| SVG (×4 at once) | statuses | seconds | sign-ins | sign-in median ms | sign-in worst ms | server RSS before MB | server RSS peak MB | drawing process RSS peak MB |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
process.stdout.write(report);
if (values.out) writeFileSync(values.out, report);
process.exit(0);
