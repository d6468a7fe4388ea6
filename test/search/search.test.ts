// Search finds what people mean: category names and their
// ancestors, features and short descriptions, word forms, typos in common
// words, every word before some; and it says what exists when little
// matches. Over REST and MCP, as visitors and assistants search.
import { describe, expect, it } from 'vitest';
import tool from '../../tools/directory/search_listings.js';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';
import { withMcpClient } from '../mcp/clients.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    const productivity = await g.category({ slug: 'productivity', name: 'Productivity' });
    const calendars = await g.category({ slug: 'calendars', name: 'Calendars', parent: productivity });
    const notes = await g.category({ slug: 'note-taking', name: 'Note Taking', parent: productivity });
    const finance = await g.category({ slug: 'finance', name: 'Finance' });
    const invoicing = await g.category({ slug: 'invoicing', name: 'Invoicing', parent: finance });
    const marketing = await g.category({ slug: 'marketing', name: 'Marketing' });
    const seo = await g.category({ slug: 'seo-tools', name: 'SEO Tools', parent: marketing });
    const analytics = await g.category({ slug: 'analytics', name: 'Analytics' });
    const web = await g.category({ slug: 'web-analytics', name: 'Web Analytics', parent: analytics });
    const design = await g.category({ slug: 'design', name: 'Design' });
    const illustration = await g.category({ slug: 'illustration', name: 'Illustration', parent: design });
    const listing = (slug: string, categories: number[], fields: object) => g.listing({ slug, categories, fields });
    await listing('dayplan', [calendars], { name: 'Dayplan', tagline: 'Plan the week with your team' });
    await listing('slotly', [calendars], { name: 'Slotly', tagline: 'Booking pages that fill themselves' });
    await listing('billfold', [invoicing], {
      name: 'Billfold',
      tagline: 'Get paid on time',
      short_description: 'Send invoices from your menu bar, even offline.',
      features: '["Works offline","Recurring invoices","Lives in the menu bar"]',
    });
    await listing('inkwell', [illustration], { name: 'Inkwell', tagline: 'Draw on any device' });
    await listing('jotter', [notes], { name: 'Jotter', tagline: 'Capture ideas in seconds' });
    await listing('hourglass', [productivity], { name: 'Hourglass', tagline: 'Simple time tracking for freelancers' });
    await listing('cobaltly', [design], { name: 'Cobaltly', tagline: 'Brand colours for your team' });
    await listing('visitcount', [web], { name: 'Visitcount', tagline: 'Privacy-first stats' });
    await listing('pagepulse', [web], { name: 'Pagepulse', tagline: 'See who reads what' });
    // Mentions "web" many times but is no analytics tool.
    await listing('rankrise', [seo], {
      name: 'Rankrise',
      tagline: 'Web rankings for the web',
      description: 'Climb the web search results with web audits.',
    });
    const withFaq = await listing('askbox', [productivity], { name: 'Askbox', tagline: 'A shared inbox' });
    await g.faq(withFaq, 'Does it have a kanban board?', 'Yes.');
  },
});

type Body = {
  items: { slug: string; matched?: string[]; words_matched?: string[]; score?: number }[];
  query_words?: string[];
  total: number;
  did_you_mean?: { q: string; total: number } | null;
  categories?: { slug: string; name: string; listing_count: number }[];
};

async function rest(q: string): Promise<Body> {
  const res = await fetch(`${served.server.url}/api/v1/listings?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
}
const top = (body: Body, n = 10) => body.items.slice(0, n).map((i) => i.slug);

describe('search finds what people mean', () => {
  it('finds a category by its name, any form or a typo of it, and its parent', async () => {
    for (const q of ['calendar', 'calendars', 'calender', 'calen']) {
      const body = await rest(q);
      expect(top(body).slice(0, 2).sort(), q).toEqual(['dayplan', 'slotly']);
      expect(body.categories?.[0], q).toMatchObject({ slug: 'calendars', name: 'Calendars', listing_count: 2 });
    }
    expect(top(await rest('invoicing'))).toEqual(['billfold']);
    expect(top(await rest('illustration'))).toEqual(['inkwell']);
    expect(top(await rest('notes'))[0]).toBe('jotter');
    expect(top(await rest('note taking'))[0]).toBe('jotter');
    // Calendars sits under Productivity: a productivity search finds its listings too.
    expect(top(await rest('productivity'))).toEqual(
      expect.arrayContaining(['dayplan', 'slotly', 'jotter', 'hourglass']),
    );
  });

  it('finds what a short description, features and FAQs say, in any word form', async () => {
    expect(top(await rest('invoices'))).toEqual(['billfold']);
    expect(top(await rest('offline'))).toEqual(['billfold']);
    expect(top(await rest('menu bar'))[0]).toBe('billfold');
    expect(top(await rest('time tracker'))[0]).toBe('hourglass');
    expect(top(await rest('kanban'))).toEqual(['askbox']);
  });

  it('ranks listings matching every word above those matching some', async () => {
    const body = await rest('web analytics');
    expect(top(body, 2).sort()).toEqual(['pagepulse', 'visitcount']);
    expect(top(body).indexOf('rankrise')).toBeGreaterThan(1);
    expect(body.categories?.[0]).toMatchObject({ slug: 'web-analytics', listing_count: 2 });
  });

  it('tolerates typos in common words, and offers the corrected query', async () => {
    const right = await rest('productivity');
    const typo = await rest('prodcutivity');
    expect(top(typo)).toEqual(top(right));
    expect(typo.did_you_mean).toEqual({ q: 'productivity', total: right.total });
    expect(right.did_you_mean).toBeNull();
    expect(top(await rest('prodcutivity trackr'))[0]).toBe('hourglass');
    expect(top(await rest('cobaltli'))).toEqual(['cobaltly']);
  });

  it("says which of the query's words each listing matched, wherever in it, so a partial match shows as one", async () => {
    const body = await rest('offline kanban');
    expect(body.query_words).toEqual(['offline', 'kanban']);
    const bySlug = new Map(body.items.map((i) => [i.slug, i]));
    // Billfold says "offline" only in its features and short description, Askbox "kanban" only in an FAQ:
    // neither word is in a name, tagline or category, so nothing is highlighted, yet each matched one word.
    expect(bySlug.get('billfold')).toMatchObject({ matched: [], words_matched: ['offline'] });
    expect(bySlug.get('askbox')).toMatchObject({ matched: [], words_matched: ['kanban'] });
    const whole = await rest('web analytics');
    expect(whole.items.slice(0, 2).map((i) => i.words_matched)).toEqual([
      ['web', 'analytics'],
      ['web', 'analytics'],
    ]);
    expect(whole.items.find((i) => i.slug === 'rankrise')?.words_matched).toEqual(['web']);
  });

  it('says which words matched, for highlighting', async () => {
    const body = await rest('time tracker');
    expect(body.items[0]).toMatchObject({ slug: 'hourglass', matched: expect.arrayContaining(['time', 'tracking']) });
    expect((await rest('calendar')).items[0]!.matched).toEqual(['calendars']);
  });

  it('answers nothing, with nothing to suggest, for words that are nowhere', async () => {
    expect(await rest('zzqqxx')).toMatchObject({ items: [], total: 0, did_you_mean: null, categories: [] });
  });

  it('gives the same answers over MCP, suggestions included', async () => {
    await withMcpClient('v2-2026-07-28', `${served.server.url}/mcp`, async (client) => {
      const result = (await client.callTool('search_listings', { q: 'calender' })).structuredContent as Body;
      expect(top(result).slice(0, 2).sort()).toEqual(['dayplan', 'slotly']);
      expect(result.did_you_mean?.q).toBe('calendar');
      expect(result.categories?.[0]?.slug).toBe('calendars');
    });
  });
});
