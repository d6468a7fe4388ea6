// Claims (ARCHITECTURE §5 "Claims"): a signed-in user proves they run the
// company behind an existing listing — a TXT record at its domain, a meta tag
// on its homepage, a file under /.well-known/, or a link mailed to an address
// at its domain — and ownership of the listing moves to them. Verified is
// not paid: the plan never changes here. Pages and files are read only
// through the SSRF-safe fetcher; DNS through the configurable resolver.
import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ClaimsTable, Listing } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { retryOnUniqueViolation } from '../platform/db-errors.js';
import { lookupTxt } from '../platform/dns.js';
import { FetchError } from '../platform/fetcher.js';
import { PUBLIC_STATUSES } from '../listings/summary.js';
import { sendMail } from '../platform/mail.js';
import { normalizeEmail } from '../accounts/users.js';
import { emitListingEvent } from '../webhooks/events.js';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export type ClaimRow = Selectable<ClaimsTable>;

const CLAIM_DAYS = 14;
const META_NAME = 'launchboard-verification';
const FILE_PATH = '/.well-known/launchboard-verification.txt';
const DAY_MS = 86_400_000;
/** Seconds between two checks of one claim: each check is an outbound DNS or HTTP request. */
export const CHECK_COOLDOWN_SECONDS = 10;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => `lb-verify-${randomBytes(16).toString('hex')}`;

/** `WWW.Example.com.` → `example.com`: the name a TXT record and an email address are checked against. */
export function claimDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

type ListingRef = Pick<Listing, 'id' | 'slug' | 'name' | 'url' | 'domain'>;

export const claimInstructions = z.object({
  summary: z.string().describe('What to do next, in one paragraph'),
  dns: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).optional(),
  meta: z.object({ html: z.string(), page_url: z.string() }).optional(),
  file: z.object({ url: z.string(), content: z.string() }).optional(),
  email: z.object({ sent_to: z.string(), link_expires_at: z.string() }).optional(),
});
export type ClaimInstructions = z.infer<typeof claimInstructions>;

/** A claim as its claimant sees it (claim_listing, verify_claim, list_my_claims). */
export const claimViewSchema = z.object({
  claim_id: z.number().int(),
  status: z
    .enum(['pending', 'verified', 'failed', 'expired'])
    .describe('pending until verified; expired after 14 days; failed when someone else verified first'),
  method: z.enum(CLAIM_METHODS),
  listing: z.object({ slug: z.string(), name: z.string(), domain: z.string() }),
  token: z.string().nullable().describe('The value to publish (lb-verify-…); null for the email method'),
  instructions: claimInstructions,
  created_at: z.string(),
  expires_at: z.string(),
  verified_at: z.string().nullable(),
  last_check_at: z.string().nullable(),
  last_error: z.string().nullable().describe('What the last check saw, when it did not find the token'),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

/** Where the homepage meta tag and the verification file are looked for: the listing URL's origin decides. */
function fileUrl(listing: ListingRef): string {
  return new URL(FILE_PATH, new URL(listing.url).origin).toString();
}

function instructionsFor(
  claim: Pick<ClaimRow, 'method' | 'token' | 'email' | 'expires_at'>,
  listing: ListingRef,
): ClaimInstructions {
  const domain = claimDomain(listing.domain);
  const then = 'then call verify_claim with the claim_id.';
  switch (claim.method) {
    case 'dns':
      return {
        summary: `Add a TXT record at ${domain} with the value ${claim.token}, wait for it to be visible (DNS can take a while), ${then}`,
        dns: { type: 'TXT', name: domain, value: claim.token },
      };
    case 'meta': {
      const html = `<meta name="${META_NAME}" content="${claim.token}">`;
      return { summary: `Put ${html} in the <head> of ${listing.url}, ${then}`, meta: { html, page_url: listing.url } };
    }
    case 'file': {
      const url = fileUrl(listing);
      return {
        summary: `Publish a text file at ${url} containing ${claim.token}, ${then}`,
        file: { url, content: claim.token },
      };
    }
    case 'email':
      return {
        summary:
          `We emailed a link to ${claim.email}. The person who reads that mailbox opens the link to verify; verify_claim is not used for this method. ` +
          `To send a new link, call claim_listing again with the same slug and email.`,
        email: { sent_to: claim.email ?? '', link_expires_at: claim.expires_at },
      };
  }
}

function claimView(claim: ClaimRow, listing: ListingRef): ClaimView {
  return {
    claim_id: claim.id,
    status: claim.status,
    method: claim.method,
    listing: { slug: listing.slug, name: listing.name, domain: listing.domain },
    // The email method has nothing to publish; its secret travels only in the mailed link.
    token: claim.method === 'email' ? null : claim.token,
    instructions: instructionsFor(claim, listing),
    created_at: claim.created_at,
    expires_at: claim.expires_at,
    verified_at: claim.verified_at,
    last_check_at: claim.last_check_at,
    last_error: claim.last_error,
  };
}

/** Pending claims past their 14 days become `expired` (run before every read and write of claims). */
async function expireClaims(ctx: Context): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db
    .updateTable('claims')
    .set({ status: 'expired', last_error: `Not verified within ${CLAIM_DAYS} days.`, updated_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function emailFieldError(message: string): AppError {
  return new AppError('invalid', `email ${message}.`, { errors: [{ path: 'email', message }] });
}

/** The address for the email method: required, and at the listing's own domain. */
function claimEmail(method: ClaimMethod, email: string | undefined, listing: ListingRef): string | null {
  if (method !== 'email') {
    if (email !== undefined)
      throw emailFieldError(`is only used with method "email"; leave it out for method "${method}"`);
    return null;
  }
  if (email === undefined)
    throw emailFieldError(`is required for method "email": an address at ${claimDomain(listing.domain)}`);
  let address: string;
  try {
    address = normalizeEmail(email);
  } catch {
    throw emailFieldError('is not a valid email address');
  }
  const domain = claimDomain(listing.domain);
  if (address.slice(address.lastIndexOf('@') + 1) !== domain)
    throw emailFieldError(`must be an address at ${domain}, the listing's domain`);
  return address;
}

async function sendClaimLink(ctx: Context, claim: ClaimRow, listing: ListingRef, linkToken: string): Promise<void> {
  const link = `${ctx.config.publicUrl}/claims/verify/${linkToken}`;
  await sendMail(ctx, {
    to: claim.email!,
    subject: `Confirm you run ${listing.name}`,
    text:
      `Someone asked to manage the listing of ${listing.name} (${listing.domain}) on ${ctx.config.publicUrl}.\n\n` +
      `If that was you or your team, open this link to confirm:\n${link}\n\n` +
      `The link works until ${claim.expires_at}. If you did not ask for this, ignore this message: nothing changes.`,
  });
}

/**
 * Starts (or, for the same user and listing, restarts) a claim. A pending
 * claim keeps its token, so a record already published still counts; for the
 * email method a fresh link is mailed each time.
 */
export async function claimListing(
  ctx: Context,
  userId: number,
  input: { slug: string; method: ClaimMethod; email?: string },
): Promise<ClaimView> {
  const listing = await ctx.db
    .selectFrom('listings')
    .select(['id', 'slug', 'name', 'url', 'domain', 'owner_id'])
    .where('slug', '=', input.slug)
    .where('status', 'in', [...PUBLIC_STATUSES])
    .executeTakeFirst();
  if (!listing)
    throw notFound(`No live or upcoming listing with slug "${input.slug}". Use search_listings to find it.`);
  if (listing.owner_id === userId)
    throw new AppError(
      'conflict',
      `You already own ${listing.name}; see it with get_my_listing (listing_id ${listing.id}).`,
    );
  const email = claimEmail(input.method, input.email, listing);

  await expireClaims(ctx);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const linkToken = input.method === 'email' ? randomBytes(32).toString('base64url') : null;
  const emailTokenHash = linkToken ? sha256(linkToken) : null;
  // Two first claims at once: the loser of the one-pending index retries and updates the winner's row.
  const claim = await retryOnUniqueViolation(2, () =>
    ctx.db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('claims')
        .selectAll()
        .where('user_id', '=', userId)
        .where('listing_id', '=', listing.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) {
        return trx
          .updateTable('claims')
          .set({ method: input.method, email, email_token_hash: emailTokenHash, last_error: null, updated_at: nowIso })
          .where('id', '=', pending.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return trx
        .insertInto('claims')
        .values({
          user_id: userId,
          listing_id: listing.id,
          method: input.method,
          email,
          token: newToken(),
          email_token_hash: emailTokenHash,
          status: 'pending',
          expires_at: new Date(now.getTime() + CLAIM_DAYS * DAY_MS).toISOString(),
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }),
  );
  if (linkToken) await sendClaimLink(ctx, claim, listing, linkToken);
  return claimView(claim, listing);
}

/** Is `token` published by the chosen method? `detail` says what was seen, for last_error. */
async function checkClaim(
  ctx: Context,
  claim: Pick<ClaimRow, 'method' | 'token'>,
  listing: ListingRef,
): Promise<{ found: boolean; detail: string }> {
  switch (claim.method) {
    case 'dns': {
      const name = claimDomain(listing.domain);
      const txt = await lookupTxt(ctx.config, name);
      if (!txt.ok) return { found: false, detail: `${txt.detail}; add a TXT record ${claim.token} at ${name}.` };
      if (txt.records.some((r) => r.trim() === claim.token))
        return { found: true, detail: `TXT record found at ${name}.` };
      return {
        found: false,
        detail: `${name} has ${txt.records.length} TXT record(s), none with the value ${claim.token}.`,
      };
    }
    case 'meta': {
      const page = await fetchText(ctx, listing.url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5');
      if (!page.ok) return { found: false, detail: page.detail };
      if (metaContents(page.text, META_NAME).includes(claim.token))
        return { found: true, detail: `Meta tag found on ${listing.url}.` };
      return { found: false, detail: `${listing.url} has no <meta name="${META_NAME}" content="${claim.token}">.` };
    }
    case 'file': {
      const url = fileUrl(listing);
      const file = await fetchText(ctx, url, 'text/plain,*/*;q=0.5', 64 * 1024);
      if (!file.ok) return { found: false, detail: file.detail };
      if (file.text.includes(claim.token)) return { found: true, detail: `Verification file found at ${url}.` };
      return { found: false, detail: `${url} does not contain ${claim.token}.` };
    }
    case 'email':
      return { found: false, detail: 'The email method is verified by opening the mailed link.' };
  }
}

async function fetchText(
  ctx: Context,
  url: string,
  accept: string,
  maxBytes = 2 * 1024 * 1024,
): Promise<{ ok: true; text: string } | { ok: false; detail: string }> {
  try {
    const res = await ctx.fetcher.get(url, { accept, maxBytes });
    if (res.status >= 400) return { ok: false, detail: `${url} answered HTTP ${res.status}.` };
    return { ok: true, text: res.body.toString('utf8') };
  } catch (err) {
    if (err instanceof FetchError) return { ok: false, detail: `${url} could not be read: ${err.message}.` };
    throw err;
  }
}

/**
 * The content values of `<meta name="NAME" content="...">` tags in an HTML
 * page, comments removed. A small attribute scan rather than a DOM: the tag
 * is one element with two attributes, and this runs on a request path.
 */
export function metaContents(html: string, name: string): string[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const values: string[] = [];
  for (const [tag] of withoutComments.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? '').trim());
    }
    if (attrs.get('name')?.toLowerCase() === name && attrs.has('content')) values.push(attrs.get('content')!);
  }
  return values;
}

/**
 * Marks a pending claim verified and hands the listing to the claimant, in
 * one transaction; other pending claims of that listing fail. Never touches
 * the plan: verified is not paid.
 */
async function markVerified(ctx: Context, claim: ClaimRow, detail: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('claims')
      .set({ status: 'verified', verified_at: now, last_check_at: now, last_error: null, updated_at: now })
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('listings')
      .set({ owner_id: claim.user_id, updated_at: now })
      .where('id', '=', claim.listing_id)
      .execute();
    await trx
      .updateTable('claims')
      .set({
        status: 'failed',
        last_error: 'Another claimant verified ownership of this listing first.',
        updated_at: now,
      })
      .where('listing_id', '=', claim.listing_id)
      .where('status', '=', 'pending')
      .where('id', '!=', claim.id)
      .execute();
    await emitListingEvent({ ...ctx, db: trx }, 'claim.verified', claim.listing_id, {
      claim: { id: claim.id, verified_at: now },
    });
    ctx.logger.info({ claim: claim.id, listing: claim.listing_id, user: claim.user_id, detail }, 'claim verified');
    return true;
  });
}

async function listingOf(ctx: Context, listingId: number): Promise<ListingRef> {
  return ctx.db
    .selectFrom('listings')
    .select(['id', 'slug', 'name', 'url', 'domain'])
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
}

async function ownClaim(ctx: Context, userId: number, claimId: number): Promise<ClaimRow> {
  const claim = await ctx.db
    .selectFrom('claims')
    .selectAll()
    .where('id', '=', claimId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!claim) throw notFound(`You have no claim ${claimId}. list_my_claims shows yours.`);
  return claim;
}

/** verify_claim: checks the record, tag or file of a pending claim now. */
export async function verifyClaim(
  ctx: Context,
  userId: number,
  claimId: number,
): Promise<ClaimView & { verified: boolean }> {
  await expireClaims(ctx);
  const claim = await ownClaim(ctx, userId, claimId);
  const listing = await listingOf(ctx, claim.listing_id);
  if (claim.status === 'verified') return { ...claimView(claim, listing), verified: true };
  if (claim.status !== 'pending') {
    throw new AppError(
      'conflict',
      `Claim ${claimId} is ${claim.status}${claim.last_error ? ` (${claim.last_error})` : ''}; start a new one with claim_listing.`,
    );
  }
  if (claim.method === 'email') {
    throw new AppError(
      'conflict',
      `Claim ${claimId} uses the email method: it is verified when the person at ${claim.email} opens the link we mailed, not by verify_claim. To send a new link, call claim_listing again.`,
    );
  }
  await takeCheckSlot(ctx, claim.id);
  const result = await checkClaim(ctx, claim, listing);
  const now = ctx.clock.now().toISOString();
  if (result.found && (await markVerified(ctx, claim, result.detail))) {
    return { ...claimView(await ownClaim(ctx, userId, claimId), listing), verified: true };
  }
  await ctx.db
    .updateTable('claims')
    .set({
      last_check_at: now,
      last_error: result.found ? 'The claim changed while it was checked; try again.' : result.detail,
      updated_at: now,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .execute();
  return { ...claimView(await ownClaim(ctx, userId, claimId), listing), verified: false };
}

/**
 * Claims the right to check a claim now: one check per claim per cooldown,
 * decided by one conditional update, so callers racing each other get one
 * check between them and the rest a 429 with Retry-After.
 */
async function takeCheckSlot(ctx: Context, claimId: number): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  const now = new Date(nowMs).toISOString();
  const freeBefore = new Date(nowMs - CHECK_COOLDOWN_SECONDS * 1000).toISOString();
  const taken = await ctx.db
    .updateTable('claims')
    .set({ last_check_at: now })
    .where('id', '=', claimId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('last_check_at', 'is', null), eb('last_check_at', '<=', freeBefore)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return;
  const row = await ctx.db.selectFrom('claims').select('last_check_at').where('id', '=', claimId).executeTakeFirst();
  const since = row?.last_check_at ? (nowMs - Date.parse(row.last_check_at)) / 1000 : 0;
  const wait = Math.max(1, Math.ceil(CHECK_COOLDOWN_SECONDS - since));
  throw new AppError(
    'rate_limited',
    `This claim was checked moments ago; check it again in ${wait} s (one check per ${CHECK_COOLDOWN_SECONDS} s).`,
    {
      headers: { 'Retry-After': String(wait) },
    },
  );
}

export type EmailLinkOutcome =
  | { outcome: 'verified'; listing: ListingRef }
  | { outcome: 'already_verified'; listing: ListingRef }
  | { outcome: 'expired' | 'closed'; listing: ListingRef }
  | { outcome: 'unknown' };

/** Opening the mailed link: verifies the email claim it belongs to. */
export async function verifyEmailLink(ctx: Context, linkToken: string): Promise<EmailLinkOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(linkToken)) return { outcome: 'unknown' };
  await expireClaims(ctx);
  const claim = await ctx.db
    .selectFrom('claims')
    .selectAll()
    .where('email_token_hash', '=', sha256(linkToken))
    .where('method', '=', 'email')
    .executeTakeFirst();
  if (!claim) return { outcome: 'unknown' };
  const listing = await listingOf(ctx, claim.listing_id);
  if (claim.status === 'verified') return { outcome: 'already_verified', listing };
  if (claim.status === 'expired') return { outcome: 'expired', listing };
  if (claim.status !== 'pending') return { outcome: 'closed', listing };
  return (await markVerified(ctx, claim, `link opened (${claim.email})`))
    ? { outcome: 'verified', listing }
    : { outcome: 'closed', listing };
}

export async function listMyClaims(
  ctx: Context,
  userId: number,
  page: { page: number; per_page: number },
): Promise<{ items: ClaimView[]; total: number }> {
  await expireClaims(ctx);
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('claims')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    ctx.db
      .selectFrom('claims')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const listingIds = [...new Set(rows.map((r) => r.listing_id))];
  const listings =
    listingIds.length === 0
      ? []
      : await ctx.db
          .selectFrom('listings')
          .select(['id', 'slug', 'name', 'url', 'domain'])
          .where('id', 'in', listingIds)
          .execute();
  const byId = new Map(listings.map((l) => [l.id, l]));
  return {
    items: rows.flatMap((r) => (byId.has(r.listing_id) ? [claimView(r, byId.get(r.listing_id)!)] : [])),
    total: Number(count.n),
  };
}

/** True when the listing's current owner holds a verified claim on it (the `verified` badge). */
export async function ownerHasVerifiedClaim(ctx: Context, listingId: number, ownerId: number | null): Promise<boolean> {
  if (ownerId === null) return false;
  const row = await ctx.db
    .selectFrom('claims')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('user_id', '=', ownerId)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  return row !== undefined;
}
