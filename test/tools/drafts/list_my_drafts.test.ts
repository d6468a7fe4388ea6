import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

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

describe('list_my_drafts', () => {
  it('lists only own drafts, newest first, with status and completeness, paginated', async () => {
    const maker = await bed.maker();
    const other = await bed.maker();
    await bed.call('POST', '/drafts', other.auth, { url: rich.url });
    const ids: string[] = [];
    for (const url of [rich.url, `${rich.url}features`, `${rich.url}about`]) {
      ids.push((await bed.call('POST', '/drafts', maker.auth, { url })).body.id);
      bed.ctx.clock.advance(60_000);
    }
    await bed.runJobs();
    const { status, body } = await bed.call('GET', '/drafts?per_page=2', maker.auth);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const last = await bed.call('GET', '/drafts?per_page=2&page=2', maker.auth);
    expect(last.body.items).toEqual([
      expect.objectContaining({
        id: ids[0],
        name: 'Tallyho',
        status: 'ready',
        completeness: 95,
        missing: ['tags'],
        listing_id: null,
      }),
    ]);
  });

  it('needs account:read', async () => {
    expect((await bed.call('GET', '/drafts', {})).status).toBe(401);
    expect((await bed.call('GET', '/drafts', (await bed.maker(['listings:write'])).auth)).status).toBe(403);
    expect((await bed.call('GET', '/drafts?per_page=101', (await bed.maker()).auth)).status).toBe(400);
  });
});
