// Contract tests and fuzzing generated from the OpenAPI document: Portman
// turns the document served by a real `launchboard serve --demo` into a
// Postman collection (portman/portman-config.json: contract tests on every
// operation, and fuzzed variants — required fields removed, numbers below
// their minimum or above their maximum, strings shorter or longer than
// allowed), then newman runs it against that server. Valid requests must pass
// their contract tests; fuzzed ones must get a 400 problem (never a 5xx).
// usage: npm run fuzz:openapi
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startDemoServer, type DemoServer } from './lib/demo-server.js';

/** The part of newman's run summary read here (newman ships no types). */
interface NewmanSummary {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    executions: {
      item: { id: string; name: string };
      request?: { url?: { toString(): string } };
      response?: { code: number; stream?: Buffer };
    }[];
    failures: { source?: { id: string; name: string }; error: { name: string; test?: string; message: string } }[];
  };
}
interface Newman {
  run(options: Record<string, unknown>, done: (err: Error | null, summary: NewmanSummary) => void): void;
}
const newman = createRequire(import.meta.url)('newman') as Newman;

const ROOT = resolve(import.meta.dirname, '..');
const PORTMAN = join(ROOT, 'node_modules/.bin/portman');
const CONFIG = join(ROOT, 'portman/portman-config.json');

/** The ids and slugs the collection's requests use (portman-config.json overwrites), made through the API. */
async function prepare(server: DemoServer): Promise<Record<string, string>> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const readyDraft = async () => {
    const draft = await api('POST', '/drafts', { url: server.siteUrl });
    for (let i = 0; i < 120; i++) {
      const { status } = await api('GET', `/drafts/${draft.id}`);
      if (status === 'ready') return draft.id as string;
      if (status !== 'crawling') throw new Error(`draft ${draft.id} ended ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`draft ${draft.id} was not ready in a minute`);
  };
  const listings = (await api('GET', '/listings?per_page=2')).items as { slug: string }[];
  const categories = (await api('GET', '/categories')).items as { slug: string }[];
  const founders = (await api('GET', '/founders')).items as { slug: string }[];
  const posts = (await api('GET', '/blog')).items as { slug: string }[];
  const questions = (await api('GET', '/interview-questions')).items as { id: number }[];

  // Two listings of the signed-in user: one the collection orders a launch for, one already ordered.
  const draftId = await readyDraft();
  await api('PATCH', `/drafts/${draftId}`, { fields: { name: 'Gridnote' } });
  const listingId = (await api('POST', `/drafts/${draftId}/submit`)).listing_id;
  const otherDraft = await readyDraft();
  await api('PATCH', `/drafts/${otherDraft}`, { fields: { name: 'Gridnote Teams' } });
  const orderedListing = (await api('POST', `/drafts/${otherDraft}/submit`)).listing_id;
  const order = await api('POST', '/orders/checkout', {
    items: [{ product: 'launch', listing_id: orderedListing }],
    billing_country: 'DE',
  });
  // On the other listing: submit_draft (in the collection) rewrites the first one's milestones from its draft.
  const milestone = await api('POST', `/me/listings/${orderedListing}/milestones`, {
    date: '2026-01-15',
    title: 'Public beta',
  });
  const claim = await api('POST', '/claims', { slug: listings[1].slug, method: 'dns' });
  // Two webhooks: the collection tests one and deletes the other (in whichever order it runs them).
  const hookUrl = new URL('/hooks/launchboard', server.siteUrl).href;
  const webhook = await api('POST', '/me/webhooks', { url: hookUrl, events: ['order.paid'] });
  const otherWebhook = await api('POST', '/me/webhooks', { url: hookUrl, events: ['listing.live'] });

  return {
    apiKey: server.apiKey,
    siteUrl: server.siteUrl,
    slug: listings[0].slug,
    otherSlug: listings[1].slug,
    categorySlug: categories[0].slug,
    founderSlug: founders[0]?.slug ?? 'no-founder',
    blogSlug: posts[0]?.slug ?? 'no-post',
    questionId: String(questions[0]?.id ?? 1),
    draftId,
    listingId: String(listingId),
    otherListingId: String(orderedListing),
    milestoneId: String(milestone.id),
    claimId: String(claim.claim_id),
    hookUrl,
    webhookId: String(webhook.id),
    otherWebhookId: String(otherWebhook.id),
    orderNumber: order.number,
  };
}

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: {
    url?: { query?: { key: string; value?: string; disabled?: boolean }[] };
    body?: { raw?: string };
    header?: { key: string; value?: string; disabled?: boolean }[];
  };
}

/**
 * Drops fuzzed variants that fuzz nothing. Portman fuzzes only fields present
 * in the operation's request and leaves the request as it was for the others;
 * and it makes a value too long by padding the example value it generated at
 * random, so when that example came out empty the "too long" variant sends an
 * empty parameter (an absent filter, rightly 200). Returns how many were dropped.
 */
function dropUnchangedVariants(file: string): number {
  const collection = JSON.parse(readFileSync(file, 'utf8')) as { item: PostmanItem[] };
  const leaves = (items: PostmanItem[]): PostmanItem[] => items.flatMap((i) => (i.item ? leaves(i.item) : [i]));
  const requestOf = (i: PostmanItem) =>
    JSON.stringify({
      query: (i.request?.url?.query ?? []).filter((q) => !q.disabled).map((q) => [q.key, q.value]),
      body: i.request?.body?.raw ? JSON.parse(i.request.body.raw) : null,
      headers: (i.request?.header ?? []).filter((h) => !h.disabled).map((h) => [h.key, h.value]),
    });
  const base = new Map(
    leaves(collection.item)
      .filter((i) => !i.name.includes('[Fuzzed]'))
      .map((i) => [i.name, requestOf(i)]),
  );
  let dropped = 0;
  const prune = (items: PostmanItem[]): PostmanItem[] =>
    items
      .map((i) => (i.item ? { ...i, item: prune(i.item) } : i))
      .filter((i) => {
        if (i.item || !i.name.includes('[Fuzzed]')) return true;
        const same = base.get(i.name.slice(0, i.name.indexOf('[Fuzzed]'))) === requestOf(i);
        const unpadded = /\[maximum length ([^\]]+)\]/.exec(i.name)?.[1];
        const empty =
          unpadded !== undefined &&
          [...(i.request?.url?.query ?? []), ...(i.request?.header ?? [])].some(
            (p) => p.key === unpadded && !p.disabled && (p.value ?? '') === '',
          );
        if (same || empty) dropped++;
        return !same && !empty;
      });
  collection.item = prune(collection.item);
  writeFileSync(file, JSON.stringify(collection));
  return dropped;
}

function runNewman(collection: string, variables: Record<string, string>): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: JSON.parse(readFileSync(collection, 'utf8')),
        envVar: Object.entries(variables).map(([key, value]) => ({ key, value })),
        reporters: [],
        timeoutRequest: 15_000,
      },
      (err, summary) => (err ? reject(err) : resolve(summary)),
    );
  });
}

async function main() {
  const started = Date.now();
  const server = await startDemoServer();
  try {
    const variables = await prepare(server);
    const doc = join(server.dir, 'openapi.json');
    writeFileSync(doc, await (await fetch(`${server.url}/api/v1/openapi.json`)).text());
    // Numbers in request bodies ("{{{listingId}}}") are filled in before Portman reads the config: its fuzzer parses the bodies as JSON.
    const config = join(server.dir, 'portman-config.json');
    writeFileSync(
      config,
      readFileSync(CONFIG, 'utf8').replace(/"\{\{\{(\w+)\}\}\}"/g, (_, name: string) =>
        String(Number(variables[name])),
      ),
    );
    const collection = join(server.dir, 'collection.json');
    // Portman writes working files under its current directory: keep them in the temporary one.
    await promisify(execFile)(
      PORTMAN,
      [
        '--local',
        doc,
        '--baseUrl',
        `${server.url}/api/v1`,
        '--portmanConfigFile',
        config,
        '--output',
        collection,
        '--syncPostman',
        'false',
        '--warn',
        'false',
      ],
      { cwd: server.dir, maxBuffer: 16 * 1024 * 1024 },
    );
    const unchanged = dropUnchangedVariants(collection);
    const summary = await runNewman(collection, variables);
    const { requests, assertions } = summary.run.stats;
    const fuzzed = summary.run.executions.filter((e) => /\[Fuzzed\]/.test(e.item.name)).length;
    const kinds = new Map<string, number>();
    for (const e of summary.run.executions) {
      const kind =
        /\[Fuzzed\]\[(required|minimum number value|maximum number value|minimum length|maximum length)/.exec(
          e.item.name,
        )?.[1];
      if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const serverErrors = summary.run.executions.filter((e) => (e.response?.code ?? 0) >= 500);
    for (const f of summary.run.failures) {
      const execution = summary.run.executions.find((e) => e.item.id === f.source?.id);
      const response = execution?.response;
      const sent = execution?.request?.url?.toString().slice(0, 300);
      process.stdout.write(
        `✗ ${f.source?.name ?? '(collection)'}: ${f.error.test ?? f.error.name}: ${f.error.message}${sent ? ` (sent ${sent})` : ''}${response ? ` [${response.code}] ${response.stream?.toString().slice(0, 200)}` : ''}\n`,
      );
    }
    process.stdout.write(
      `Portman/newman: ${requests.total} requests (${fuzzed} fuzzed; ${unchanged} fuzzed variants that fuzzed nothing left out; ${requests.failed} failed to send), ${assertions.total} assertions, ${assertions.failed} failed; ` +
        `${serverErrors.length} answers 5xx; ${Math.round((Date.now() - started) / 1000)} s.\n` +
        `  fuzzed: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}\n`,
    );
    if (summary.run.failures.length > 0 || serverErrors.length > 0 || requests.total === 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
