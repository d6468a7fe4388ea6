// delete_site_webhook as the website runs it: admins only; deletes the
// admin's own site endpoint (then 404); a maker's endpoint is not a site
// endpoint and stays.
import { describe, expect, it } from 'vitest';
import { createEndpoint, listEndpoints } from '../../../src/webhooks/endpoints.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('delete_site_webhook', () => {
  it('deletes a site webhook, then answers 404; a maker webhook of the same person is not touched', async () => {
    const ctx = bed.served.ctx;
    const own = await createEndpoint(ctx, bed.person.userId, 'own', {
      url: 'https://hooks.example.com/own',
      events: ['order.paid'],
    });
    expect((await bed.refusal('delete_site_webhook', { webhook_id: own.id })).status).toBe(404);
    await bed.makeAdmin();
    const site = await createEndpoint(ctx, bed.person.userId, 'site', {
      url: 'https://hooks.example.com/site',
      events: ['order.paid'],
    });
    expect((await bed.refusal('delete_site_webhook', { webhook_id: own.id })).status).toBe(404);
    expect(await bed.run('delete_site_webhook', { webhook_id: site.id })).toEqual({
      deleted: true,
      webhook_id: site.id,
    });
    expect((await bed.refusal('delete_site_webhook', { webhook_id: site.id })).status).toBe(404);
    expect(await listEndpoints(ctx, bed.person.userId, 'site')).toEqual([]);
    expect((await listEndpoints(ctx, bed.person.userId, 'own')).map((e) => e.id)).toEqual([own.id]);
  });
});
