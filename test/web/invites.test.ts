// A co-founder invite end to end: the mailed link, sign-in as the invited
// address, the profile form, and the profile on the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../src/platform/mail.js';
import { confirmEmail } from '../helpers/users.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';
import { draftTestBed, type DraftTestBed } from '../tools/drafts/setup.js';

let bed: DraftTestBed;
beforeAll(async () => {
  bed = await draftTestBed();
  bed.ctx.config.publicUrl = bed.server.url;
});
afterAll(async () => bed?.close());

describe('the invite page', () => {
  it('lets the invited person add their own founder profile, shown on the draft', async () => {
    const maker = await bed.maker();
    await confirmEmail(bed.ctx, maker.userId); // only confirmed accounts invite
    const { body: draft } = await bed.call('POST', '/drafts', maker.auth, { url: 'https://tallyho.invalid' });
    await bed.call('POST', `/drafts/${draft.id}/invites`, maker.auth, { email: 'jonas@example.com' });
    const mail = await latestMailTo(bed.ctx, 'jonas@example.com');
    const path = new URL(/https?:\/\/\S+\/invites\/[A-Za-z0-9_-]+/.exec(mail!.text)![0]).pathname;

    const visitor = new Browser(bed.server.url);
    const first = await visitor.request(path);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/sign-in?return_to=${encodeURIComponent(path)}`);

    // Someone else signed in cannot accept it.
    const stranger = new Browser(bed.server.url);
    await signUpThroughPages(stranger, 'stranger@example.com', 'long enough pw');
    const strangerPage = await (await stranger.request(path)).text();
    const refused = await stranger.request(path, { form: { ...formFor(strangerPage, path).hidden, name: 'Mallory' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('sent to jonas@example.com');

    const jonas = new Browser(bed.server.url);
    await signUpThroughPages(jonas, 'jonas@example.com', 'long enough pw');
    const page = await (await jonas.request(path)).text();
    expect(page).toContain('<label for="name">Name</label>');
    const done = await jonas.request(path, {
      form: { ...formFor(page, path).hidden, name: 'Jonas Berg', title: 'CTO', bio: 'Builds the engine.' },
    });
    expect(done.status).toBe(200);

    const { body } = await bed.call('GET', `/drafts/${draft.id}`, maker.auth);
    expect(body.invited_founders).toEqual([
      expect.objectContaining({ name: 'Jonas Berg', title: 'CTO', bio: 'Builds the engine.' }),
    ]);
  });

  it('answers 404 for an unknown link', async () => {
    expect((await new Browser(bed.server.url).request('/invites/not-a-real-token-at-all-xyz')).status).toBe(404);
  });
});
