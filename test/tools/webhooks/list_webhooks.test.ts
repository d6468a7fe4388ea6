// list_webhooks through REST: the caller's endpoints only, each with its
// latest deliveries, newest first, at most ten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import create_webhook from '../../../tools/webhooks/create_webhook.js';
import tool from '../../../tools/webhooks/list_webhooks.js';
import send_test_webhook from '../../../tools/webhooks/send_test_webhook.js';
import { RECENT_DELIVERIES, TEST_INTERVAL_SECONDS } from '../../../src/webhooks/endpoints.js';
import { webhooksTestBed, type WebhooksTestBed } from './setup.js';

let bed: WebhooksTestBed;
beforeAll(async () => {
  bed = await webhooksTestBed([create_webhook, tool, send_test_webhook]);
});
afterAll(async () => bed?.close());

describe('list_webhooks', () => {
  it("shows the caller's webhooks, not another maker's, each with its latest deliveries newest first", async () => {
    const mine = await bed.register(['order.paid']);
    await bed.register(['order.paid'], '/theirs', bed.other);
    for (let i = 0; i < RECENT_DELIVERIES + 2; i++) {
      expect((await bed.call('POST', `/me/webhooks/${mine.id}/test`)).status).toBe(200);
      bed.ctx.clock.advance(TEST_INTERVAL_SECONDS * 1000);
    }

    const res = await bed.call('GET', '/me/webhooks');
    expect(res.status).toBe(200);
    const { webhooks } = await res.json();
    expect(webhooks.map((w: { id: number }) => w.id)).toEqual([mine.id]);
    const deliveries = webhooks[0].recent_deliveries;
    expect(deliveries).toHaveLength(RECENT_DELIVERIES);
    const ids = deliveries.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(deliveries[0]).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      response_status: 204,
      error: null,
    });
  });

  it('shows another maker only their own, and needs a caller', async () => {
    const { webhooks } = await (await bed.call('GET', '/me/webhooks', undefined, bed.other)).json();
    expect(webhooks).toHaveLength(1);
    expect((await fetch(`${bed.server.url}/api/v1/me/webhooks`)).status).toBe(401);
  });
});
