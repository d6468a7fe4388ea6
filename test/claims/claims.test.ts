import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/errors.js';
import {
  CHECK_COOLDOWN_SECONDS,
  claimListing,
  listMyClaims,
  metaContents,
  verifyClaim,
  verifyEmailLink,
} from '../../src/claims/claims.js';
import { latestMailTo } from '../../src/platform/mail.js';
import { serveSite, type FixtureSite } from '../fixtures/sites/serve.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { directory } from '../helpers/directory.js';
import { startTxtServer, type TxtServer } from '../helpers/dns.js';
import { given } from '../helpers/given.js';

// The fixture site's homepage and verification file, changed by each test.
let home = '<html><head><title>Acme</title></head><body>Hello</body></html>';
let file: string | null = null;

let ctx: TestContext;
let dns: TxtServer;
let site: FixtureSite;
let owner: number;
let claimant: number;
let rival: number;
beforeAll(async () => {
  dns = await startTxtServer();
  site = await serveSite('sparse', {
    routes: {
      '/': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(home),
      '/.well-known/launchboard-verification.txt': (_req, res) =>
        void (file === null
          ? res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
          : res.writeHead(200, { 'content-type': 'text/plain' }).end(file)),
    },
  });
  ctx = await testContext({ allowPrivateFetch: true, dnsServers: [dns.address] });
  const d = directory(ctx);
  owner = await d.user({ email: 'first@agency.org' });
  claimant = await d.user({ email: 'me@gmail.com' });
  rival = await d.user({ email: 'rival@gmail.com' });
});
afterAll(async () => {
  await site?.close();
  await dns?.close();
  await ctx?.close();
});
beforeEach(() => {
  home = '<html><head><title>Acme</title></head><body>Hello</body></html>';
  file = null;
});

let n = 0;
/** A live listing on the fixture site at its own domain, owned by `owner`. */
async function listing(fields: Record<string, unknown> = {}) {
  n += 1;
  const slug = `claimable-${n}`;
  const id = await given(ctx).listing({
    slug,
    fields: { url: site.url, domain: `www.claim${n}.test`, owner_id: owner, plan: 'free', ...fields },
  });
  return { id, slug, domain: `claim${n}.test` };
}
const ownerOf = async (id: number) =>
  await ctx.db.selectFrom('listings').select(['owner_id', 'plan']).where('id', '=', id).executeTakeFirstOrThrow();
/** verify_claim once the claim's check cooldown has passed (each call then checks afresh). */
const verifyLater = (c: TestContext, ...args: [number, number]) => {
  c.clock.advance(CHECK_COOLDOWN_SECONDS * 1000);
  return verifyClaim(c, ...args);
};
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe('claims by DNS TXT record', () => {
  it('tells what to publish, finds the record through the configured resolver, and moves ownership', async () => {
    const l = await listing();
    const claim = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
    expect(claim).toMatchObject({
      status: 'pending',
      method: 'dns',
      listing: { slug: l.slug, domain: `www.${l.domain}` },
    });
    expect(claim.token).toMatch(/^lb-verify-[0-9a-f]{32}$/);
    expect(claim.instructions.dns).toEqual({ type: 'TXT', name: l.domain, value: claim.token });
    expect(claim.expires_at).toBe('2026-12-06T12:00:00.000Z');

    const missing = await verifyLater(ctx, claimant, claim.claim_id);
    expect(missing).toMatchObject({ verified: false, status: 'pending' });
    expect(missing.last_error).toContain(`${l.domain} does not exist`);

    dns.records.set(l.domain, ['v=spf1 -all', 'lb-verify-someone-else']);
    const wrong = await verifyLater(ctx, claimant, claim.claim_id);
    expect(wrong.last_error).toContain('2 TXT record(s), none with the value');
    expect(wrong.last_check_at).toBe(ctx.clock.now().toISOString());

    dns.records.set(l.domain, ['v=spf1 -all', claim.token!]);
    const done = await verifyLater(ctx, claimant, claim.claim_id);
    expect(done).toMatchObject({
      verified: true,
      status: 'verified',
      verified_at: ctx.clock.now().toISOString(),
      last_error: null,
    });
    // Ownership moves; verified is not paid.
    expect(await ownerOf(l.id)).toEqual({ owner_id: claimant, plan: 'free' });
    // Verifying again changes nothing.
    expect(await verifyLater(ctx, claimant, claim.claim_id)).toMatchObject({ verified: true });
  });

  it('fails the other pending claims of the listing once one is verified', async () => {
    const l = await listing();
    const mine = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
    const theirs = await claimListing(ctx, rival, { slug: l.slug, method: 'dns' });
    expect(theirs.token).not.toBe(mine.token);
    dns.records.set(l.domain, [mine.token!]);
    expect((await verifyLater(ctx, claimant, mine.claim_id)).verified).toBe(true);
    const [closed] = (await listMyClaims(ctx, rival, { page: 1, per_page: 20 })).items.filter(
      (c) => c.claim_id === theirs.claim_id,
    );
    expect(closed).toMatchObject({
      status: 'failed',
      last_error: 'Another claimant verified ownership of this listing first.',
    });
    expect((await rejection(verifyLater(ctx, rival, theirs.claim_id)))?.status).toBe(409);
  });
});

describe('claims by meta tag and file', () => {
  it('finds the meta tag on the homepage, not in a comment or under another name', async () => {
    const l = await listing();
    const claim = await claimListing(ctx, claimant, { slug: l.slug, method: 'meta' });
    expect(claim.instructions.meta).toEqual({
      html: `<meta name="launchboard-verification" content="${claim.token}">`,
      page_url: site.url,
    });
    expect((await verifyLater(ctx, claimant, claim.claim_id)).last_error).toContain(
      'has no <meta name="launchboard-verification"',
    );

    home = `<html><head><!-- <meta name="launchboard-verification" content="${claim.token}"> --><meta name="other" content="${claim.token}"></head></html>`;
    expect((await verifyLater(ctx, claimant, claim.claim_id)).verified).toBe(false);

    home = `<html><head><META content='${claim.token}' NAME="Launchboard-Verification"/></head><body>Hi</body></html>`;
    expect((await verifyLater(ctx, claimant, claim.claim_id)).verified).toBe(true);
    expect((await ownerOf(l.id)).owner_id).toBe(claimant);
  });

  it("finds the token in /.well-known/launchboard-verification.txt at the listing URL's origin", async () => {
    const l = await listing();
    const claim = await claimListing(ctx, claimant, { slug: l.slug, method: 'file' });
    const url = new URL('/.well-known/launchboard-verification.txt', site.url).toString();
    expect(claim.instructions.file).toEqual({ url, content: claim.token });
    expect((await verifyLater(ctx, claimant, claim.claim_id)).last_error).toBe(`${url} answered HTTP 404.`);
    file = 'lb-verify-not-it\n';
    expect((await verifyLater(ctx, claimant, claim.claim_id)).last_error).toContain('does not contain');
    file = `${claim.token}\n`;
    expect((await verifyLater(ctx, claimant, claim.claim_id)).verified).toBe(true);
  });

  it('reads sites only through the SSRF-safe fetcher: a private address is refused in production', async () => {
    const production = await testContext({ dnsServers: [dns.address] });
    try {
      const id = await given(production).listing({ slug: 'inward', fields: { url: site.url, domain: 'inward.test' } });
      const user = await directory(production).user();
      const claim = await claimListing(production, user, { slug: 'inward', method: 'meta' });
      home = `<meta name="launchboard-verification" content="${claim.token}">`;
      const result = await verifyLater(production, user, claim.claim_id);
      expect(result.verified).toBe(false);
      expect(result.last_error).toMatch(/private or reserved/);
      expect(
        (await production.db.selectFrom('listings').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow())
          .owner_id,
      ).toBeNull();
    } finally {
      await production.close();
    }
  });
});

describe('claims by email', () => {
  it("needs an address at the listing's domain", async () => {
    const l = await listing();
    for (const [email, message] of [
      [undefined, 'is required'],
      ['me@gmail.com', `must be an address at ${l.domain}`],
      ['not-an-address', 'not a valid'],
      [`me@sub.${l.domain}`, 'must be an address'],
    ] as const) {
      const err = await rejection(claimListing(ctx, claimant, { slug: l.slug, method: 'email', email }));
      expect(err?.status, String(email)).toBe(400);
      expect(err?.errors).toEqual([{ path: 'email', message: expect.stringContaining(message) }]);
    }
    const err = await rejection(claimListing(ctx, claimant, { slug: l.slug, method: 'dns', email: `me@${l.domain}` }));
    expect(err?.errors[0]?.path).toBe('email');
  });

  it('mails a link; opening it verifies; verify_claim explains the link instead', async () => {
    const l = await listing();
    const claim = await claimListing(ctx, claimant, {
      slug: l.slug,
      method: 'email',
      email: `Founder@${l.domain.toUpperCase()}`,
    });
    expect(claim).toMatchObject({
      method: 'email',
      token: null,
      instructions: { email: { sent_to: `founder@${l.domain}` } },
    });
    const mail = await latestMailTo(ctx, `founder@${l.domain}`);
    const link = mail?.text.match(/http:\/\/localhost:3000\/claims\/verify\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    // The secret is only in the mail: not in the claim, not stored in clear.
    expect(JSON.stringify(claim)).not.toContain(link![1]);
    expect(
      JSON.stringify(await ctx.db.selectFrom('claims').selectAll().where('id', '=', claim.claim_id).execute()),
    ).not.toContain(link![1]);

    const err = await rejection(verifyLater(ctx, claimant, claim.claim_id));
    expect(err?.status).toBe(409);
    expect(err?.message).toContain('opens the link');

    expect(await verifyEmailLink(ctx, link![1]!)).toMatchObject({ outcome: 'verified', listing: { slug: l.slug } });
    expect((await ownerOf(l.id)).owner_id).toBe(claimant);
    expect((await verifyEmailLink(ctx, link![1]!)).outcome).toBe('already_verified');
    expect((await verifyEmailLink(ctx, 'x'.repeat(43))).outcome).toBe('unknown');
  });

  it('sends a fresh link on a second request; the old one stops working', async () => {
    const l = await listing();
    const email = `team@${l.domain}`;
    await claimListing(ctx, claimant, { slug: l.slug, method: 'email', email });
    const first = (await latestMailTo(ctx, email))!.text.match(/verify\/([A-Za-z0-9_-]+)/)![1]!;
    await claimListing(ctx, claimant, { slug: l.slug, method: 'email', email });
    const second = (await latestMailTo(ctx, email))!.text.match(/verify\/([A-Za-z0-9_-]+)/)![1]!;
    expect(second).not.toBe(first);
    expect((await verifyEmailLink(ctx, first)).outcome).toBe('unknown');
    expect((await verifyEmailLink(ctx, second)).outcome).toBe('verified');
  });
});

describe('claim rules', () => {
  it('keeps one pending claim per user and listing, with its token, across methods', async () => {
    const l = await listing();
    const a = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
    const b = await claimListing(ctx, claimant, { slug: l.slug, method: 'file' });
    expect(b).toMatchObject({ claim_id: a.claim_id, token: a.token, method: 'file' });
    expect(await ctx.db.selectFrom('claims').select('id').where('listing_id', '=', l.id).execute()).toHaveLength(1);
    // The database itself holds the rule (a partial unique index), so racing requests cannot break it.
    const at = ctx.clock.now().toISOString();
    const row = {
      user_id: claimant,
      listing_id: l.id,
      method: 'dns' as const,
      token: 'lb-verify-dup',
      expires_at: at,
      created_at: at,
      updated_at: at,
    };
    await expect(
      ctx.db
        .insertInto('claims')
        .values({ ...row, status: 'pending' })
        .execute(),
    ).rejects.toThrow();
    await ctx.db
      .insertInto('claims')
      .values({ ...row, status: 'expired' })
      .execute();
  });

  it('expires pending claims after 14 days', async () => {
    const l = await listing();
    const claim = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
    dns.records.set(l.domain, [claim.token!]);
    ctx.clock.advance(14 * 86_400_000);
    try {
      const err = await rejection(verifyLater(ctx, claimant, claim.claim_id));
      expect(err?.status).toBe(409);
      expect(err?.message).toContain('expired');
      expect((await ownerOf(l.id)).owner_id).toBe(owner);
      // A new claim starts over.
      const again = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
      expect(again.claim_id).not.toBe(claim.claim_id);
    } finally {
      ctx.clock.set('2026-11-22T12:00:00.000Z');
    }
  });

  it("refuses unknown or unpublished listings (404), own listings (409), and other users' claims (404)", async () => {
    expect((await rejection(claimListing(ctx, claimant, { slug: 'no-such-listing', method: 'dns' })))?.status).toBe(
      404,
    );
    const draft = await listing({ status: 'draft' });
    expect((await rejection(claimListing(ctx, claimant, { slug: draft.slug, method: 'dns' })))?.status).toBe(404);
    const own = await listing({ owner_id: claimant });
    expect((await rejection(claimListing(ctx, claimant, { slug: own.slug, method: 'dns' })))?.status).toBe(409);
    const l = await listing();
    const claim = await claimListing(ctx, claimant, { slug: l.slug, method: 'dns' });
    expect((await rejection(verifyLater(ctx, rival, claim.claim_id)))?.status).toBe(404);
  });
});

describe('metaContents', () => {
  it('reads the content of every matching meta tag, quoted or not', () => {
    expect(
      metaContents(
        '<meta name=launchboard-verification content=abc><meta content="d e" name="launchboard-verification">',
        'launchboard-verification',
      ),
    ).toEqual(['abc', 'd e']);
    expect(metaContents('<meta name="launchboard-verification">', 'launchboard-verification')).toEqual([]);
  });
});
