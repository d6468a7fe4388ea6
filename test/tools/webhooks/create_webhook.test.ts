// create_webhook through REST: registers an endpoint and shows its secret
// once; the url must be https on a public address (here, where private
// fetching is allowed for the local receiver, only the scheme and credentials
// are checked; test/webhooks/webhooks.test.ts checks private addresses), the
// events must be known, a maker has at most ten, and only listings:write may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/webhooks/create_webhook.js';
import list_webhooks from '../../../tools/webhooks/list_webhooks.js';
import { MAX_ENDPOINTS } from '../../../src/webhooks/endpoints.js';
import { expectFieldRefused } from '../../helpers/rest.js';
import { userWithKey } from '../../helpers/users.js';
import { webhooksTestBed, type WebhooksTestBed } from './setup.js';

let bed: WebhooksTestBed;
beforeAll(async () => {
  bed = await webhooksTestBed([tool, list_webhooks]);
});
afterAll(async () => bed?.close());

describe('create_webhook', () => {
  it('answers 201 with the endpoint and a whsec_ secret that list_webhooks never shows', async () => {
    const res = await bed.call('POST', '/me/webhooks', {
      url: `${bed.receiver.url}/in`,
      events: ['comment.created', 'order.paid', 'comment.created'],
      description: '  CRM  ',
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      url: `${bed.receiver.url}/in`,
      events: ['comment.created', 'order.paid'],
      description: 'CRM',
      recent_deliveries: [],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await (await bed.call('GET', '/me/webhooks')).json();
    expect(listed.webhooks.map((w: { id: number }) => w.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it('refuses a url that is not https or holds credentials, and unknown or no events, naming the field', async () => {
    const strict = await webhooksTestBed([tool]);
    try {
      // Without the tests' private-fetch allowance, plain http is refused.
      strict.ctx.config.allowPrivateFetch = false;
      await expectFieldRefused(
        strict.call('POST', '/me/webhooks', { url: 'http://hooks.example.com/', events: ['order.paid'] }),
        'url',
      );
    } finally {
      await strict.close();
    }
    await expectFieldRefused(bed.call('POST', '/me/webhooks', { url: 'not a url', events: ['order.paid'] }), 'url');
    await expectFieldRefused(
      bed.call('POST', '/me/webhooks', { url: 'https://user:pw@hooks.example.com/', events: ['order.paid'] }),
      'url',
    );
    await expectFieldRefused(
      bed.call('POST', '/me/webhooks', { url: 'https://hooks.example.com/', events: ['listing.deleted'] }),
      'events.0',
    );
    await expectFieldRefused(
      bed.call('POST', '/me/webhooks', { url: 'https://hooks.example.com/', events: [] }),
      'events',
    );
  });

  it(`allows ${MAX_ENDPOINTS} webhooks per maker, then answers 409`, async () => {
    const maker = await userWithKey(bed.ctx, ['account:read', 'listings:write']);
    for (let i = 0; i < MAX_ENDPOINTS; i++)
      expect(
        (
          await bed.call(
            'POST',
            '/me/webhooks',
            { url: `https://hooks.example.com/${i}`, events: ['order.paid'] },
            maker,
          )
        ).status,
      ).toBe(201);
    const over = await bed.call(
      'POST',
      '/me/webhooks',
      { url: 'https://hooks.example.com/x', events: ['order.paid'] },
      maker,
    );
    expect(over.status).toBe(409);
    expect((await over.json()).detail).toContain('delete one first');
  });

  it('needs listings:write (403 with account:read alone) and a caller (401)', async () => {
    const reader = await userWithKey(bed.ctx, ['account:read']);
    const body = { url: 'https://hooks.example.com/', events: ['order.paid'] };
    expect((await bed.call('POST', '/me/webhooks', body, reader)).status).toBe(403);
    const anonymous = await fetch(`${bed.server.url}/api/v1/me/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
  });
});
