// send_site_test_webhook as the website runs it: admins only; the test goes
// through the SSRF-safe fetcher, so an endpoint whose address is private is
// reported as not reached and logged as failed, never retried.
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../src/webhooks/endpoints.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('send_site_test_webhook', () => {
  it('refuses a person who is not an admin; an admin learns that a private address was not reached', async () => {
    const ctx = bed.served.ctx;
    // As if the address had been public when registered: a row written directly.
    const row = await ctx.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: bed.person.userId,
        reach: 'site',
        url: 'http://127.0.0.1:9/hook',
        events: JSON.stringify(['order.paid']),
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=',
        description: null,
        created_at: ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await bed.refusal('send_site_test_webhook', { webhook_id: row.id })).status).toBe(404);
    await bed.makeAdmin();
    const result = (await bed.run('send_site_test_webhook', { webhook_id: row.id })) as Record<string, unknown>;
    expect(result).toMatchObject({ delivered: false, response_status: null });
    expect(result.error).toMatch(/private or reserved/);
    const [endpoint] = await listEndpoints(ctx, bed.person.userId, 'site');
    expect(endpoint!.recent_deliveries).toEqual([
      expect.objectContaining({ event: 'webhook.test', status: 'failed', attempts: 1 }),
    ]);
    expect((await bed.refusal('send_site_test_webhook', { webhook_id: row.id + 1000 })).status).toBe(404);
  });
});
