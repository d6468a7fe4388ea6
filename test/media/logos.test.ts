// A listing's logo copied to our side: submitting a draft with a logo link
// (or editing it after submission) queues a job in the same write and never
// waits for the image; the job stores a square WebP that summaries, the
// profile and the pages show from our origin; a link that cannot be used
// leaves the monogram and its reason on the listing, never an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_LOGO, logoUrlChanged, runLogoJob } from '../../src/media/logos.js';
import { summariesByIds } from '../../src/listings/summary.js';
import { enqueue, type Job } from '../../src/platform/jobs.js';
import { type FixtureSite, serveSite } from '../fixtures/sites/serve.js';
import { type ImageHost, picture, serveImages, svg } from '../fixtures/images/serve.js';
import { draftTestBed, type DraftTestBed } from '../tools/drafts/setup.js';
import { given } from '../helpers/given.js';

let bed: DraftTestBed;
let site: FixtureSite;
let images: ImageHost;
beforeAll(async () => {
  bed = await draftTestBed();
  site = await serveSite('sparse');
  images = await serveImages({
    '/logo.png': { type: 'image/png', body: await picture('png', 400, 200) },
    '/logo.svg': { type: 'image/svg+xml', body: svg() },
    '/evil.svg': { type: 'image/svg+xml', body: svg('<script>alert(1)</script>') },
    '/page.html': { type: 'text/html', body: '<!doctype html><p>hi</p>' },
    '/flaky.png': { status: 503, type: 'text/plain', body: 'try later' },
  });
});
afterAll(async () => {
  await images?.close();
  await site?.close();
  await bed?.close();
});

const listingRow = (id: number) =>
  bed.ctx.db
    .selectFrom('listings')
    .select(['logo_url', 'logo_image', 'logo_error', 'profile_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const logoJobs = () =>
  bed.ctx.db.selectFrom('jobs').select(['id', 'status', 'payload']).where('kind', '=', LISTING_LOGO).execute();

async function submittedWithLogo(logoUrl: string) {
  const maker = await bed.maker();
  const { body } = await bed.call('POST', '/drafts', maker.auth, { url: site.url });
  await bed.runJobs();
  await bed.call('PATCH', `/drafts/${body.id}`, maker.auth, { fields: { logo_url: logoUrl } });
  const submitted = await bed.call('POST', `/drafts/${body.id}/submit`, maker.auth);
  expect(submitted.status).toBe(200);
  return { maker, draftId: body.id as string, listingId: submitted.body.listing_id as number };
}

describe('the logo of a listing', () => {
  it('is queued when a draft with a logo link is submitted, and stored by the job as a square WebP', async () => {
    const { maker, listingId } = await submittedWithLogo(`${images.origin}/logo.png`);
    // The write did not fetch anything: the job is queued, the listing has no copy yet.
    expect(await listingRow(listingId)).toMatchObject({ logo_image: null, logo_error: null });
    expect((await logoJobs()).filter((j) => j.status === 'queued')).toHaveLength(1);

    await bed.runJobs();
    const row = await listingRow(listingId);
    expect(row.logo_image).toMatch(/^[0-9a-f]{64}$/);
    const { body: own } = await bed.call('GET', `/me/listings/${listingId}`, maker.auth);
    expect(own.logo_url).toBe(`${images.origin}/logo.png`);
    expect(own.logo).toEqual({ url: `http://localhost:3000/media/${row.logo_image}.webp`, width: 256, height: 256 });
    const [summary] = await summariesByIds(bed.ctx, [listingId]);
    expect(summary!.logo).toEqual(own.logo);

    const served = await fetch(`${bed.server.url}/media/${row.logo_image}.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('is fetched again when the link changes after submission, the old copy forgotten at once', async () => {
    const { maker, draftId, listingId } = await submittedWithLogo(`${images.origin}/logo.png`);
    await bed.runJobs();
    const first = await listingRow(listingId);
    expect(first.logo_image).not.toBeNull();

    await bed.call('PATCH', `/drafts/${draftId}`, maker.auth, { fields: { logo_url: `${images.origin}/logo.svg` } });
    expect(await listingRow(listingId)).toMatchObject({ logo_url: `${images.origin}/logo.svg`, logo_image: null });
    await bed.runJobs();
    const second = await listingRow(listingId);
    expect(second.logo_image).toMatch(/^[0-9a-f]{64}$/);
    expect(second.logo_image).not.toBe(first.logo_image);
  });

  it.each([
    ['/page.html', /gives a web page, not an image/],
    ['/evil.svg', /The SVG contains a script/],
    ['/missing.png', /answered HTTP 404/],
  ])('records why %s could not be copied, and the job ends well', async (path, reason) => {
    const { listingId } = await submittedWithLogo(`${images.origin}${path}`);
    const result = await bed.runJobs();
    expect(result.failed).toBe(0);
    const row = await listingRow(listingId);
    expect(row.logo_image).toBeNull();
    expect(row.logo_error).toMatch(reason);
  });

  it.each([
    ['an upper-case scheme', (origin: string) => `${origin.replace(/^http/, 'HTTP')}/logo.png`],
    ['dot segments', (origin: string) => `${origin}/x/../logo.png`],
  ])('is copied from a link not in canonical form (%s), the link kept as the maker wrote it', async (_, link) => {
    const written = link(images.origin);
    const { listingId } = await submittedWithLogo(written);
    await bed.runJobs();
    const row = await listingRow(listingId);
    expect(row).toMatchObject({ logo_url: written, logo_error: null });
    expect(row.logo_image).toMatch(/^[0-9a-f]{64}$/);
  });

  it('retries a failure that may pass, then records it on the last try', async () => {
    const id = await given(bed.ctx).listing({ fields: { logo_url: `${images.origin}/flaky.png` } });
    const job = (attempts: number): Job => ({
      id: 0,
      kind: LISTING_LOGO,
      payload: { listing_id: id, url: `${images.origin}/flaky.png` },
      attempts,
      max_attempts: 3,
      run_at: '',
    });
    await expect(runLogoJob(bed.ctx, job(1).payload, job(1))).rejects.toThrow(/answered HTTP 503/);
    expect((await listingRow(id)).logo_error).toBeNull();
    await runLogoJob(bed.ctx, job(3).payload, job(3));
    expect((await listingRow(id)).logo_error).toMatch(/answered HTTP 503/);
  });

  it('does nothing for a link the listing no longer has', async () => {
    const id = await given(bed.ctx).listing({ fields: { logo_url: `${images.origin}/logo.png` } });
    await enqueue(bed.ctx, LISTING_LOGO, { listing_id: id, url: `${images.origin}/old.png` });
    const before = images.requests.length;
    await bed.runJobs();
    expect(images.requests.slice(before)).not.toContain('/old.png');
    expect((await listingRow(id)).logo_image).toBeNull();
  });

  it('clears the copy and queues nothing when the link is removed', async () => {
    const id = await given(bed.ctx).listing({ fields: { logo_url: `${images.origin}/logo.png` } });
    await logoUrlChanged(bed.ctx, id, `${images.origin}/logo.png`);
    await bed.runJobs();
    const stored = (await listingRow(id)).logo_image!;
    expect(stored).not.toBeNull();
    const queued = (await logoJobs()).length;
    await bed.ctx.db.updateTable('listings').set({ logo_url: null }).where('id', '=', id).execute();
    await logoUrlChanged(bed.ctx, id, null);
    expect(await listingRow(id)).toMatchObject({ logo_image: null, logo_error: null });
    expect(await logoJobs()).toHaveLength(queued);
  });
});
