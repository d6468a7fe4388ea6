// TRUST_PROXY decides whose X-Forwarded-For names the visitor (rate limits,
// view counts): by default a proxy on this machine is believed; a server told
// to believe only another proxy counts a loopback client by its own address,
// whatever address it claims.
import { describe, expect, it } from 'vitest';
import { servedTools } from '../helpers/server.js';

const limits = { anonymousPerMinute: 2, signedInPerMinute: 10, failedAuthPerMinute: 5 };
const loopback = servedTools({ config: { rateLimit: limits } });
const elsewhere = servedTools({ config: { rateLimit: limits, trustProxy: ['192.0.2.1'] } });

const statuses = async (base: string) => {
  const out: number[] = [];
  for (let i = 1; i <= 3; i++)
    out.push((await fetch(`${base}/api/v1/site`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status);
  return out;
};

describe('TRUST_PROXY', () => {
  it('believes a loopback proxy by default: each forwarded address has its own budget', async () => {
    expect(await statuses(loopback.server.url)).toEqual([200, 200, 200]);
  });

  it('believes only the proxies named: a loopback client is one visitor whatever it forwards', async () => {
    expect(await statuses(elsewhere.server.url)).toEqual([200, 200, 429]);
  });
});
