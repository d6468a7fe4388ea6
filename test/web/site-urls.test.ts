// Every public URL get_site_info names answers: the pages, the API root and
// its OpenAPI document, the docs and the MCP endpoint.
import { beforeAll, describe, expect, it } from 'vitest';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';

const served = servedTestContext();
beforeAll(async () => {
  await given(served.ctx).listing({ slug: 'named' });
});

describe('the URLs get_site_info names', () => {
  it('all answer', async () => {
    const site = await (await fetch(`${served.server.url}/api/v1/site`)).json();
    const urls = Object.entries(site.urls as Record<string, string>);
    expect(urls.length).toBeGreaterThan(10);
    for (const [name, url] of urls) {
      expect(url.startsWith(served.server.url), name).toBe(true);
      if (name === 'mcp') {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
          }),
        });
        expect(res.status, name).toBe(200);
        continue;
      }
      const res = await fetch(url);
      expect(res.status, `${name} ${url}`).toBe(200);
    }
  });

  it("set no cookie on public pages, which anonymous visitors' caches may keep", async () => {
    for (const path of ['/', '/listings/named', '/leaderboards', '/feeds/launches.rss', '/sitemap.xml']) {
      const res = await fetch(`${served.server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
  });
});
