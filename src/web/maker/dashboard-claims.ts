// Claiming a listing of your company on the website: GET /my/claims/new?slug=…
// picks a way to prove it (DNS TXT record, meta tag, file, or an email to an
// address at the domain) and POST /my/claims starts it (claim_listing); the
// claim's page (/my/claims/:id) shows exactly what to publish and a "Verify
// now" button (verify_claim). Listing pages link here ("Is this your product?
// Claim it").
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { ClaimView } from '../../claims/claims.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { publicListingBySlug } from '../../listings/profile.js';
import { act, type Problem, read } from '../ui/act.js';
import { control, controlId, errorsFor, idempotencyField, plainMessage, problemSummary } from '../ui/fields.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { adviceBox, csrfField, errorBox, html, noticeBox, type SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import { claimStatusPill, doneNotice, routeId } from './dashboard-ui.js';
import { signedIn } from './signed-in.js';
import { formatDay, formatTime } from '../ui/format.js';

const CLAIMS_PER_MINUTE = 10;

/** Where a listing page sends someone who runs the product. */
export const claimUrl = (slug: string) => `/my/claims/new?slug=${encodeURIComponent(slug)}`;

const METHODS = [
  ['dns', 'A DNS record', (domain: string) => `Add a TXT record at ${domain}. Best if you manage the domain’s DNS.`],
  ['meta', 'A meta tag on the homepage', () => 'Add one tag to the <head> of the homepage.'],
  ['file', 'A file on the website', () => 'Publish a small text file under /.well-known/ on the site.'],
  [
    'email',
    'An email to an address at the domain',
    (domain: string) => `We mail a link to an address at ${domain}; opening it verifies.`,
  ],
] as const;

const LABELS: Record<string, string> = { method: 'How to prove it', email: 'Email address', slug: 'Listing' };
const labelOf = (path: string) => LABELS[path] ?? path;

const NOTICES: Record<string, string> = {
  started: 'Claim started. Publish the token as shown below, then press “Verify now”.',
  mailed: 'Claim started. Check the mailbox: the link in the email verifies the claim.',
  verified: 'Verified: the listing is yours now. It is in your dashboard under Your listings.',
  'not-found': 'Not found yet. See what the check saw below, fix it and verify again. DNS changes can take a while.',
};

interface NewClaimInput {
  method?: string;
  email?: string;
}

async function newClaimPage(
  ctx: Context,
  res: Response,
  session: WebSession,
  slug: string,
  opts: { input?: NewClaimInput; problem?: Problem; status?: number } = {},
): Promise<void> {
  const listing = await publicListingBySlug(ctx, slug);
  const web = webOf(res);
  const chosen = opts.input?.method ?? 'dns';
  const methodErrors = errorsFor(opts.problem, 'method');
  const domain = listing.domain.replace(/^www\./, '');
  sendPage(res, {
    status: opts.status,
    title: `Claim ${listing.name}`,
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: html`<p>If you run <strong>${listing.name}</strong> (${listing.domain}), prove it once and the listing moves to your account: you can then edit it, post updates and see its numbers. Claiming does not change its plan.</p>
${problemSummary(opts.problem, labelOf)}
<form method="post" action="/my/claims" class="card">${csrfField(web.csrfToken)}${idempotencyField(randomUUID())}
<input type="hidden" name="slug" value="${listing.slug}">
<fieldset id="${controlId('method')}"${methodErrors.length > 0 ? html` aria-describedby="${controlId('method')}-error"` : ''}><legend>How to prove it</legend>
${methodErrors.length > 0 ? html`<p class="field-error" id="${controlId('method')}-error">${methodErrors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
${METHODS.map(
  ([value, label, hint]) =>
    html`<div class="dash-choice"><input type="radio" id="method-${value}" name="method" value="${value}"${value === chosen ? ' checked' : ''} aria-describedby="method-${value}-hint"><label for="method-${value}">${label}</label>
<p class="hint" id="method-${value}-hint">${hint(domain)}</p></div>`,
)}
</fieldset>
${control({
  path: 'email',
  label: 'Email address (only for the email method)',
  value: opts.input?.email,
  kind: 'email',
  hint: `An address at ${domain}, e.g. founders@${domain}.`,
  problem: opts.problem,
  autocomplete: 'email',
})}
<button type="submit">Start claim</button></form>
<p><a href="/listings/${listing.slug}">Back to ${listing.name}</a></p>`,
  });
}

/** A claim of the signed-in person, through list_my_claims (there is no get_claim): 404 when not theirs. */
async function ownClaim(ctx: Context, session: WebSession, claimId: number): Promise<ClaimView> {
  for (let page = 1; page <= 10; page++) {
    const claims = await read<{ items: ClaimView[]; total: number }>(ctx, session, 'list_my_claims', {
      page,
      per_page: 100,
    });
    const claim = claims.items.find((c) => c.claim_id === claimId);
    if (claim) return claim;
    if (page * 100 >= claims.total) break;
  }
  throw notFound(`You have no claim ${claimId}.`);
}

/** Copyable values: each in its own code block, labelled. */
function value(label: string, text: string): SafeHtml {
  return html`<div class="claim-value"><span class="claim-label">${label}</span><code>${text}</code></div>`;
}

function instructions(claim: ClaimView, csrfToken: string): SafeHtml {
  const i = claim.instructions;
  if (claim.method === 'email' && i.email) {
    return html`<p>We emailed a link to <strong>${i.email.sent_to}</strong>. Whoever reads that mailbox opens the link to verify; nothing needs to be published. The link works until ${formatTime(i.email.link_expires_at)}.</p>
<form method="post" action="/my/claims" class="inline">${csrfField(csrfToken)}${idempotencyField(randomUUID())}<input type="hidden" name="slug" value="${claim.listing.slug}"><input type="hidden" name="method" value="email"><input type="hidden" name="email" value="${i.email.sent_to}"><button type="submit" class="secondary">Send a new link</button></form>`;
  }
  if (i.dns)
    return html`<ol class="steps"><li>At the company that runs the DNS of <strong>${i.dns.name}</strong>, add a record:
${value('Type', i.dns.type)}${value('Name / host', i.dns.name)}${value('Value', i.dns.value)}
<p class="hint">Some providers want <code>@</code> as the name for the domain itself.</p></li>
<li>Wait until it is visible: usually minutes, sometimes a few hours.</li>
<li>Press “Verify now”.</li></ol>`;
  if (i.meta)
    return html`<ol class="steps"><li>Put this tag in the <code>&lt;head&gt;</code> of <a href="${i.meta.page_url}" rel="nofollow noopener">${i.meta.page_url}</a>:
${value('Tag', i.meta.html)}</li>
<li>Publish the page, then press “Verify now”.</li></ol>`;
  if (i.file)
    return html`<ol class="steps"><li>Publish a plain text file at this address:
${value('Address', i.file.url)}${value('Content', i.file.content)}</li>
<li>Check that it opens in a browser, then press “Verify now”.</li></ol>`;
  return html`<p>${i.summary}</p>`;
}

function claimPage(
  res: Response,
  session: WebSession,
  claim: ClaimView,
  opts: { notice?: string | null; problem?: Problem; status?: number } = {},
): void {
  const web = webOf(res);
  const pending = claim.status === 'pending';
  const canVerify = pending && claim.method !== 'email';
  sendPage(res, {
    status: opts.status,
    title: `Claim of ${claim.listing.name}`,
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    customHeading: true,
    body: html`<p><a href="/my#claims">← Your claims</a></p>
${opts.notice === NOTICES['not-found'] ? adviceBox(opts.notice) : noticeBox(opts.notice)}${opts.problem ? errorBox(opts.problem.message) : ''}
<h1>Claim of ${claim.listing.name}</h1>
<p class="dash-title">${claimStatusPill(claim.status)} <span class="dash-meta">${claim.listing.domain} · started ${formatDay(claim.created_at)}${pending ? html` · open until ${formatDay(claim.expires_at)}` : ''}${
      claim.verified_at ? html` · verified ${formatTime(claim.verified_at)}` : ''
    }</span></p>
${
  claim.status === 'verified'
    ? html`<div class="card"><p>You manage ${claim.listing.name} now.</p><a class="button" href="/my#listings">See it in your listings</a></div>`
    : pending
      ? html`<section aria-labelledby="what-to-do" class="card"><h2 id="what-to-do">What to do</h2>${instructions(claim, web.csrfToken)}
${
  claim.last_check_at
    ? html`<p class="dash-check"><strong>Last check</strong> (${formatTime(claim.last_check_at)}): ${claim.last_error ?? 'not found.'}</p>`
    : ''
}
${
  canVerify
    ? html`<form method="post" action="/my/claims/${claim.claim_id}/verify">${csrfField(web.csrfToken)}<button type="submit">Verify now</button></form>`
    : ''
}</section>
<p><a href="/my/claims/new?slug=${claim.listing.slug}">Use another way to prove it</a> (the token stays the same).</p>`
      : html`<div class="card"><p>${claim.last_error ?? 'This claim is closed.'}</p><a class="button" href="/my/claims/new?slug=${claim.listing.slug}">Start a new claim</a></div>`
}`,
  });
}

export function claimRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my/claims/new', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const slug = queryString(req, 'slug', 220);
    if (!slug) throw notFound('Open the claim from the listing’s page: “Is this your product? Claim it”.');
    await newClaimPage(ctx, res, session, slug);
  });

  router.post('/my/claims', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `claim:${session.userId}`, CLAIMS_PER_MINUTE))) return tooManyPage(res);
    const slug = field(req, 'slug', 220);
    const method = field(req, 'method', 20);
    const email = field(req, 'email', 320).trim();
    // The email box belongs to the email method; with another method it is left out.
    const outcome = await act<ClaimView>(
      ctx,
      session,
      'claim_listing',
      { slug, method, ...(method === 'email' ? { email } : {}) },
      { idempotencyKey: field(req, '_idem', 255) || undefined },
    );
    if (!outcome.ok)
      return newClaimPage(ctx, res, session, slug, {
        input: { method, email },
        problem: outcome.problem,
        status: outcome.problem.status,
      });
    res.redirect(303, `/my/claims/${outcome.body.claim_id}?done=${method === 'email' ? 'mailed' : 'started'}`);
  });

  router.get('/my/claims/:id', async (req: Request<{ id: string }>, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const id = routeId(req.params.id);
    if (id === null) throw notFound('No such claim.');
    claimPage(res, session, await ownClaim(ctx, session, id), { notice: doneNotice(req, NOTICES) });
  });

  router.post('/my/claims/:id/verify', async (req: Request<{ id: string }>, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    if (!csrfValid(req, res)) return staleFormPage(res);
    const id = routeId(req.params.id);
    if (id === null) throw notFound('No such claim.');
    const outcome = await act<ClaimView & { verified: boolean }>(ctx, session, 'verify_claim', { claim_id: id });
    if (!outcome.ok)
      return claimPage(res, session, await ownClaim(ctx, session, id), {
        problem: outcome.problem,
        status: outcome.problem.status,
      });
    res.redirect(303, `/my/claims/${id}?done=${outcome.body.verified ? 'verified' : 'not-found'}`);
  });

  return router;
}
