// The whole maker flow over MCP with an API key: submit a URL, poll the
// draft, edit / lock / restore / regenerate, submit, and see the listing.
// A journey across five tools (submit_listing, get_draft, update_draft,
// submit_draft, get_my_listing), so it lives with the other journeys here;
// each tool's own rules are in test/tools/<group>/<tool>.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, type ClientKind } from '../mcp/clients.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { draftTestBed, type DraftTestBed } from '../tools/drafts/setup.js';

let bed: DraftTestBed;
let rich: FixtureSite;
beforeAll(async () => {
  bed = await draftTestBed();
  rich = await serveSite('rich');
});
afterAll(async () => {
  await rich?.close();
  await bed?.close();
});

describe.each(['v2-2026-07-28', 'v1'] as ClientKind[])('the maker flow over MCP (%s)', (kind) => {
  it('goes from a URL to a saved listing', async () => {
    const maker = await bed.maker();
    const client = await connectHttp(kind, `${bed.server.url}/mcp`, maker.auth);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool(name, args);
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result.structuredContent as any;
    };
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(
        expect.arrayContaining(['submit_listing', 'get_draft', 'update_draft', 'submit_draft', 'get_my_listing']),
      );

      const created = await call('submit_listing', { url: rich.url, idempotency_key: `flow-${kind}` });
      expect(created.status).toBe('crawling');

      // Poll as a client would; the test drives the job queue between polls instead of sleeping.
      let draft = await call('get_draft', { id: created.id });
      for (let polls = 0; draft.status !== 'ready' && polls < 5; polls++) {
        expect(draft.next_steps[0].tool).toBe('get_draft');
        await bed.runJobs();
        draft = await call('get_draft', { id: created.id });
      }
      expect(draft.status).toBe('ready');
      expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });

      draft = await call('update_draft', {
        id: created.id,
        fields: { tagline: 'Get paid without chasing', city: 'Hamburg' },
      });
      expect(draft.fields.tagline.state).toBe('edited');

      draft = await call('update_draft', { id: created.id, lock_fields: ['tagline'] });
      expect(draft.fields.tagline).toMatchObject({ value: 'Get paid without chasing', state: 'override' });

      const refused = await client.callTool('update_draft', { id: created.id, regenerate: ['tagline'] });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]!.text).toMatch(/restore it to let the AI redraft it/);

      draft = await call('update_draft', { id: created.id, restore: ['tagline'] });
      expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'ai' });
      expect(draft.locked_fields).toEqual([]);

      draft = await call('update_draft', { id: created.id, regenerate: ['city'] });
      expect(draft.fields.city).toMatchObject({ value: 'Berlin', state: 'ai' });

      const submitted = await call('submit_draft', { id: created.id, idempotency_key: `submit-${kind}` });
      expect(submitted).toMatchObject({ status: 'draft', created: true });

      const listing = await call('get_my_listing', { listing_id: submitted.listing_id });
      expect(listing).toMatchObject({
        listing_id: submitted.listing_id,
        name: 'Tallyho',
        tagline: 'Invoices that chase themselves',
        city: 'Berlin',
        status: 'draft',
      });
    } finally {
      await client.close();
    }
  });
});
