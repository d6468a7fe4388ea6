// The public view count follows the owner's numbers: a person counts once a
// day per listing (reloads and a changed user agent do not add), crawlers and API reads never, and
// "most viewed" orders by it. Hits wait in memory and are written together,
// at the next flush or when the context closes.
import { describe, expect, it } from 'vitest';
import { viewListing } from '../../src/listings/profile.js';
import { given } from '../helpers/given.js';
import { servedTestContext } from '../helpers/server.js';
import { testContext } from '../helpers/context.js';

const served = servedTestContext();
const DAY = 86_400_000;

const stored = async (id: number) =>
  Number(
    (await served.ctx.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow())
      .views_count,
  );
const open = (slug: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Reader') =>
  fetch(`${served.server.url}/listings/${slug}`, { headers: { 'user-agent': userAgent } });

describe('the public view count', () => {
  it('counts a person once a day, however often they reload, and again the next day', async () => {
    const id = await given(served.ctx).listing({ slug: 'viewed', fields: { views_count: 10 } });
    for (let i = 0; i < 20; i++) expect((await open('viewed')).status).toBe(200);
    await served.ctx.views.flush();
    expect(await stored(id)).toBe(11);
    // Another user agent from the same address is the same client.
    for (let i = 0; i < 50; i++) await open('viewed', `Mozilla/5.0 (Macintosh) Reader ${i}`);
    await served.ctx.views.flush();
    expect(await stored(id)).toBe(11);

    const now = served.ctx.clock.now();
    served.ctx.clock.set(new Date(now.getTime() + DAY));
    try {
      await open('viewed');
      await served.ctx.views.flush();
      expect(await stored(id)).toBe(12);
    } finally {
      served.ctx.clock.set(now);
    }
  });

  it('never counts crawlers, requests without a browser, or API reads', async () => {
    const id = await given(served.ctx).listing({ slug: 'crawled', fields: { views_count: 0 } });
    await open('crawled', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await fetch(`${served.server.url}/listings/crawled`, { headers: { 'user-agent': '' } });
    await viewListing(served.ctx, 'crawled');
    await fetch(`${served.server.url}/api/v1/listings/crawled`);
    await served.ctx.views.flush();
    expect(await stored(id)).toBe(0);
  });

  it('writes what is pending when the context closes', async () => {
    const other = await testContext();
    const id = await given(other).listing({ slug: 'closing' });
    other.views.daily.add({
      listingId: id,
      day: other.clock.now().toISOString().slice(0, 10),
      kind: 'view',
      person: 'user:1',
    });
    await other.views.close();
    expect(
      Number(
        (await other.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow())
          .views_count,
      ),
    ).toBe(1);
    await other.close();
  });
});
