// The draft review as an MCP App (io.modelcontextprotocol/ui): a client that
// advertises the extension, on 2026-07-28 over HTTP and on a 2025 connection,
// lists the view, reads it (one self-contained HTML document), sees it named
// on the draft tools and gets the review with its evidence in each draft
// result's _meta; a client without the extension sees none of it, nor does a
// 2025 client over stateless HTTP, whose requests cannot say. Then a host
// made of the ext-apps package's own AppBridge renders the view in headless
// Chromium and the draft shows: its values, its evidence, the launch options
// and the badge, following a draft still being read to the end.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { type CallToolResult, InMemoryTransport } from '@modelcontextprotocol/server';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaller } from '../../src/auth/resolve.js';
import { DRAFT_REVIEW_URI } from '../../src/mcp/draft-app.js';
import { mcpServerFactory } from '../../src/mcp/server.js';
import { DRAFT_REVIEW_META, draftReviewApp } from '../../src/web/maker/draft-review-app.js';
import { axeViolations, chromiumAvailable, launchChromium } from '../e2e/chromium.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { priceProducts } from '../helpers/orders.js';
import { draftTestBed, type DraftTestBed, draftTools } from '../tools/drafts/setup.js';

const UI = 'io.modelcontextprotocol/ui';
const APP_TOOLS = ['get_draft', 'update_draft', 'submit_listing'];

let bed: DraftTestBed;
let site: FixtureSite;
let auth: Record<string, string>;
let key: string;
let draftId: string;
beforeAll(async () => {
  bed = await draftTestBed();
  bed.ctx.config.publicUrl = bed.server.url;
  await priceProducts(bed.ctx);
  site = await serveSite('rich');
  const maker = await bed.maker();
  auth = maker.auth;
  key = maker.key;
  draftId = (await bed.call('POST', '/drafts', auth, { url: site.url })).body.id;
  await bed.runJobs();
});
afterAll(async () => {
  await site?.close();
  await bed?.close();
});

type Era = '2026-07-28 over HTTP' | '2025-11-25 connection';

/** A v2 client of `era`, declaring MCP Apps for HTML views when `apps` is true. */
async function connect(era: Era, apps: boolean): Promise<Client> {
  const client = new Client(
    { name: 'draft-app-test', version: '1.0.0' },
    {
      ...(era.startsWith('2026') && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
      ...(apps && { capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } }),
    },
  );
  if (era.startsWith('2026')) {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${bed.server.url}/mcp`), { requestInit: { headers: auth } }),
    );
  } else {
    // A 2025 connection keeps what initialize declared (stdio); a stateless 2025 HTTP request cannot.
    const caller = await resolveCaller(bed.ctx, `Bearer ${key}`, 'stdio');
    const server = await mcpServerFactory(bed.ctx, draftTools, caller, draftReviewApp(bed.ctx))({ era: 'legacy' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  }
  return client;
}

async function withClient<T>(era: Era, apps: boolean, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(era, apps);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const reviewOf = (result: { _meta?: Record<string, unknown> }) => result._meta?.[DRAFT_REVIEW_META];

describe.each<Era>(['2026-07-28 over HTTP', '2025-11-25 connection'])('a client with MCP Apps on %s', (era) => {
  it('is told the server offers the extension', async () => {
    await withClient(era, true, async (client) => {
      expect(client.getServerCapabilities()?.extensions).toHaveProperty([UI]);
    });
  });

  it('sees the view named on the draft tools, and on no other', async () => {
    await withClient(era, true, async (client) => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        if (APP_TOOLS.includes(tool.name))
          expect(tool._meta, tool.name).toEqual({
            ui: { resourceUri: DRAFT_REVIEW_URI },
            'ui/resourceUri': DRAFT_REVIEW_URI,
          });
        else expect(tool._meta, tool.name).toBeUndefined();
      }
    });
  });

  it('lists the view and reads it: one HTML document of the App profile, nothing fetched from anywhere', async () => {
    await withClient(era, true, async (client) => {
      const listed = (await client.listResources()).resources.find((r) => r.uri === DRAFT_REVIEW_URI);
      expect(listed).toMatchObject({ mimeType: RESOURCE_MIME_TYPE });
      const { contents } = await client.readResource({ uri: DRAFT_REVIEW_URI });
      expect(contents).toHaveLength(1);
      const view = contents[0] as { uri: string; mimeType: string; text: string; _meta?: Record<string, any> };
      expect(view.mimeType).toBe(RESOURCE_MIME_TYPE);
      expect(view._meta?.ui?.csp).toEqual({
        connectDomains: [],
        resourceDomains: [],
        frameDomains: [],
        baseUriDomains: [],
      });
      const doc = view.text;
      expect(doc).toMatch(/^<!doctype html>/);
      expect(doc).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:;/,
      );
      // Nothing external: the markup links no file and loads no script; the one style sheet imports nothing.
      const style = /<style>([\s\S]*?)<\/style>/.exec(doc)![1]!;
      const markup = doc
        .replace(/<style>[\s\S]*?<\/style>/, '')
        .replace(/(<script type="module">)[\s\S]*?<\/script>/, '$1</script>');
      expect(markup.match(/<script\b[^>]*>/g)).toEqual(['<script type="module">']);
      expect(markup).not.toMatch(/<link\b|\b(src|href|action)\s*=/i);
      expect(style).not.toMatch(/@import|url\(/i);
    });
  });

  it('gets the review with its evidence in get_draft’s _meta, the structured result unchanged', async () => {
    const plain = await withClient(era, false, (client) =>
      client.callTool({ name: 'get_draft', arguments: { id: draftId } }),
    );
    await withClient(era, true, async (client) => {
      const result = await client.callTool({ name: 'get_draft', arguments: { id: draftId } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(plain.structuredContent);
      expect(result.content).toEqual(plain.content);
      expect(JSON.stringify(result.structuredContent)).not.toContain('<h1>');
      const review = reviewOf(result) as string;
      expect(review).toContain(`data-draft-id="${draftId}"`);
      expect(review).toContain('<h1>Tallyho</h1>');
      expect(review).toContain('<p class="draft-tagline">Invoices that chase themselves</p>');
      expect(review).toContain(
        '<span class="draft-evidence-label">From your site:</span> <q>Invoices that chase themselves</q>',
      );
      expect(review).toContain('<q>Can I import invoices from another tool?</q>');
      expect(review).toContain('Mara Lindqvist');
      expect(review).toMatch(/<h3 id="plan-free">Free launch<\/h3>[\s\S]*<strong>\$0<\/strong>/);
      expect(review).toMatch(/<h3 id="plan-paid">Paid launch<\/h3>\n<p class="launch-price"><strong>\$49<\/strong>/);
      expect(review).toMatch(
        /<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="Tallyho: Listed on [^"]+" width="250" height="54">/,
      );
      expect(review).toContain(`href="${bed.server.url}/drafts/${draftId}"`);
    });
  });

  it('gets the review from update_draft and submit_listing too', async () => {
    await withClient(era, true, async (client) => {
      const updated = await client.callTool({
        name: 'update_draft',
        arguments: { id: draftId, fields: { tagline: 'Invoices that follow up for you' } },
      });
      expect(updated.isError).toBeFalsy();
      expect(reviewOf(updated)).toContain('<p class="draft-tagline">Invoices that follow up for you</p>');
      const restored = await client.callTool({
        name: 'update_draft',
        arguments: { id: draftId, restore: ['tagline'] },
      });
      expect(reviewOf(restored)).toContain('<p class="draft-tagline">Invoices that chase themselves</p>');
      const started = await client.callTool({ name: 'submit_listing', arguments: { url: 'https://quietly.invalid' } });
      expect(reviewOf(started)).toContain('<h1>Reading your site…</h1>');
    });
  });

  it('gets no review with a refusal', async () => {
    await withClient(era, true, async (client) => {
      const refused = await client.callTool({
        name: 'get_draft',
        arguments: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(refused.isError).toBe(true);
      expect(reviewOf(refused)).toBeUndefined();
    });
  });
});

it('leads every “Still missing” link to a place in the review, a section with nothing in it included', async () => {
  const draft = (await bed.call('GET', `/drafts/${draftId}`, auth)).body;
  const bare = { ...draft, faqs: [], founders: [], missing: ['tags', 'faqs', 'founders'] };
  const review = (await draftReviewApp(bed.ctx).resultMeta(bare))[DRAFT_REVIEW_META]!;
  const missing = /<p class="draft-missing">([\s\S]*?)<\/p>/.exec(review)![1]!;
  const targets = [...missing.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
  expect(targets).toEqual(['field-tags', 'faqs', 'founders']);
  for (const id of targets) expect(review).toContain(`id="${id}"`);
  expect(review).toMatch(/<h2 id="faqs-heading">FAQs<\/h2>\n<p class="draft-value-empty">None yet/);
});

it('cannot offer the App to a 2025-11-25 client over stateless HTTP: each request forgets what initialize declared', async () => {
  const client = new Client(
    { name: 'draft-app-test', version: '1.0.0' },
    { capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${bed.server.url}/mcp`), { requestInit: { headers: auth } }),
  );
  try {
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    for (const tool of (await client.listTools()).tools) expect(tool._meta, tool.name).toBeUndefined();
    expect(reviewOf(await client.callTool({ name: 'get_draft', arguments: { id: draftId } }))).toBeUndefined();
  } finally {
    await client.close();
  }
});

describe.each<Era>(['2026-07-28 over HTTP', '2025-11-25 connection'])('a client without MCP Apps on %s', (era) => {
  it('sees no view named on any tool and gets no review', async () => {
    await withClient(era, false, async (client) => {
      for (const tool of (await client.listTools()).tools) expect(tool._meta, tool.name).toBeUndefined();
      const result = await client.callTool({ name: 'get_draft', arguments: { id: draftId } });
      expect(result.isError).toBeFalsy();
      expect(reviewOf(result)).toBeUndefined();
    });
  });
});

// --- A host in a real browser ---------------------------------------------------

/**
 * What a host MUST enforce on a view whose resource declares no domains (the
 * Apps spec, "Restrictive Default"); the view's own CSP applies on top.
 */
const HOST_DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

/**
 * The host page: the view in a sandboxed iframe (scripts only, an opaque
 * origin, as hosts frame untrusted views), driven by the ext-apps package's
 * AppBridge over its PostMessageTransport, loaded once the bridge listens (as
 * a host must: the view speaks first). Tool calls the view asks for go to
 * the test's MCP client; links it asks to open and sizes it reports are kept.
 */
const HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head>
<body><iframe id="view" title="Draft review" sandbox="allow-scripts" style="width:100%;height:200px;border:0"></iframe>
<script type="module">
import { AppBridge, PostMessageTransport } from '/bridge.js';
const iframe = document.getElementById('view');
const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { openLinks: {}, serverTools: {} }, {
  hostContext: { theme: 'light', displayMode: 'inline', platform: 'web' },
});
window.opened = [];
window.sizes = [];
bridge.oninitialized = () => { window.initialized = true; };
bridge.onsizechange = ({ height }) => { window.sizes.push(height); if (height) iframe.style.height = height + 'px'; };
bridge.onopenlink = async ({ url }) => { window.opened.push(url); return {}; };
bridge.oncalltool = (params) => window.callServerTool(params);
window.bridge = bridge;
await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
// The view is loaded only once the bridge listens: its first message, ui/initialize, is not lost to a slow host.
iframe.src = '/view';
</script></body></html>`;

describe.skipIf(!chromiumAvailable)('the view in a host, in headless Chromium', () => {
  let browser: Browser;
  let host: Server;
  let hostUrl: string;
  let apps: Client;
  beforeAll(async () => {
    apps = await connect('2026-07-28 over HTTP', true);
    const { contents } = await apps.readResource({ uri: DRAFT_REVIEW_URI });
    const view = (contents[0] as { text: string }).text;
    const bundle = await build({
      stdin: {
        contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';",
        resolveDir: process.cwd(),
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'warning',
    });
    const bridge = bundle.outputFiles[0]!.text;
    host = createServer((req, res) => {
      if (req.url === '/view')
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': HOST_DEFAULT_CSP })
          .end(view);
      if (req.url === '/bridge.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bridge);
      if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE);
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await apps?.close();
    await new Promise((resolve) => host?.close(resolve));
  });

  /** The host page with the view initialised, and every console error and page error of both. */
  async function openHost(width = 1024): Promise<{ page: Page; view: Frame; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.exposeFunction('callServerTool', (params: { name: string; arguments?: Record<string, unknown> }) =>
      apps.callTool(params),
    );
    await page.goto(hostUrl);
    await page.waitForFunction(() => (window as unknown as { initialized?: boolean }).initialized === true);
    const view = page.frames().find((f) => f.url().endsWith('/view'))!;
    return { page, view, problems };
  }

  /** The host's side of a finished tool call: its input, then its result. */
  async function deliver(page: Page, args: Record<string, unknown>, result: CallToolResult): Promise<void> {
    await page.evaluate(
      async ({ args, result }) => {
        const bridge = (window as unknown as { bridge: any }).bridge;
        await bridge.sendToolInput({ arguments: args });
        await bridge.sendToolResult(result);
      },
      { args, result: result as unknown as Record<string, unknown> },
    );
  }

  it('renders get_draft’s review: the values, the evidence, the launch options and the badge, sized to fit', async () => {
    const { page, view, problems } = await openHost();
    const result = (await apps.callTool({ name: 'get_draft', arguments: { id: draftId } })) as CallToolResult;
    await deliver(page, { id: draftId }, result);

    await view.getByRole('heading', { level: 1, name: 'Tallyho' }).waitFor();
    const tagline = view.locator('#field-tagline');
    await expect(tagline.locator('.draft-value').textContent()).resolves.toBe('Invoices that chase themselves');
    await expect(tagline.locator('.draft-state').textContent()).resolves.toBe('AI drafted');
    await expect(tagline.locator('.draft-evidence q').textContent()).resolves.toBe('Invoices that chase themselves');
    expect(await view.getByText('Can I import invoices from another tool?', { exact: true }).first().isVisible()).toBe(
      true,
    );
    expect(await view.getByRole('heading', { name: 'Free launch' }).isVisible()).toBe(true);
    expect(await view.locator('#plan-paid + .launch-price strong').textContent()).toBe('$49');
    const badge = view.getByRole('img', { name: 'Tallyho: Listed on Launchboard' });
    expect(await badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(250);

    // The view told the host its height, and the frame now fits the whole review.
    await page.waitForFunction(() => (window as unknown as { sizes: number[] }).sizes.some((h) => h > 2000));
    const frameHeight = await page.locator('#view').evaluate((f) => f.getBoundingClientRect().height);
    const contentHeight = await view.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(frameHeight - contentHeight)).toBeLessThan(4);

    // A link opens through the host, never inside the frame.
    await view.getByRole('link', { name: 'Review it on Launchboard' }).click();
    await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length > 0);
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([
      `${bed.server.url}/drafts/${draftId}`,
    ]);
    expect(view.url()).toMatch(/\/view$/);

    const copy = await viewPage(page, browser);
    expect(await axeViolations(copy)).toEqual([]);
    await copy.close();
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('follows a draft still being read: the view asks the host for get_draft until it is ready', async () => {
    const { page, view, problems } = await openHost(390);
    const started = (await apps.callTool({ name: 'submit_listing', arguments: { url: site.url } })) as CallToolResult;
    const id = (started.structuredContent as { id: string }).id;
    await deliver(page, { url: site.url }, started);
    await view.getByRole('heading', { level: 1, name: 'Reading your site…' }).waitFor();
    expect(await view.locator('.draft-stages [aria-current="step"]').textContent()).toContain('Read your site');

    await bed.runJobs();
    await view.getByRole('heading', { level: 1, name: 'Tallyho' }).waitFor({ timeout: 15_000 });
    expect(await view.locator('[data-draft-status]').getAttribute('data-draft-id')).toBe(id);
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});

/** The view's frame as it stands, copied into a page of its own (without its script) for axe-core, which checks a top-level document. */
async function viewPage(host: Page, browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: host.viewportSize()! });
  const view = host.frames().find((f) => f.url().endsWith('/view'))!;
  await page.setContent((await view.content()).replace(/<script\b[\s\S]*?<\/script>/g, ''));
  return page;
}
