// A founder's photo from the site: the picture whose alt text names that
// founder alone, fetched as any linked image (robots.txt obeyed) and stored
// here; a group photo, a logo, or one the site's robots.txt keeps from us is
// left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidencePage } from '../../src/drafts/drafter/fields.js';
import { createDraft, draftById } from '../../src/drafts/drafts.js';
import { founderPhotos, photoOf } from '../../src/drafts/founder-photos.js';
import { runDraftJob } from '../../src/drafts/job.js';
import { ownImageHash } from '../../src/media/images.js';
import { type ImageHost, picture, serveImages } from '../fixtures/images/serve.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { userWithKey } from '../helpers/users.js';

const page = (images: { src: string; alt: string }[]) =>
  ({ url: 'https://a.example/about', title: null, text: '', facts: { images } }) as unknown as EvidencePage;

describe('which picture is a founder’s', () => {
  it('takes the one whose alt text names the founder alone, not a group photo, a logo or a longer name', () => {
    const pages = [
      page([
        { src: 'https://a.example/both.jpg', alt: 'Ines Moreau and Paul Dubois at the office' },
        { src: 'https://a.example/logo.png', alt: 'Ines Moreau logo' },
        { src: 'https://a.example/ines-marie.jpg', alt: 'Ines Moreaux' },
        { src: 'https://a.example/ines.jpg', alt: 'Portrait of Ines Moreau, co-founder' },
      ]),
    ];
    const founders = ['Ines Moreau', 'Paul Dubois'];
    expect(photoOf(pages, 'Ines Moreau', founders)).toBe('https://a.example/ines.jpg');
    expect(photoOf(pages, 'Paul Dubois', founders)).toBeNull();
  });
});

describe('storing the photos', () => {
  let t: TestContext;
  let host: ImageHost;
  beforeAll(async () => {
    t = await testContext({ allowPrivateFetch: true });
    const face = await picture('png', 120, 160);
    host = await serveImages({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
      '/ines.png': { type: 'image/png', body: face },
      '/private/paul.png': { type: 'image/png', body: face },
    });
  });
  afterAll(async () => {
    await host?.close();
    await t?.close();
  });

  it('stores each photo as a square on this site, and leaves out one robots.txt keeps from us', async () => {
    const pages = [
      page([
        { src: `${host.origin}/ines.png`, alt: 'Ines Moreau' },
        { src: `${host.origin}/private/paul.png`, alt: 'Paul Dubois' },
      ]),
    ];
    const photos = await founderPhotos(t, pages, [{ name: 'Ines Moreau' }, { name: 'Paul Dubois' }]);
    expect([...photos.keys()]).toEqual(['Ines Moreau']);
    const hash = ownImageHash(t, photos.get('Ines Moreau')!);
    const stored = await t.db.selectFrom('images').selectAll().where('hash', '=', hash!).executeTakeFirstOrThrow();
    // A portrait is padded to a square, as a logo is.
    expect(stored).toMatchObject({ content_type: 'image/webp', width: 160, height: 160 });
    expect(host.requests).not.toContain('/private/paul.png');
  });

  it("gives a drafted founder the photo the site's team section shows", async () => {
    const site = await serveImages({
      '/': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><title>Tallyho</title></head><body><main>
<h1>Tallyho</h1><p>Invoices that chase themselves.</p>
<h2>Team</h2><div><img src="/ines.png" alt="Ines Moreau"><h3>Ines Moreau</h3><p>Founder &amp; CEO</p></div>
</main></body></html>`,
      },
      '/ines.png': { type: 'image/png', body: await picture('png', 96, 96) },
    });
    try {
      const { userId } = await userWithKey(t, ['listings:write']);
      const draft = await createDraft(t, userId, `${site.origin}/`);
      await runDraftJob(t, { draft_id: draft.id }, { attempts: 1 });
      const ready = (await draftById(t, t.db, draft.id))!;
      expect(ready.status).toBe('ready');
      expect(ready.founders).toEqual([
        expect.objectContaining({ name: 'Ines Moreau', avatar_url: expect.any(String) }),
      ]);
      expect(ownImageHash(t, ready.founders[0]!.avatar_url!)).not.toBeNull();
    } finally {
      await site.close();
    }
  });
});
