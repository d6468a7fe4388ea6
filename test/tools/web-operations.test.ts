// The website's own operations (tools/web): absent from REST, the OpenAPI
// document and MCP's tool list, and refused to any caller but a person signed
// in on the site.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { webOperations } from '../../tools/web/index.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { confirmEmail, userWithKey } from '../helpers/users.js';

const served = servedTestContext();
const NAMES = webOperations.map((op) => op.name);
const operation = (name: string) => webOperations.find((op) => op.name === name)!;

let listingId: number;
let person: Awaited<ReturnType<typeof userWithKey>>;
beforeAll(async () => {
  listingId = await given(served.ctx).listing({ slug: 'acme', status: 'live' });
  person = await userWithKey(served.ctx, ['account:read', 'listings:write', 'orders:write']);
  await confirmEmail(served.ctx, person.userId);
});

async function refusal(name: string, input: Record<string, unknown>, caller: Caller): Promise<AppError> {
  try {
    await invokeTool(served.ctx, operation(name), input, caller);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

describe('the website operations', () => {
  it('are neither REST operations nor in the OpenAPI document', async () => {
    const doc = await (await fetch(`${served.server.url}/api/v1/openapi.json`)).json();
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((methods) => Object.values(methods))
      .map((o) => o.operationId);
    expect(operationIds.length).toBeGreaterThan(30);
    for (const name of NAMES) expect(operationIds).not.toContain(name);
    const res = await fetch(`${served.server.url}/api/v1/listings/acme/follow`, {
      method: 'POST',
      headers: person.auth,
    });
    expect(res.status).toBe(404);
  });

  it('are not MCP tools', async () => {
    const client = new Client({ name: 'web-operations', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.server.url}/mcp`)));
    try {
      const listed = (await client.listTools()).tools.map((t) => t.name);
      expect(listed).toContain('get_listing');
      for (const name of NAMES) expect(listed).not.toContain(name);
    } finally {
      await client.close();
    }
  });

  it.each(NAMES)('%s refuses a program with an API key, and anyone not signed in', async (name) => {
    const inputs: Record<string, Record<string, unknown>> = {
      file_report: { target_kind: 'listing', target_id: String(listingId), reason: 'spam', details: '' },
      write_review: { listing_id: listingId, rating: '5', body: 'Good' },
      post_comment: { listing_id: listingId, parent_id: null, body: 'Hello' },
      edit_comment: { comment_id: 1, body: 'Hello' },
      create_api_key: { name: 'k', scopes: ['account:read'], expires: '' },
      revoke_api_key: { key_id: person.keyId },
      set_notification_mail: { mail: ['review'] },
      accept_invite: { token: 'x', name: 'A', title: '', bio: '' },
      set_comment_hidden: { comment_id: 1, hidden: false, reason: '' },
      set_review_flag: { review_id: 1, flagged: false },
      close_report: { report_id: 1, outcome: 'dismissed' },
      set_listing_hidden: { listing_id: listingId, hidden: true, reason: 'x' },
      confirm_user_email: { user_id: person.userId },
      disable_user: { user_id: person.userId, reason: 'x' },
      enable_user: { user_id: person.userId, restore_votes: false },
      set_votes_discounted: { listing_id: listingId, discounted: true },
      set_product_price: { key: 'launch', cents: 100 },
      add_product: { key: 'extra', name: 'Extra', cents: 100, needs_listing: false },
      hide_reported_comment: { report_id: 1, reason: 'x' },
      edit_listing_as_admin: { listing_id: listingId, fields: { tagline: 'x' }, reason: 'x' },
      save_settings: { site_name: 'x' },
      save_blog_post: {
        title: 'x',
        slug: '',
        excerpt: '',
        body_markdown: 'x',
        author_name: '',
        published: false,
        publish_date: '',
      },
      set_blog_post_published: { id: 1, published: true },
      mark_notifications_read: {},
      upload_image: { variant: 'logo', data: 'iVBORw0KGgo=' },
      create_site_webhook: { url: 'https://hooks.example.com/', events: ['order.paid'] },
      delete_site_webhook: { webhook_id: 1 },
      send_site_test_webhook: { webhook_id: 1 },
    };
    const input = inputs[name] ?? { listing_id: listingId };
    const keyCaller: Caller = {
      kind: 'user',
      userId: person.userId,
      scopes: ['account:read', 'listings:write', 'orders:write'],
      via: 'api_key',
      credentialId: String(person.keyId),
    };
    expect((await refusal(name, input, keyCaller)).status).toBe(401);
    expect((await refusal(name, input, { kind: 'anonymous', ip: '127.0.0.1' })).status).toBe(401);
  });
});
