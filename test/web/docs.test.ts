// The human-readable docs: /docs renders the OpenAPI document with a renderer
// we serve ourselves (no other origin), /docs/mcp tells a person how to
// connect an MCP client, listing every tool of the registry.
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorStatus } from '../../src/errors.js';
import { tools } from '../../tools/index.js';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();

const get = (path: string) => fetch(`${served.server.url}${path}`);
const scriptSources = (page: string) => [...page.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
const stylesheets = (page: string) => [...page.matchAll(/<link rel="stylesheet" href="([^"]*)"/g)].map((m) => m[1]);

describe('GET /docs', () => {
  it('loads only scripts and styles from our own /docs/assets/', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    const scripts = scriptSources(page);
    const styles = stylesheets(page);
    expect(scripts).toHaveLength(2);
    expect(scripts.some((s) => /^\/docs\/assets\/swagger-ui-[\d.]+\/swagger-ui-bundle\.js$/.test(s))).toBe(true);
    expect(scripts).toContain('/docs/assets/init.js');
    expect(styles).toHaveLength(1);
    for (const url of [...scripts, ...styles]) expect(url.startsWith('/docs/assets/')).toBe(true);
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\/(?!127\.0\.0\.1)/);
  });

  it('allows fetching the document from this origin and nothing from elsewhere', async () => {
    const csp = (await get('/docs')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|unsafe-eval/);
  });

  it('introduces the base URL, authentication and links, with a no-script fallback', async () => {
    const page = await (await get('/docs')).text();
    expect(page).toContain(`${served.server.url}/api/v1`);
    expect(page).toContain('Authorization: Bearer');
    expect(page).toContain('href="/account/api-keys"');
    expect(page).toContain('href="/api/v1/openapi.json"');
    expect(page).toContain('href="/docs/mcp"');
    const noscript = page.match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? '';
    expect(noscript).toContain('href="/api/v1/openapi.json"');
    for (const tool of tools) expect(noscript).toContain(tool.name);
  });

  it('serves the renderer and its initialisation as JS and CSS', async () => {
    const page = await (await get('/docs')).text();
    const [bundle] = scriptSources(page);
    const [css] = stylesheets(page);
    const js = await get(bundle);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await js.text()).length).toBeGreaterThan(100_000);
    const style = await get(css);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    const init = await get('/docs/assets/init.js');
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    const initText = await init.text();
    expect(initText).toContain('"/api/v1/openapi.json"');
    expect(initText).toContain('validatorUrl: null');
  });

  it("does not serve the package's other files", async () => {
    const page = await (await get('/docs')).text();
    const dir = scriptSources(page)[0].replace(/\/[^/]+$/, '');
    for (const name of [
      'index.html',
      'swagger-initializer.js',
      'package.json',
      '../package.json',
      '%2e%2e/package.json',
    ]) {
      expect((await get(`${dir}/${name}`)).status, name).toBe(404);
    }
  });
});

describe('GET /docs/mcp', () => {
  it('shows the MCP URL, an HTTP config, how to get a stdio entry, the OAuth steps and every tool', async () => {
    const res = await get('/docs/mcp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const page = await res.text();
    expect(page).toContain(`<code>${served.server.url}/mcp</code>`);
    expect(page).toContain(`&quot;url&quot;: &quot;${served.server.url}/mcp&quot;`);
    expect(page).toContain('&quot;type&quot;: &quot;http&quot;');
    expect(page).toContain('<code>launchboard mcp-config</code>');
    expect(page).toContain('<code>LAUNCHBOARD_API_KEY</code>');
    expect(page).toContain(`<link rel="canonical" href="${served.server.url}/docs/mcp">`);
    expect(page).toMatch(/<meta name="description" content="[^"]+">/);
    for (const step of [
      'resource_metadata',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/oauth/register',
      '/oauth/authorize',
      'S256',
      '/oauth/token',
      '/account/api-keys',
    ]) {
      expect(page, step).toContain(step);
    }
    for (const scope of ['account:read', 'listings:write', 'orders:write']) expect(page).toContain(scope);
    for (const tool of tools) {
      expect(page, tool.name).toContain(`<code>${tool.name}</code>`);
    }
  });
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
describe.skipIf(!existsSync(CHROMIUM))('GET /docs in a real browser', () => {
  it('renders every operation under the page CSP without a violation or an outside request', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      const elsewhere: string[] = [];
      page.on('console', (m) => {
        // the browser's own /favicon.ico probe is not the page's doing
        if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => {
        if (!r.url().startsWith(served.server.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      await page.goto(`${served.server.url}/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.opblock').count()).toBe(tools.length);
      expect(problems).toEqual([]);
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 30_000);

  it('shows a padlock only on operations that need credentials, not on public ones where they are optional', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await page.goto(`${served.server.url}/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
      const padlocked = await page
        .locator('.opblock')
        .evaluateAll((blocks) =>
          blocks
            .filter((b) => b.querySelector('.opblock-summary .authorization__btn'))
            .map((b) => b.querySelector('.opblock-summary-operation-id')?.textContent),
        );
      const signedIn = tools.filter((t) => t.scope).map((t) => t.name);
      expect(signedIn.length).toBeGreaterThan(0);
      expect(signedIn.length).toBeLessThan(tools.length);
      expect(padlocked.sort()).toEqual([...signedIn].sort());
      // The document itself still says public operations take credentials optionally.
      const doc = await (await get('/api/v1/openapi.json')).json();
      expect(doc.paths['/site'].get.security).toEqual([{}, { oauth2: [] }, { apiKey: [] }]);
      // The Authorize button stays, for the signed-in operations.
      expect(await page.locator('.auth-wrapper .authorize').count()).toBe(1);
      mkdirSync('artifacts/discovery', { recursive: true });
      await page.screenshot({ path: 'artifacts/discovery/docs-1366.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'artifacts/discovery/docs-390.png', fullPage: true });
    } finally {
      await browser.close();
    }
  }, 30_000);
});

describe('GET /docs/errors', () => {
  it('answers every problem type URI with a section explaining that error', async () => {
    const problem = await (await get('/api/v1/listings/no-such-listing')).json();
    expect(problem.type).toMatch(/\/docs\/errors#not_found$/);
    const res = await get(new URL(problem.type).pathname);
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const kind of [...Object.keys(errorStatus), 'internal']) expect(page).toContain(`<section id="${kind}">`);
    expect(page).toContain('<code>Retry-After</code>');
  });
});
