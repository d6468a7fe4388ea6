// delete_webhook through REST: deletes the caller's endpoint with its log;
// another maker's, or one already deleted, is 404; a pending delivery is
// never sent afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import create_webhook from '../../../tools/webhooks/create_webhook.js';
import tool from '../../../tools/webhooks/delete_webhook.js';
import list_webhooks from '../../../tools/webhooks/list_webhooks.js';
import { jobHandlers } from '../../../src/scheduler.js';
import { runDueJobs } from '../../../src/platform/jobs.js';
import { emitWebhookEvent } from '../../../src/webhooks/events.js';
import { webhooksTestBed, type WebhooksTestBed } from './setup.js';

let bed: WebhooksTestBed;
beforeAll(async () => {
  bed = await webhooksTestBed([create_webhook, tool, list_webhooks]);
});
afterAll(async () => bed?.close());

describe('delete_webhook', () => {
  it("deletes the caller's webhook (then 404), refuses another maker's (404), and drops its pending deliveries", async () => {
    const mine = await bed.register(['order.paid']);
    const theirs = await bed.register(['order.paid'], '/theirs', bed.other);
    expect(
      await emitWebhookEvent(bed.ctx, 'order.paid', bed.maker.userId, { order: { number: 'LB-2026-000001' } }),
    ).toBe(1);

    expect((await bed.call('DELETE', `/me/webhooks/${theirs.id}`)).status).toBe(404);
    const res = await bed.call('DELETE', `/me/webhooks/${mine.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, webhook_id: mine.id });
    expect((await bed.call('DELETE', `/me/webhooks/${mine.id}`)).status).toBe(404);

    await runDueJobs(bed.ctx, jobHandlers, 'test-worker');
    expect(bed.receiver.received).toEqual([]);
    const left = await bed.ctx.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(left).toEqual([]);
    const { webhooks } = await (await bed.call('GET', '/me/webhooks', undefined, bed.other)).json();
    expect(webhooks.map((w: { id: number }) => w.id)).toEqual([theirs.id]);
  });
});
