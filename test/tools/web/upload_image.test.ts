// upload_image as the website runs it: a file stored as a square logo or a
// screenshot with the checks a link's image gets, named by its address here;
// a listing whose logo link names an upload shows it at once; an upload
// nothing shows is pruned after a day, one a draft names is kept.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageHash, ownImageHash, pruneUnusedImages } from '../../../src/media/images.js';
import { logoUrlChanged } from '../../../src/media/logos.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

const picture = (width: number, height: number, background = '#2f9e44') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const base64 = (bytes: Buffer) => bytes.toString('base64');

describe('upload_image', () => {
  it('stores a logo as a square and a screenshot at its size, and names each by its address here', async () => {
    const { ctx } = bed.served;
    const logo = (await bed.run('upload_image', { variant: 'logo', data: base64(await picture(300, 200)) })) as {
      url: string;
      width: number;
      height: number;
    };
    expect(logo).toMatchObject({ width: 256, height: 256 });
    const hash = ownImageHash(ctx, logo.url);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await ctx.db
      .selectFrom('images')
      .select('bytes')
      .where('hash', '=', hash!)
      .executeTakeFirstOrThrow();
    expect(imageHash(Buffer.from(stored.bytes))).toBe(hash);

    const shot = await bed.run('upload_image', { variant: 'screenshot', data: base64(await picture(900, 600)) });
    expect(shot).toMatchObject({ width: 900, height: 600 });
  });

  it('refuses what is not an image, naming the field, and stores nothing', async () => {
    const { ctx } = bed.served;
    const before = await ctx.db.selectFrom('images').select('hash').execute();
    const text = await bed.refusal('upload_image', { variant: 'logo', data: base64(Buffer.from('just some text')) });
    expect(text.status).toBe(400);
    expect(text.errors).toEqual([{ path: 'data', message: expect.stringContaining('is not a PNG, JPEG') }]);
    const empty = await bed.refusal('upload_image', { variant: 'logo', data: '' });
    expect(empty.errors[0]).toMatchObject({ path: 'data' });
    const notBase64 = await bed.refusal('upload_image', { variant: 'logo', data: 'not base64!' });
    expect(notBase64.errors[0]).toMatchObject({ path: 'data' });
    expect(await ctx.db.selectFrom('images').select('hash').execute()).toEqual(before);
  });

  it('is shown at once as a listing’s logo, and pruned a day after nothing shows it unless a draft names it', async () => {
    const { ctx } = bed.served;
    const upload = async (colour: string) =>
      (
        (await bed.run('upload_image', { variant: 'logo', data: base64(await picture(64, 64, colour)) })) as {
          url: string;
        }
      ).url;
    const shown = await upload('#1971c2');
    const inDraft = await upload('#e8590c');
    const unused = await upload('#868e96');
    const draftPhoto = await upload('#2f9e44');
    const founderPhoto = await upload('#7048e8');

    await ctx.db.transaction().execute((trx) => logoUrlChanged({ ...ctx, db: trx }, bed.listingId, shown));
    const listing = await ctx.db
      .selectFrom('listings')
      .select(['logo_image', 'logo_error'])
      .where('id', '=', bed.listingId)
      .executeTakeFirstOrThrow();
    expect(listing).toEqual({ logo_image: ownImageHash(ctx, shown), logo_error: null });
    expect(await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'listing_logo').execute()).toEqual([]);

    await ctx.db
      .insertInto('drafts')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        user_id: bed.person.userId,
        url: 'https://example.com/',
        domain: 'example.com',
        status: 'ready',
        fields: JSON.stringify({ logo_url: { value: inDraft, state: 'edited' } }),
        founders: JSON.stringify([{ name: 'Ada', title: null, bio: null, avatar_url: draftPhoto }]),
        created_at: ctx.clock.now().toISOString(),
        updated_at: ctx.clock.now().toISOString(),
      })
      .execute();

    const now = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('founders')
      .values({
        slug: 'jonas',
        name: 'Jonas',
        avatar_url: founderPhoto,
        socials: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();

    const hashes = async () => new Set((await ctx.db.selectFrom('images').select('hash').execute()).map((i) => i.hash));
    expect(await pruneUnusedImages(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.advance(25 * 60 * 60 * 1000);
    expect(await pruneUnusedImages(ctx.db, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    const left = await hashes();
    expect(left.has(ownImageHash(ctx, shown)!)).toBe(true);
    expect(left.has(ownImageHash(ctx, inDraft)!)).toBe(true);
    expect(left.has(ownImageHash(ctx, draftPhoto)!)).toBe(true);
    expect(left.has(ownImageHash(ctx, founderPhoto)!)).toBe(true);
    expect(left.has(ownImageHash(ctx, unused)!)).toBe(false);

    // A link to an upload that is gone says so on the listing instead of fetching our own site.
    await ctx.db.transaction().execute((trx) => logoUrlChanged({ ...ctx, db: trx }, bed.listingId, unused));
    const gone = await ctx.db
      .selectFrom('listings')
      .select(['logo_image', 'logo_error'])
      .where('id', '=', bed.listingId)
      .executeTakeFirstOrThrow();
    expect(gone).toEqual({ logo_image: null, logo_error: expect.stringContaining('upload the logo again') });
    // The logo it replaced is nobody's any more, and goes at once.
    expect((await hashes()).has(ownImageHash(ctx, shown)!)).toBe(false);
  });

  it('is pruned by a daily job just after midnight, which queues the next one', async () => {
    const { ctx } = bed.served;
    const { runDueJobs } = await import('../../../src/platform/jobs.js');
    const { ensureImagesPruneScheduled, jobHandlers, IMAGES_PRUNE } = await import('../../../src/scheduler.js');
    const { url } = (await bed.run('upload_image', {
      variant: 'logo',
      data: base64(await picture(32, 32, '#000')),
    })) as {
      url: string;
    };
    await ensureImagesPruneScheduled(ctx);
    const queued = async () =>
      (
        await ctx.db
          .selectFrom('jobs')
          .select('run_at')
          .where('kind', '=', IMAGES_PRUNE)
          .where('status', '=', 'queued')
          .execute()
      ).map((j) => j.run_at);
    const [first] = await queued();
    ctx.clock.set(new Date(new Date(first!).getTime() + 24 * 60 * 60 * 1000));
    await runDueJobs(ctx, jobHandlers, 'test-worker');
    const left = await ctx.db.selectFrom('images').select('hash').where('hash', '=', ownImageHash(ctx, url)!).execute();
    expect(left).toEqual([]);
    const [next] = await queued();
    expect(new Date(next!).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
  });
});
