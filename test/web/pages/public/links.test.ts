// What makers stored before links were checked is still never put in an href
// or src unless it is an http(s) URL: card lists and profiles show no
// javascript: or data: link.
import { describe, expect, it } from 'vitest';
import { given } from '../../../helpers/given.js';
import { servedTestContext } from '../../../helpers/server.js';

const served = servedTestContext();

describe('maker links on pages', () => {
  it('leaves out a logo, video or social link that is not http(s)', async () => {
    const category = await given(served.ctx).category({ slug: 'tricks' });
    const id = await given(served.ctx).listing({
      slug: 'sneaky',
      categories: [category],
      fields: { logo_url: 'javascript:alert(1)', demo_video_url: 'data:text/html,<script>alert(1)</script>' },
    });
    await served.ctx.db
      .insertInto('listing_socials')
      .values({ listing_id: id, platform: 'x', url: 'javascript:alert(2)' })
      .execute();
    for (const path of ['/categories/tricks', '/listings/sneaky']) {
      const page = await (await fetch(`${served.server.url}${path}`)).text();
      expect(page, path).toContain('sneaky');
      expect(page, path).not.toMatch(/(src|href)="(javascript|data):/i);
    }
  });
});
