// GET/POST /submit: the maker gives their website's address; submit_listing
// starts reading the site and the person lands on the draft page. Signed out,
// the page says what launching here is and leads to sign-up.
import { randomUUID } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { act, type Problem } from '../ui/act.js';
import { control, idempotencyField, problemSummary } from '../ui/fields.js';
import { field, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { csrfField, html, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import { freeWindowWords, launchSettings } from './launch-common.js';
import { signedIn } from './signed-in.js';

const SUBMITS_PER_MINUTE = 10;

/** The three steps; the free window is the admin's setting, read each time. */
const steps = async (ctx: Context) => html`<ol class="steps">
<li><strong>Give us your website.</strong> We read a few of its pages (obeying its robots.txt) and draft your listing in about a minute, quoting the page behind every value. What the site does not say stays blank.</li>
<li><strong>Review the draft.</strong> Edit, lock or redraft any field; add founders and FAQs. Nothing is published yet.</li>
<li><strong>Launch.</strong> Free: a launch week ${freeWindowWords(await launchSettings(ctx))} out, live once our badge is on your homepage. Paid: the week you choose, at the price on <a href="/launch">the launch page</a>.</li>
</ol>`;

/** "example.com" is what people type: read it as https. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

async function submitPage(
  ctx: Context,
  res: Response,
  session: WebSession,
  opts: { url?: string; problem?: Problem; status?: number } = {},
) {
  const web = webOf(res);
  sendPage(res, {
    status: opts.status,
    title: 'Launch your product',
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: html`${await steps(ctx)}
${problemSummary(opts.problem, () => 'Your product’s website')}
<form method="post" action="/submit" class="card">${csrfField(web.csrfToken)}${idempotencyField(randomUUID())}
${control({
  path: 'url',
  label: 'Your product’s website',
  value: opts.url,
  kind: 'url',
  hint: 'The homepage, e.g. https://example.com. Nothing is published or charged at this step.',
  problem: opts.problem,
  required: true,
  maxlength: 2048,
  autocomplete: 'url',
})}
<button type="submit">Draft my listing</button></form>
<p><a href="/my">Your dashboard</a>: your drafts and listings.</p>`,
  });
}

export function submitRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/submit', async (_req, res) => {
    const web = webOf(res);
    if (web.session) return submitPage(ctx, res, web.session);
    sendPage(res, {
      title: 'Launch your product',
      csrfToken: web.csrfToken,
      body: html`${await steps(ctx)}
<p><a class="button" href="/sign-up?return_to=%2Fsubmit">Create an account to start</a> or <a href="/sign-in?return_to=%2Fsubmit">sign in</a>.</p>`,
    });
  });

  router.post('/submit', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    if (!csrfValid(req, res)) return staleFormPage(res);
    if (!(await withinBudget(ctx, `submit:${session.userId}`, SUBMITS_PER_MINUTE))) return tooManyPage(res);
    const url = withScheme(field(req, 'url', 4096));
    const outcome = await act<{ id: string }>(
      ctx,
      session,
      'submit_listing',
      { url },
      { idempotencyKey: field(req, '_idem', 255) || undefined },
    );
    if (!outcome.ok)
      return submitPage(ctx, res, session, { url, problem: outcome.problem, status: outcome.problem.status });
    res.redirect(303, `/drafts/${outcome.body.id}`);
  });

  return router;
}
