// The "Logo and screenshots" section of the management page, through a
// signed-up browser: adding a screenshot by its link or as an uploaded file
// and removing one call update_my_listing with the whole gallery; a link or
// a file that cannot be used is named at its control and nothing is saved; the logo's state (copied,
// queued, or why not) is told; the forms need the form token and the owner.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import updateMyListing from '../../../tools/listings/update_my_listing.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';
import { type Browser, formValues, signedUpPerson } from '../../oauth/browser.js';
import { type ImageHost, picture, serveImages, svg } from '../../fixtures/images/serve.js';
import { afterAll } from 'vitest';

const served = servedTestContext({ allowPrivateFetch: true });
let images: ImageHost;
beforeAll(async () => {
  images = await serveImages({
    '/shot.png': { type: 'image/png', body: await picture('png', 1200, 800) },
    '/other.jpg': { type: 'image/jpeg', body: await picture('jpeg', 600, 400) },
    '/evil.svg': { type: 'image/svg+xml', body: svg('<script>alert(1)</script>') },
  });
});
afterAll(() => images?.close());

const people: { browser: Browser; userId: number }[] = [];
async function person(i: 0 | 1) {
  if (!people[i]) {
    const email = `images${i}@example.com`;
    people[i] = await signedUpPerson(served, email);
  }
  return people[i]!;
}

let n = 0;
async function owned(fields: Record<string, unknown> = {}, who: 0 | 1 = 0) {
  const { browser, userId } = await person(who);
  const id = await given(served.ctx).listing({
    fields: { owner_id: userId, name: `Pictured ${++n}`, plan: 'free', status: 'live', ...fields },
  });
  return { browser, id, path: `/my/listings/${id}` };
}

const pageOf = async (b: Browser, path: string) => (await b.request(path)).text();
const gallery = (id: number) =>
  served.ctx.db
    .selectFrom('listing_screenshots')
    .select('source_url')
    .where('listing_id', '=', id)
    .orderBy('position')
    .execute();

describe('screenshots on the management page', () => {
  it('adds a screenshot by its link through update_my_listing, then removes it', async () => {
    const me = await owned();
    const page = await pageOf(me.browser, me.path);
    expect(page).toContain('>Logo and screenshots</h2>');
    expect(page).toContain('They show on the public page once the media section is unlocked');
    const action = `${me.path}/screenshots`;
    const sent = vi.spyOn(updateMyListing, 'handler');
    const added = await me.browser.request(action, {
      form: { ...formValues(page, action), 'screenshot.url': `${images.origin}/shot.png` },
    });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${me.path}?done=screenshot-added#images`);
    expect(sent.mock.calls[0]![1]).toEqual({ listing_id: me.id, screenshots: [`${images.origin}/shot.png`] });
    sent.mockRestore();

    const second = await pageOf(me.browser, added.headers.get('location')!);
    expect(second).toContain('Screenshot added.');
    expect(second).toMatch(
      /<img src="\/media\/[0-9a-f]{64}\.webp" alt="Screenshot 1" width="1200" height="800" loading="lazy"/,
    );
    await me.browser.request(action, {
      form: { ...formValues(second, action), 'screenshot.url': `${images.origin}/other.jpg` },
    });
    expect((await gallery(me.id)).map((g) => g.source_url)).toEqual([
      `${images.origin}/shot.png`,
      `${images.origin}/other.jpg`,
    ]);

    const third = await pageOf(me.browser, me.path);
    const remove = `${me.path}/screenshots/0/remove`;
    const removed = await me.browser.request(remove, { form: formValues(third, remove) });
    expect(removed.headers.get('location')).toBe(`${me.path}?done=screenshot-removed#images`);
    expect((await gallery(me.id)).map((g) => g.source_url)).toEqual([`${images.origin}/other.jpg`]);
  });

  it('names a link that cannot be used at the link box, keeps it there, and saves nothing', async () => {
    const me = await owned();
    const action = `${me.path}/screenshots`;
    const res = await me.browser.request(action, {
      form: { ...formValues(await pageOf(me.browser, me.path), action), 'screenshot.url': `${images.origin}/evil.svg` },
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<a href="#f-screenshot-url">Screenshot link</a>: The SVG contains a script');
    expect(page).toMatch(/id="f-screenshot-url" name="screenshot.url"[^>]*aria-invalid="true"/);
    expect(page).toContain(`value="${images.origin}/evil.svg"`);
    expect(await gallery(me.id)).toEqual([]);
  });

  it('adds an uploaded file (the form posts as multipart) by its address here, with a link given beside it', async () => {
    const me = await owned();
    const action = `${me.path}/screenshots`;
    const page = await pageOf(me.browser, me.path);
    expect(page).toContain(`<form method="post" action="${action}" enctype="multipart/form-data" class="card">`);
    const added = await me.browser.request(action, {
      form: { ...formValues(page, action), 'screenshot.url': `${images.origin}/other.jpg` },
      files: { 'screenshot.file': { name: 'screen.png', type: 'image/png', bytes: await picture('png', 1000, 600) } },
    });
    expect(added.status).toBe(303);
    const urls = (await gallery(me.id)).map((g) => g.source_url);
    expect(urls).toEqual([
      expect.stringMatching(new RegExp(`^${served.ctx.config.publicUrl}/media/[0-9a-f]{64}\\.webp$`)),
      `${images.origin}/other.jpg`,
    ]);
    const shown = await pageOf(me.browser, me.path);
    expect(shown).toMatch(/<img src="\/media\/[0-9a-f]{64}\.webp" alt="Screenshot 1" width="1000" height="600"/);
  });

  it('names a file that cannot be used at the file control, keeps the link typed, and saves nothing', async () => {
    const me = await owned();
    const action = `${me.path}/screenshots`;
    const cases: [{ name: string; type: string; bytes: Buffer } | null, string][] = [
      [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('no picture here') }, 'is not a PNG, JPEG'],
      [{ name: 'big.png', type: 'image/png', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) }, 'larger than 5 MB'],
      [null, 'choose an image file or give a link'],
    ];
    for (const [file, said] of cases) {
      const form = formValues(await pageOf(me.browser, me.path), action);
      const res = await me.browser.request(action, {
        form: { ...form, 'screenshot.url': file ? `${images.origin}/shot.png` : '' },
        files: { 'screenshot.file': file ?? { name: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) } },
      });
      expect(res.status, said).toBe(400);
      const text = await res.text();
      expect(text).toContain('<a href="#f-screenshot-file">Screenshot file</a>');
      expect(text.toLowerCase()).toContain(said.toLowerCase());
      expect(text).toMatch(/id="f-screenshot-file" name="screenshot.file"[^>]*aria-invalid="true"/);
      if (file) expect(text).toContain(`value="${images.origin}/shot.png"`);
    }
    expect(await gallery(me.id)).toEqual([]);
  });

  it("needs the form token, and another person's listing is 404 for both forms", async () => {
    const me = await owned();
    const other = await owned({}, 1);
    const action = `${me.path}/screenshots`;
    const { _csrf, ...withoutToken } = formValues(await pageOf(me.browser, me.path), action);
    expect(
      (await me.browser.request(action, { form: { ...withoutToken, 'screenshot.url': `${images.origin}/shot.png` } }))
        .status,
    ).toBe(403);
    const othersToken = formValues(await pageOf(other.browser, other.path), `${other.path}/screenshots`)._csrf!;
    expect(
      (
        await other.browser.request(action, {
          form: { _csrf: othersToken, 'screenshot.url': `${images.origin}/shot.png` },
        })
      ).status,
    ).toBe(404);
    expect(
      (await other.browser.request(`${me.path}/screenshots/0/remove`, { form: { _csrf: othersToken } })).status,
    ).toBe(404);
    expect(await gallery(me.id)).toEqual([]);
  });
});

describe('the logo on the management page', () => {
  it('tells whether the logo was copied, is on its way, or why it could not be', async () => {
    const queued = await owned({ logo_url: 'https://maker.example/logo.png' });
    expect(await pageOf(queued.browser, queued.path)).toContain('Your logo is being copied to this site');
    const failed = await owned({
      logo_url: 'https://maker.example/logo.png',
      logo_error: 'The image link answered HTTP 404.',
    });
    const page = await pageOf(failed.browser, failed.path);
    expect(page).toContain('Your logo could not be copied');
    expect(page).toContain('The image link answered HTTP 404. Your initials show instead.');
    const none = await owned();
    expect(await pageOf(none.browser, none.path)).toContain('No logo link: your initials show instead.');
  });
});
