import { describe, expect, it } from 'vitest';
import { servedTools } from '../helpers/server.js';
import { pingRequest, postMcp } from '../mcp/clients.js';

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

  it('limits MCP calls by the same budget and opens a new window a minute later', async () => {
    const res = await postMcp(`${served.server.url}/mcp`, pingRequest);
    expect(res.status).toBe(429);
    served.ctx.clock.advance(60_000);
    expect((await fetch(`${served.server.url}/api/v1/site`)).status).toBe(200);
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
