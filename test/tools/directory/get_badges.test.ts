import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/get_badges.js';
import { anonymous } from '../../../src/auth/caller.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { directory } from '../../helpers/directory.js';
import { given } from '../../helpers/given.js';
import { launches } from '../../helpers/launches.js';
import { paidFeaturedWeek } from '../../helpers/orders.js';
import { servedTools } from '../../helpers/server.js';
import { itAnswersOverMcpLikeRest } from '../../helpers/mcp.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const d = directory(ctx);
    const owner = (email: string, verified = true) => d.user({ email, verified });
    const acmeOwner = await owner('founder@ACME.com');
    const acme = await g.listing({
      slug: 'acme',
      fields: { name: 'Acme', plan: 'paid', domain: 'acme.com', owner_id: acmeOwner },
    });
    // Featured: a paid featured week covering this week (the test clock is in the week of 2026-11-16).
    await paidFeaturedWeek(ctx, { userId: acmeOwner, listingId: acme, week: '2026-11-16' });
    await launches(ctx).award({ listing: acme, week: '2026-11-02', rank: 3 });
    await launches(ctx).award({ listing: acme, week: '2026-11-09', rank: 1 });
    await g.listing({
      slug: 'www-site',
      fields: { domain: 'www.www-site.io', owner_id: await owner('me@www-site.io') },
    });
    await g.listing({
      slug: 'unverified',
      fields: { domain: 'unverified.io', owner_id: await owner('me@unverified.io', false) },
    });
    await g.listing({ slug: 'lookalike', fields: { domain: 'acme.com', owner_id: await owner('me@notacme.com') } });
    await g.listing({ slug: 'upcoming', status: 'scheduled', fields: { plan: 'free' } });
    await g.listing({ slug: 'weird', fields: { name: 'A & B <script>"x"</script>' } });
    await g.listing({ slug: 'draft-one', status: 'draft' });
    await g.listing({ slug: 'waiting', status: 'awaiting_badge' });
    // Paid plan without a featured week now: a week that ended, one still to come, one refunded, one not yet fulfilled.
    const paidOnlyOwner = await owner('me@elsewhere.org');
    const paidOnly = await g.listing({ slug: 'paid-only', fields: { plan: 'paid', owner_id: paidOnlyOwner } });
    await paidFeaturedWeek(ctx, { userId: paidOnlyOwner, listingId: paidOnly, week: '2026-11-09' });
    await paidFeaturedWeek(ctx, { userId: paidOnlyOwner, listingId: paidOnly, week: '2026-11-23' });
    await paidFeaturedWeek(ctx, { userId: paidOnlyOwner, listingId: paidOnly, week: '2026-11-16', status: 'refunded' });
    await paidFeaturedWeek(ctx, { userId: paidOnlyOwner, listingId: paidOnly, week: '2026-11-16', fulfilled: false });
    // Verified through a claim: the owner's email is elsewhere, the claim proved the domain.
    const claimant = await owner('someone@gmail.com');
    const claimed = await g.listing({ slug: 'claimed', fields: { domain: 'claimed.dev', owner_id: claimant } });
    const stale = await g.listing({
      slug: 'claimed-by-other',
      fields: { domain: 'other.dev', owner_id: await owner('new@owner.org') },
    });
    for (const [user_id, listing_id] of [
      [claimant, claimed],
      [claimant, stale],
    ]) {
      const at = ctx.clock.now().toISOString();
      await ctx.db
        .insertInto('claims')
        .values({
          user_id,
          listing_id,
          method: 'dns',
          token: 'lb-verify-x',
          status: 'verified',
          expires_at: at,
          verified_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  },
});

const badges = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;
const kinds = async (slug: string) => (await badges({ slug })).items.map((b: any) => b.kind);

describe('get_badges', () => {
  it('offers every badge a paid, verified, award-winning live listing has earned, awards newest first', async () => {
    const body = await badges({ slug: 'acme' });
    expect(body.listing).toEqual({
      slug: 'acme',
      name: 'Acme',
      status: 'live',
      profile_url: 'http://localhost:3000/listings/acme',
    });
    expect(body.items.map((b: any) => [b.kind, b.label, b.week, b.rank])).toEqual([
      ['listed', 'Listed on Launchboard', null, null],
      ['launched', 'Launched on Launchboard', null, null],
      ['featured', 'Featured on Launchboard', null, null],
      ['verified', 'Verified on Launchboard', null, null],
      ['launch-of-the-week', 'Launch of the Week #1 on Launchboard', '2026-11-09', 1],
      ['launch-of-the-week', 'Launch of the Week #3 on Launchboard', '2026-11-02', 3],
    ]);
  });

  it('gives a scheduled listing only the listed badge, and a plain live one listed and launched', async () => {
    expect(await kinds('upcoming')).toEqual(['listed']);
    expect(await kinds('weird')).toEqual(['listed', 'launched']);
  });

  it('verifies only an owner whose verified email is at the listing domain', async () => {
    expect(await kinds('www-site')).toContain('verified');
    expect(await kinds('unverified')).not.toContain('verified');
    expect(await kinds('lookalike')).not.toContain('verified');
  });

  it('verifies an owner holding a verified claim on the listing, not a former claimant', async () => {
    expect(await kinds('claimed')).toContain('verified');
    expect(await kinds('claimed-by-other')).not.toContain('verified');
  });

  it('features only a listing with a paid, fulfilled featured week covering this week, whatever its plan', async () => {
    expect(await kinds('acme')).toContain('featured');
    expect(await kinds('paid-only')).toEqual(['listed', 'launched']);
  });

  it('builds image URLs, link and HTML for the chosen shape, mode and size (defaults standard, auto, m)', async () => {
    const defaults = await badges({ slug: 'acme' });
    expect(defaults).toMatchObject({ shape: 'standard', mode: 'auto', size: 'm' });
    expect(defaults.items[1]).toEqual({
      kind: 'launched',
      label: 'Launched on Launchboard',
      week: null,
      rank: null,
      image_url: 'http://localhost:3000/badges/acme/launched.svg?shape=standard&mode=auto&size=m',
      link_url: 'http://localhost:3000/listings/acme?ref=badge',
      width: 250,
      height: 54,
      html:
        '<a href="http://localhost:3000/listings/acme?ref=badge">' +
        '<img src="http://localhost:3000/badges/acme/launched.svg?shape=standard&amp;mode=auto&amp;size=m" alt="Acme: Launched on Launchboard" width="250" height="54">' +
        '</a>',
    });
    const pill = await badges({ slug: 'acme', shape: 'pill', mode: 'dark', size: 'l' });
    const award = pill.items.find((b: any) => b.kind === 'launch-of-the-week');
    expect(award.image_url).toBe(
      'http://localhost:3000/badges/acme/launch-of-the-week.svg?shape=pill&mode=dark&size=l&week=2026-11-09',
    );
    expect(award).toMatchObject({ width: 288, height: 55 });
    expect(award.html).toContain('alt="Acme: Launch of the Week #1 on Launchboard, week of 2026-11-09"');
    expect((await badges({ slug: 'acme', shape: 'square', size: 's' })).items[0]).toMatchObject({
      width: 96,
      height: 96,
    });
  });

  it('escapes every attribute of the HTML embed', async () => {
    const [listed] = (await badges({ slug: 'weird' })).items;
    expect(listed.html).toBe(
      '<a href="http://localhost:3000/listings/weird?ref=badge">' +
        '<img src="http://localhost:3000/badges/weird/listed.svg?shape=standard&amp;mode=auto&amp;size=m" ' +
        'alt="A &amp; B &lt;script&gt;&quot;x&quot;&lt;/script&gt;: Listed on Launchboard" width="250" height="54"></a>',
    );
    expect(listed.html).not.toContain('<script');
  });

  it('answers 404 for an unknown listing and one that has not chosen a launch', async () => {
    for (const slug of ['no-such-listing', 'draft-one']) {
      await expect(badges({ slug })).rejects.toMatchObject({ kind: 'not_found' });
    }
  });

  it('gives a listing awaiting the badge check its Listed-on badge to embed', async () => {
    const body = (await badges({ slug: 'waiting' })) as any;
    expect(body.items.map((b: any) => b.kind)).toEqual(['listed']);
  });

  it('answers over REST with 404 and 400 problems', async () => {
    const ok = await fetch(`${served.server.url}/api/v1/listings/acme/badges?shape=banner&mode=light&size=s`);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ shape: 'banner', mode: 'light', size: 's' });
    expect(body.items[0]).toMatchObject({ kind: 'listed', width: 374, height: 48 });
    expect((await fetch(`${served.server.url}/api/v1/listings/draft-one/badges`)).status).toBe(404);
    for (const query of ['shape=round', 'mode=sepia', 'size=xl', 'color=red']) {
      const bad = await fetch(`${served.server.url}/api/v1/listings/acme/badges?${query}`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors[0].path).toBe(query.split('=')[0]);
    }
  });

  itAnswersOverMcpLikeRest(served, 'v2-2026-07-28', {
    tool: 'get_badges',
    args: { slug: 'acme', shape: 'outline' },
    restPath: '/listings/acme/badges?shape=outline',
    refused: { slug: 'draft-one' },
  });
});
