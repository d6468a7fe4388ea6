// PAGE_CACHE_PAGES=0: no public page is kept; each is rendered for its
// request, and a query the page does not read is left alone (nothing to fill).
import { describe, expect, it } from 'vitest';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';

const served = servedTestContext({ pageCachePages: 0 });

describe('with the page cache off', () => {
  it('renders every request and keeps nothing', async () => {
    await given(served.ctx).listing({ slug: 'uncached', fields: { name: 'Uncached' } });
    for (const path of ['/', '/listings/uncached', '/listings/uncached', '/listings/uncached?utm_source=x']) {
      const res = await fetch(`${served.server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    expect(served.ctx.pages.size).toBe(0);
    expect(served.ctx.pages.stores).toBe(0);
  });
});
