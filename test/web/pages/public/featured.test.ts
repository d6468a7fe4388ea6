// A Featured week delivers what it promises: the listing in "Featured this
// week" on the home page, labelled as paid placement, during its week only;
// an unpaid, unapplied or refunded line puts nothing there.
import { describe, expect, it } from 'vitest';
import { addWeeks, mondayOf } from '../../../../src/launches/weeks.js';
import { directory } from '../../../helpers/directory.js';
import { given } from '../../../helpers/given.js';
import { paidFeaturedWeek } from '../../../helpers/orders.js';
import { servedTestContext } from '../../../helpers/server.js';

const served = servedTestContext();
const home = async () => (await fetch(`${served.server.url}/`)).text();

describe('the home page’s Featured this week', () => {
  it('shows a paid, applied featured week during that week only, labelled as paid', async () => {
    const ctx = served.ctx;
    const maker = await directory(ctx).user();
    const g = given(ctx);
    const thisWeek = mondayOf(ctx.clock.now());
    const featured = await g.listing({ slug: 'spotlit', fields: { name: 'Spotlit', owner_id: maker } });
    const unapplied = await g.listing({ slug: 'unapplied', fields: { name: 'Unapplied', owner_id: maker } });
    const refunded = await g.listing({ slug: 'refunded', fields: { name: 'Refunded', owner_id: maker } });
    const nextWeek = await g.listing({ slug: 'next-weeker', fields: { name: 'Next Weeker', owner_id: maker } });
    expect(await home()).not.toContain('Featured this week');

    await paidFeaturedWeek(ctx, { userId: maker, listingId: featured, week: thisWeek });
    await paidFeaturedWeek(ctx, { userId: maker, listingId: unapplied, week: thisWeek, fulfilled: false });
    await paidFeaturedWeek(ctx, { userId: maker, listingId: refunded, week: thisWeek, status: 'refunded' });
    await paidFeaturedWeek(ctx, { userId: maker, listingId: nextWeek, week: addWeeks(thisWeek, 1) });

    const page = await home();
    const section = page.slice(page.indexOf('id="home-featured"'), page.indexOf('id="home-week"'));
    expect(section).toContain('paid placement');
    expect(section).toContain('href="/listings/spotlit"');
    for (const slug of ['unapplied', 'refunded', 'next-weeker']) expect(section).not.toContain(`/listings/${slug}"`);

    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + 7 * 86_400_000));
    try {
      const later = await home();
      const next = later.slice(later.indexOf('id="home-featured"'), later.indexOf('id="home-week"'));
      expect(next).toContain('href="/listings/next-weeker"');
      expect(next).not.toContain('href="/listings/spotlit"');
    } finally {
      ctx.clock.set(now);
    }
  });
});
