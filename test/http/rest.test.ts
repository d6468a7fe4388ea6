import { describe, expect, it } from 'vitest';
import { setProductPrice } from '../../src/orders/products.js';
import { servedTools } from '../helpers/server.js';

const served = servedTools({
  seed: async (ctx) => {
    await setProductPrice(ctx.db, { key: 'launch', cents: 4900, name: 'Paid launch', now: ctx.clock.now() });
  },
});

const get = (path: string, init?: RequestInit) => fetch(`${served.server.url}/api/v1${path}`, init);

async function expectProblem(res: Response, status: number, field?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body).toMatchObject({
    status,
    title: expect.any(String),
    detail: expect.any(String),
    type: expect.any(String),
  });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  if (field) expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
  return body;
}

describe('REST face', () => {
  it('answers get_site_info with live counts and the API and MCP locations', async () => {
    const res = await get('/site');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.name).toBe('Launchboard');
    expect(body.counts).toEqual({ live_listings: 0, categories: 0 });
    expect(body.urls.openapi).toBe('http://localhost:3000/api/v1/openapi.json');
    expect(body.mcp.url).toBe('http://localhost:3000/mcp');
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=120;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  it('lists products with prices from the products table only', async () => {
    const body = await (await get('/products')).json();
    expect(body.items).toEqual([
      {
        key: 'launch',
        name: 'Paid launch',
        description: '',
        price_cents: 4900,
        currency: 'USD',
        vat_included: false,
        needs_listing: true,
      },
    ]);
  });

  it('coerces query booleans and rejects a value of the wrong type naming the field', async () => {
    expect((await get('/categories?include_empty=false')).status).toBe(200);
    await expectProblem(await get('/categories?include_empty=maybe'), 400, 'include_empty');
  });

  it('rejects an unknown query parameter naming it', async () => {
    await expectProblem(await get('/site?surprise=1'), 400, 'surprise');
  });

  it('answers an unknown route with 404 problem+json and a wrong method with 405', async () => {
    await expectProblem(await get('/nothing-here'), 404);
    const res = await get('/site', { method: 'DELETE' });
    await expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers a bad bearer token with 401 even on a public operation', async () => {
    await expectProblem(await get('/site', { headers: { authorization: 'Bearer lb_not-a-real-key' } }), 401);
    await expectProblem(await get('/site', { headers: { authorization: 'Basic abc' } }), 401);
  });

  it('rejects an Idempotency-Key on an operation that does not accept one', async () => {
    await expectProblem(await get('/site', { headers: { 'idempotency-key': 'k1' } }), 400, 'Idempotency-Key');
  });

  it('serves the OpenAPI document', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/site'].get.operationId).toBe('get_site_info');
  });
});
