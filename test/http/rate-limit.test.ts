import { describe, expect, it } from 'vitest';
import { servedTools } from '../helpers/server.js';
import { pingRequest, postMcp, toolCallRequest } from '../mcp/clients.js';

const served = servedTools({
  config: { rateLimit: { anonymousPerMinute: 3, signedInPerMinute: 10, failedAuthPerMinute: 5 } },
});

describe('rate limits', () => {
  it('counts requests per caller per minute and answers 429 with Retry-After past the limit', async () => {
    const statuses: number[] = [];
    let last!: Response;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${served.server.url}/api/v1/site`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('spends the same budget on MCP tool calls and resource reads, gives protocol housekeeping its own ten times larger, and opens a new window a minute later', async () => {
    const mcp = `${served.server.url}/mcp`;
    // The REST requests above spent the anonymous budget (3): a tool call is refused...
    const call = await postMcp(mcp, toolCallRequest('get_site_info'));
    expect(call.status).toBe(429);
    expect(call.headers.get('content-type')).toMatch(/problem\+json/);
    expect(call.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...and so is a read of a resource (the draft review's view is 0.7 MB)...
    const read = await postMcp(mcp, {
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: 'ui://launchboard/draft-review' },
    });
    expect(read.status).toBe(429);
    expect(read.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    // ...while pings (housekeeping) have 30 of their own.
    const pings: number[] = [];
    for (let i = 0; i < 31; i++) pings.push((await postMcp(mcp, pingRequest)).status);
    expect(pings.slice(0, 30).filter((s) => s === 429)).toEqual([]);
    const spent = await postMcp(mcp, pingRequest);
    expect(spent.status).toBe(429);
    expect(spent.headers.get('ratelimit')).toMatch(/^"mcp-protocol";r=0;t=\d+$/);
    served.ctx.clock.advance(60_000);
    expect((await fetch(`${served.server.url}/api/v1/site`)).status).toBe(200);
    const again = await postMcp(mcp, toolCallRequest('get_site_info'));
    expect(again.status).not.toBe(429);
    expect(again.headers.get('ratelimit')).toMatch(/^"default";r=1;t=\d+$/);
  });

  it('answers 429 past the limit on failed credentials from one address, on REST and MCP, with RateLimit headers', async () => {
    served.ctx.clock.advance(60_000);
    const bad = { authorization: `Bearer lb_${'x'.repeat(43)}` };
    const statuses: number[] = [];
    let last!: Response;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${served.server.url}/api/v1/me`, { headers: bad });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.headers.get('ratelimit')).toMatch(/^"failed-auth";r=0;t=\d+$/);
    const mcp = await postMcp(`${served.server.url}/mcp`, pingRequest, bad);
    expect(mcp.status).toBe(429);
    served.ctx.clock.advance(60_000);
    expect((await fetch(`${served.server.url}/api/v1/me`, { headers: bad })).status).toBe(401);
  });
});
