import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given } from '../../helpers/given.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

let bed: DraftTestBed;
beforeAll(async () => {
  bed = await draftTestBed();
});
afterAll(async () => bed?.close());

describe('get_draft', () => {
  it('returns the own draft with every profile field, and a poll hint while crawling', async () => {
    const maker = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', maker.auth, { url: 'https://quietly.invalid' });
    const { status, body } = await bed.call('GET', `/drafts/${created.id}`, maker.auth);
    expect(status).toBe(200);
    expect(Object.keys(body.fields)).toHaveLength(18);
    expect(body.status).toBe('crawling');
    expect(body.next_steps).toEqual([
      { tool: 'get_draft', why: 'Drafting takes about a minute: poll every few seconds until status is ready.' },
    ]);
    // While crawling nothing is known: every field is pending, nothing is missing yet (not "all 20 missing").
    expect(Object.values(body.fields).every((f) => (f as { state: string }).state === 'pending')).toBe(true);
    expect(body.missing).toEqual([]);
    expect(body.completeness).toBe(0);
    expect(body.not_found_on_website).toEqual([]);
  });

  it("follows the listing's real status in its next steps once submitted", async () => {
    const maker = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', maker.auth, { url: 'https://steps.invalid' });
    const listingId = await given(bed.ctx).listing({
      slug: 'steps',
      status: 'draft',
      fields: { owner_id: maker.userId },
    });
    await bed.ctx.db
      .updateTable('drafts')
      .set({ status: 'ready', listing_id: listingId })
      .where('id', '=', created.id)
      .execute();
    const last = async () =>
      (
        (await bed.call('GET', `/drafts/${created.id}`, maker.auth)).body.next_steps as { tool: string; why: string }[]
      ).at(-1)!;
    expect(await last()).toEqual({
      tool: 'get_launch_options',
      why: expect.stringContaining('then choose_free_listing or quote_order'),
    });
    await bed.ctx.db
      .updateTable('listings')
      .set({ status: 'awaiting_badge', launch_week: '2027-01-04' })
      .where('id', '=', listingId)
      .execute();
    expect(await last()).toEqual({ tool: 'get_badges', why: expect.stringContaining('free week of 2027-01-04') });
    await bed.ctx.db.updateTable('listings').set({ status: 'live' }).where('id', '=', listingId).execute();
    expect((await last()).tool).toBe('post_listing_update');
  });

  it("answers 404 for another user's draft, 400 for an id that is not a UUID, 401 and 403 without access", async () => {
    const owner = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', owner.auth, { url: 'https://quietly.invalid' });
    const stranger = await bed.maker();
    const res = await bed.call('GET', `/drafts/${created.id}`, stranger.auth);
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/list_my_drafts/);
    const bad = await bed.call('GET', '/drafts/42', owner.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('id');
    expect((await bed.call('GET', `/drafts/${created.id}`, {})).status).toBe(401);
    expect((await bed.call('GET', `/drafts/${created.id}`, (await bed.maker(['listings:write'])).auth)).status).toBe(
      403,
    );
  });
});
