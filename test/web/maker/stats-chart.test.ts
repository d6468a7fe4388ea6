// The owner's numbers section: one bar chart per metric drawn as inline SVG
// with a title and a description, the figures beside each chart, and every
// figure again in a table, for seeded views, clicks, votes and follows.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingStatsSection } from '../../../src/web/maker/stats-chart.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { launches } from '../../helpers/launches.js';

let ctx: TestContext;
let seeded: number;
let empty: number;

beforeAll(async () => {
  ctx = await testContext(); // today is 2026-11-22 (UTC)
  seeded = await given(ctx).listing({ slug: 'charted' });
  empty = await given(ctx).listing({ slug: 'quiet' });
  await ctx.db
    .insertInto('listing_daily_stats')
    .values([
      { listing_id: seeded, day: '2026-11-22', views: 4, outbound_clicks: 1, badge_clicks: 0 },
      { listing_id: seeded, day: '2026-11-19', views: 12, outbound_clicks: 3, badge_clicks: 2 },
      { listing_id: seeded, day: '2026-11-10', views: 6, outbound_clicks: 0, badge_clicks: 1 },
      { listing_id: seeded, day: '2026-10-01', views: 500, outbound_clicks: 50, badge_clicks: 5 }, // before the 30 days
    ])
    .execute();
  await launches(ctx).votes(seeded, ['2026-11-22T09:00:00.000Z', '2026-11-01T09:00:00.000Z']);
  const follower = await ctx.db
    .insertInto('users')
    .values({ email: 'follower@example.com', created_at: '2026-11-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('follows')
    .values({ listing_id: seeded, user_id: follower.id, created_at: '2026-11-21T15:00:00.000Z' })
    .execute();
});
afterAll(async () => {
  await ctx?.close();
});

async function section(listingId: number): Promise<Document> {
  return new JSDOM(`<!doctype html><main>${(await listingStatsSection(ctx, listingId)).value}</main>`).window.document;
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The chart whose title names the metric, and its bars. */
function chartOf(doc: Document, name: string) {
  const svg = [...doc.querySelectorAll('svg')].find(
    (s) => text(s.querySelector(':scope > title')) === `${name} per day`,
  );
  expect(svg, name).toBeDefined();
  return { svg: svg!, bars: [...svg!.querySelectorAll('rect')] };
}

describe('listingStatsSection', () => {
  it('draws one accessible bar chart of the last 30 days per metric', async () => {
    const doc = await section(seeded);
    expect(text(doc.querySelector('section > h2'))).toBe('Your numbers');
    expect(doc.querySelector('.notice')).toBeNull();
    expect(text(doc.querySelector('section > p'))).toContain('24 Oct 2026 to today, 22 Nov 2026');
    const svgs = [...doc.querySelectorAll('svg')];
    expect(svgs).toHaveLength(5);
    for (const svg of svgs) {
      expect(svg.getAttribute('role')).toBe('img');
      const [titleId, descId] = svg.getAttribute('aria-labelledby')!.split(' ');
      expect(doc.getElementById(titleId!)!.tagName.toLowerCase()).toBe('title');
      expect(doc.getElementById(descId!)!.tagName.toLowerCase()).toBe('desc');
      expect(svg.querySelectorAll('rect')).toHaveLength(30);
    }
    expect(svgs.map((s) => text(s.querySelector(':scope > title')))).toEqual([
      'Views per day',
      'Votes per day',
      'New followers per day',
      'Website clicks per day',
      'Badge clicks per day',
    ]);
    // No script, and nothing a strict CSP would block but the inline styles it allows.
    expect(doc.querySelector('script, [onclick], [onload]')).toBeNull();
  });

  it('scales the bars to the busiest day and labels each bar with its day and count', async () => {
    const { svg, bars } = chartOf(await section(seeded), 'Views');
    expect(text(svg.querySelector('desc'))).toBe('22 views in the last 30 days; the most, 12, on 19 Nov 2026.');
    const height = (i: number) => Number(bars[i]!.getAttribute('height'));
    // 19 Nov is day 27 of 30 (index 26): the full height; 22 Nov (today, the last) a third of it.
    expect(height(26)).toBe(60);
    expect(height(29)).toBe(20);
    expect(height(17)).toBe(30); // 10 Nov: 6 views
    expect(text(bars[26]!.querySelector('title'))).toBe('19 Nov: 12 views');
    expect(text(bars[29]!.querySelector('title'))).toBe('22 Nov: 4 views');
    // A day without views is a sliver in the muted colour, not a gap.
    expect(bars[0]!.getAttribute('class')).toBe('bar zero');
    expect(text(bars[0]!.querySelector('title'))).toBe('24 Oct: 0 views');
    expect(Number(bars[0]!.getAttribute('height'))).toBeGreaterThan(0);
    expect(bars[29]!.getAttribute('class')).toBe('bar');
  });

  it('puts the figures beside each chart: the 30-day total, today and the last 7 days', async () => {
    const doc = await section(seeded);
    const card = (name: string) =>
      [...doc.querySelectorAll('.stat-card')].find((c) => text(c.querySelector('h3')) === name)!;
    /** The card's "Today" and "Last 7 days" figures, as term: value. */
    const recent = (name: string) =>
      [...card(name).querySelectorAll('.stat-recent > div')].map(
        (d) => `${text(d.querySelector('dt'))}: ${text(d.querySelector('dd'))}`,
      );
    expect(text(card('Views').querySelector('.stat-total'))).toBe('22 in 30 days');
    expect(recent('Views')).toEqual(['Today: 4', 'Last 7 days: 16']);
    expect(text(card('Votes').querySelector('.stat-total'))).toBe('2 in 30 days');
    expect(recent('Votes')).toEqual(['Today: 1', 'Last 7 days: 1']);
    expect(recent('New followers')).toEqual(['Today: 0', 'Last 7 days: 1']);
    expect(text(card('Website clicks').querySelector('.stat-total'))).toBe('4 in 30 days');
    expect(text(card('Badge clicks').querySelector('.stat-total'))).toBe('3 in 30 days');
  });

  it('lists every figure in a table: today, the last 7 and the last 30 days', async () => {
    const doc = await section(seeded);
    const table = doc.querySelector('table')!;
    expect(text(table.querySelector('caption'))).toContain('22 Nov 2026 (today)');
    expect([...table.querySelectorAll('thead th')].map(text)).toEqual([
      'Number',
      'Today',
      'Last 7 days',
      'Last 30 days',
    ]);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map(text));
    expect(rows).toEqual([
      ['Views', '4', '16', '22'],
      ['Votes', '1', '1', '2'],
      ['New followers', '0', '1', '1'],
      ['Website clicks', '1', '4', '4'],
      ['Badge clicks', '0', '2', '3'],
    ]);
    expect(table.querySelector('tbody th')!.getAttribute('scope')).toBe('row');
  });

  it('shows a quiet listing as empty timelines and zeros', async () => {
    const doc = await section(empty);
    const { svg, bars } = chartOf(doc, 'Website clicks');
    expect(text(svg.querySelector('desc'))).toBe('None in the last 30 days.');
    expect(text(doc.querySelector('.notice'))).toMatch(/^Nothing counted yet\./);
    expect(bars.every((b) => b.getAttribute('class') === 'bar zero')).toBe(true);
    expect([...doc.querySelectorAll('tbody td')].map(text).every((t) => t === '0')).toBe(true);
    // Ids are per listing, so two sections never share one.
    const ids = (d: Document) => [...d.querySelectorAll('[id]')].map((e) => e.id);
    const other = ids(await section(seeded));
    expect(ids(doc).filter((id) => other.includes(id))).toEqual([]);
  });
});
