// completion/complete through real v2 clients of both eras over HTTP: the
// listing, category and week arguments of the resource templates and of the
// weekly_launches prompt, public data only, at most 20 values, and hostile
// input completing to nothing.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWeek } from '../../src/directory/completions.js';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';

const served = servedTools({
  seed: async (ctx) => {
    const g = given(ctx);
    const dev = await g.category({ slug: 'dev', name: 'Dev' });
    await g.category({ slug: 'devops', name: 'DevOps', parent: dev });
    await g.category({ slug: 'design', name: 'Design' });
    await g.listing({ slug: 'hookly', categories: [dev] });
    await g.listing({ slug: 'hooksmith', status: 'scheduled' });
    await g.listing({ slug: 'hookdraft', status: 'draft' });
    await g.listing({ slug: 'hookhidden', status: 'hidden' });
    await g.listing({ slug: 'hookreview', status: 'awaiting_badge' });
    for (let i = 10; i < 35; i++) await g.listing({ slug: `bulk-${i}` });
  },
});

const LISTING = { type: 'ref/resource', uri: 'launchboard://listings/{slug}' } as const;
const CATEGORY = { type: 'ref/resource', uri: 'launchboard://categories/{slug}' } as const;
const WEEK = { type: 'ref/resource', uri: 'launchboard://weeks/{week}' } as const;
const PROMPT = { type: 'ref/prompt', name: 'weekly_launches' } as const;

// The test clock: Sunday 2026-11-22, in the week of Monday 2026-11-16.
const MONDAYS_AROUND = [
  '2026-09-21',
  '2026-09-28',
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
  '2026-11-30',
  '2026-12-07',
  '2026-12-14',
  '2026-12-21',
  '2026-12-28',
  '2027-01-04',
  '2027-01-11',
];

describe.each(['2026-07-28', '2025-11-25'])('completions for a v2 client on %s', (version) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client(
      { name: 'completions-test', version: '1.0.0' },
      version === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.server.url}/mcp`)));
  });
  afterAll(async () => {
    await client.close();
  });

  const complete = async (
    ref: typeof LISTING | typeof CATEGORY | typeof WEEK | typeof PROMPT,
    name: string,
    value: string,
  ) => (await client.complete({ ref, argument: { name, value } })).completion;

  it('declares the completions capability', () => {
    expect(client.getServerCapabilities()?.completions).toEqual({});
  });

  it('completes a listing slug with public listings only (live and scheduled, never drafts, hidden or unpublished)', async () => {
    expect((await complete(LISTING, 'slug', 'hook')).values).toEqual(['hookly', 'hooksmith']);
    expect((await complete(LISTING, 'slug', 'HOOKL')).values).toEqual(['hookly']);
    expect((await complete(LISTING, 'slug', 'hookd')).values).toEqual([]);
    expect((await complete(LISTING, 'slug', 'hookh')).values).toEqual([]);
  });

  it('offers at most 20 listings, alphabetically', async () => {
    const { values } = await complete(LISTING, 'slug', 'bulk-');
    expect(values).toHaveLength(20);
    expect(values[0]).toBe('bulk-10');
    expect(values[19]).toBe('bulk-29');
  });

  it('completes a category slug on the template and on the prompt', async () => {
    expect((await complete(CATEGORY, 'slug', 'de')).values).toEqual(['design', 'dev', 'devops']);
    expect((await complete(PROMPT, 'category', 'dev')).values).toEqual(['dev', 'devops']);
  });

  it('completes a week with this, next, last and the Mondays eight weeks either side', async () => {
    expect((await complete(WEEK, 'week', '')).values).toEqual(['this', 'next', 'last', ...MONDAYS_AROUND]);
    expect((await complete(PROMPT, 'week', 'la')).values).toEqual(['last']);
    expect((await complete(PROMPT, 'week', 'N')).values).toEqual(['next']);
    expect((await complete(WEEK, 'week', '2026-12')).values).toEqual([
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
  });

  it('reads what it completes', async () => {
    const week = (await complete(WEEK, 'week', 'this')).values[0]!;
    const read = await client.readResource({ uri: `launchboard://weeks/${week}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ week: '2026-11-16' });
    const category = (await complete(CATEGORY, 'slug', 'des')).values[0]!;
    const page = await client.readResource({ uri: `launchboard://categories/${category}` });
    expect(JSON.parse((page.contents[0] as { text: string }).text)).toMatchObject({ slug: 'design' });
  });

  it.each([
    '%',
    '_',
    'h%',
    "'; drop table listings; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'x'.repeat(10_000),
  ])('completes %j to nothing', async (value) => {
    const label = value.slice(0, 40);
    for (const [ref, name] of [
      [LISTING, 'slug'],
      [CATEGORY, 'slug'],
      [WEEK, 'week'],
      [PROMPT, 'category'],
      [PROMPT, 'week'],
    ] as const) {
      expect((await complete(ref, name, value)).values, `${label} on ${name}`).toEqual([]);
    }
  });

  it('answers an unknown template as invalid params, and a prompt argument without completions as empty', async () => {
    await expect(
      client.complete({
        ref: { type: 'ref/resource', uri: 'launchboard://nope/{x}' },
        argument: { name: 'x', value: '' },
      }),
    ).rejects.toThrow(/not found/);
    expect((await complete({ type: 'ref/prompt', name: 'launch_my_product' } as never, 'url', 'http')).values).toEqual(
      [],
    );
  });
});

describe('completeWeek', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it("offers a typed month's Mondays, also outside the window around now", () => {
    expect(completeWeek(now, '2025-03')).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
    ]);
    expect(completeWeek(now, '2025-03-1')).toEqual(['2025-03-10', '2025-03-17']);
  });

  it('offers nothing for a month that does not exist', () => {
    expect(completeWeek(now, '2025-13')).toEqual([]);
  });
});
