// send_test_webhook through REST: one signed webhook.test POST now, its
// answer returned and logged; an endpoint that fails is reported, not
// retried; another maker's webhook is 404.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import create_webhook from '../../../tools/webhooks/create_webhook.js';
import list_webhooks from '../../../tools/webhooks/list_webhooks.js';
import tool from '../../../tools/webhooks/send_test_webhook.js';
import { TEST_INTERVAL_SECONDS } from '../../../src/webhooks/endpoints.js';
import { webhooksTestBed, type WebhooksTestBed } from './setup.js';

let bed: WebhooksTestBed;
beforeAll(async () => {
  bed = await webhooksTestBed([create_webhook, list_webhooks, tool]);
});
afterAll(async () => bed?.close());

describe('send_test_webhook', () => {
  it('POSTs a webhook.test event signed as Standard Webhooks says, and returns the answer', async () => {
    const hook = await bed.register(['order.paid'], '/signed');
    const res = await bed.call('POST', `/me/webhooks/${hook.id}/test`);
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result).toMatchObject({ delivered: true, response_status: 204, error: null });

    const [got] = bed.receiver.received;
    expect(got!.path).toBe('/signed');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got!.body)).toEqual({
      type: 'webhook.test',
      timestamp: bed.ctx.clock.now().toISOString(),
      data: { endpoint_id: hook.id, message: 'A test from Launchboard.' },
    });
    const id = got!.headers['webhook-id'] as string;
    const timestamp = got!.headers['webhook-timestamp'] as string;
    expect(id).toMatch(/^msg_/);
    expect(Number(timestamp)).toBe(Math.floor(bed.ctx.clock.now().getTime() / 1000));
    // The spec's signature, computed here from the secret: HMAC-SHA256 of "id.timestamp.body", base64, "v1," first.
    const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${got!.body}`).digest('base64');
    expect(got!.headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it(`answers 429 with Retry-After to a second test within ${TEST_INTERVAL_SECONDS} s, and sends nothing`, async () => {
    const hook = await bed.register(['order.paid'], '/twice');
    expect((await bed.call('POST', `/me/webhooks/${hook.id}/test`)).status).toBe(200);
    bed.ctx.clock.advance(4000);
    const again = await bed.call('POST', `/me/webhooks/${hook.id}/test`);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('6');
    expect(bed.receiver.received.filter((r) => r.path === '/twice')).toHaveLength(1);
    bed.ctx.clock.advance(6000);
    expect((await bed.call('POST', `/me/webhooks/${hook.id}/test`)).status).toBe(200);
  });

  it('reports an endpoint that answers 500, logs it as failed after one attempt, and refuses another maker', async () => {
    const hook = await bed.register(['order.paid'], '/broken');
    bed.receiver.answer(500);
    try {
      const result = await (await bed.call('POST', `/me/webhooks/${hook.id}/test`)).json();
      expect(result).toMatchObject({ delivered: false, response_status: 500, error: 'the endpoint answered HTTP 500' });
    } finally {
      bed.receiver.answer(204);
    }
    const { webhooks } = await (await bed.call('GET', '/me/webhooks')).json();
    const logged = webhooks.find((w: { id: number }) => w.id === hook.id).recent_deliveries;
    expect(logged).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, response_status: 500 })]);
    const jobs = await bed.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'webhook_delivery').execute();
    expect(jobs).toEqual([]);
    expect((await bed.call('POST', `/me/webhooks/${hook.id}/test`, undefined, bed.other)).status).toBe(404);
  });
});
