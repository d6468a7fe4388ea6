import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../../fixtures/sites/serve.js';
import { draftTestBed, type DraftTestBed } from './setup.js';

let bed: DraftTestBed;
let rich: FixtureSite;
let blocked: FixtureSite;
beforeAll(async () => {
  bed = await draftTestBed();
  rich = await serveSite('rich');
  blocked = await serveSite('blocked');
});
afterAll(async () => {
  await rich?.close();
  await blocked?.close();
  await bed?.close();
});

describe('submit_listing', () => {
  it('answers 201 with a draft in status crawling and queues its drafting', async () => {
    const { auth } = await bed.maker();
    const res = await bed.call('POST', '/drafts', auth, { url: rich.url });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: rich.url,
      domain: '127.0.0.1',
      status: 'crawling',
      failure_reason: null,
      listing_id: null,
      completeness: 0,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing is known yet: fields are pending, nothing is reported missing or not on the website.
    expect(res.body.fields.name).toEqual({ value: null, state: 'pending', evidence: [], ai_value: null });
    expect(res.body.missing).toEqual([]);
    expect(res.body.not_found_on_website).toEqual([]);
    expect(res.body.next_steps[0].tool).toBe('get_draft');
    const job = await bed.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'status'])
      .where('kind', '=', 'draft_site')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ kind: 'draft_site', payload: JSON.stringify({ draft_id: res.body.id }), status: 'queued' });
  });

  it('reads the site and drafts it once the job runs, quoting the site', async () => {
    const { auth } = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', auth, { url: rich.url });
    await bed.runJobs();
    const { body: draft } = await bed.call('GET', `/drafts/${created.id}`, auth);
    expect(draft.status).toBe('ready');
    expect(draft.drafter).toBe('builtin');
    expect(draft.fields.name).toMatchObject({ value: 'Tallyho', state: 'ai', ai_value: 'Tallyho' });
    expect(draft.fields.tags).toEqual({ value: null, state: 'not_found', evidence: [], ai_value: null });
    expect(draft.fields.pricing_model.evidence[0]).toEqual({ quote: '$0 / month', url: `${rich.url}pricing` });
    expect(draft.completeness).toBeGreaterThanOrEqual(80);
    expect(draft.missing).toEqual(['tags']);
    expect(draft.not_found_on_website).toEqual(['tags']);
    expect(draft.pages.map((p: { url: string }) => p.url)).toHaveLength(6);
    expect(draft.company_socials.website).toBe(rich.url);
  });

  it('returns the quotes behind each drafted company link, and drops them when the maker changes that link', async () => {
    const { auth } = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', auth, { url: rich.url });
    await bed.runJobs();
    const { body: draft } = await bed.call('GET', `/drafts/${created.id}`, auth);
    expect(draft.company_socials.github).toBe('https://github.com/tallyho');
    expect(draft.company_socials_evidence.github).toEqual([
      expect.objectContaining({ quote: expect.stringContaining('github.com/tallyho'), url: rich.url }),
    ]);
    expect(draft.company_socials_evidence.website).toEqual([]);
    const { body: patched } = await bed.call('PATCH', `/drafts/${created.id}`, auth, {
      company_socials: { ...draft.company_socials, github: 'https://github.com/tallyho-app' },
    });
    expect(patched.company_socials_evidence.github).toEqual([]);
    expect(patched.company_socials_evidence.x).toEqual(draft.company_socials_evidence.x);
    expect(patched.company_socials_evidence.x.length).toBeGreaterThan(0);
  });

  it('fails a draft whose site disallows us in robots.txt, with a reason and without fetching the page', async () => {
    const { auth } = await bed.maker();
    const { body: created } = await bed.call('POST', '/drafts', auth, { url: blocked.url });
    await bed.runJobs();
    const { body: draft } = await bed.call('GET', `/drafts/${created.id}`, auth);
    expect(draft.status).toBe('failed');
    expect(draft.failure_reason).toMatch(/robots\.txt does not allow LaunchboardBot to read the homepage/);
    expect(draft.next_steps[0].tool).toBe('update_draft');
    expect(blocked.requests).toEqual(['/robots.txt']);
  });

  it('accepts a bare domain as https', async () => {
    const { auth } = await bed.maker();
    // .invalid names never resolve: nothing outside the test machine is ever asked.
    const res = await bed.call('POST', '/drafts', auth, { url: 'www.Tallyho.invalid/product' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: 'https://www.tallyho.invalid/product', domain: 'tallyho.invalid' });
  });

  it.each([
    [{ url: 'ftp://example.com/' }, 'url'],
    [{ url: `https://example.com/${'a'.repeat(2030)}` }, 'url'],
    [{}, 'url'],
    [{ url: 'https://tallyho.invalid', name: 'x' }, 'name'],
  ])('rejects %j naming %s', async (body, path) => {
    const { auth } = await bed.maker();
    const res = await bed.call('POST', '/drafts', auth, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('replays the first draft for a repeated Idempotency-Key', async () => {
    const { auth } = await bed.maker();
    const first = await bed.call(
      'POST',
      '/drafts',
      auth,
      { url: 'https://replay.invalid' },
      { 'idempotency-key': 'submit-1' },
    );
    const again = await bed.call(
      'POST',
      '/drafts',
      auth,
      { url: 'https://replay.invalid' },
      { 'idempotency-key': 'submit-1' },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });

  it('needs sign-in (401) and the listings:write scope (403)', async () => {
    expect((await bed.call('POST', '/drafts', {}, { url: rich.url })).status).toBe(401);
    const { auth } = await bed.maker(['account:read']);
    expect((await bed.call('POST', '/drafts', auth, { url: rich.url })).status).toBe(403);
  });
});
