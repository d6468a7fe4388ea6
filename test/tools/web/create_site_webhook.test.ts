// create_site_webhook as the website runs it: admins only (anyone else gets
// the 404 the admin pages give), a site endpoint hears every listing's
// events, and the url is checked as create_webhook checks it.
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../src/webhooks/endpoints.js';
import { emitWebhookEvent } from '../../../src/webhooks/events.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const input = { url: 'https://hooks.example.com/all', events: ['order.paid', 'listing.live'] };

describe('create_site_webhook', () => {
  it('refuses a person who is not an admin', async () => {
    expect((await bed.refusal('create_site_webhook', input)).status).toBe(404);
  });

  it("makes a site endpoint that hears of anyone's events, with its secret shown once", async () => {
    await bed.makeAdmin();
    const created = (await bed.run('create_site_webhook', input)) as { id: number; secret: string };
    expect(created.secret).toMatch(/^whsec_/);
    const [site] = await listEndpoints(bed.served.ctx, bed.person.userId, 'site');
    expect(site).toMatchObject({ id: created.id, url: input.url, events: input.events });
    expect(await listEndpoints(bed.served.ctx, bed.person.userId, 'own')).toEqual([]);
    // An order of some other person reaches it.
    expect(await emitWebhookEvent(bed.served.ctx, 'order.paid', null, {})).toBe(1);
  });

  it('refuses a private address and a plain http url, naming the url', async () => {
    await bed.makeAdmin();
    for (const url of ['https://192.168.1.10/hook', 'http://hooks.example.com/'])
      expect((await bed.refusal('create_site_webhook', { ...input, url })).errors[0]?.path).toBe('url');
  });
});
