// The account's API keys page: create a key with chosen scopes and an
// optional expiry (the key is shown once, right after creation), list the
// keys, revoke one. Creating and revoking are the website's operations
// create_api_key and revoke_api_key (tools/web): a key never mints keys.
import express, { type Response, type Router } from 'express';
import { listApiKeys } from '../../accounts/api-key-list.js';
import { SCOPES } from '../../auth/caller.js';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import { SCOPE_DESCRIPTIONS } from '../../auth/scopes.js';
import { act, perform } from '../ui/act.js';
import { field, fields, queryString, staleFormPage } from '../ui/forms.js';
import { csrfField, errorBox, html, noticeBox, sendPage, type SafeHtml } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';

/** The longest value read from the form: create_api_key bounds each field itself. */
const FORM_VALUE_MAX = 1000;

const NOTICES: Record<string, string> = { revoked: 'The key is revoked; requests with it now fail.' };

async function keysPage(
  ctx: Context,
  res: Response,
  opts: { created?: { name: string; key: string }; error?: string; notice?: string; status?: number } = {},
) {
  const web = webOf(res);
  const session = web.session!;
  const keys = await listApiKeys(ctx, session.userId);
  const createdBox: SafeHtml | string = opts.created
    ? html`<section aria-labelledby="new-key"><h2 id="new-key">Your new key “${opts.created.name}”</h2>
<p role="status">Copy it now: it is shown only this once.</p>
<code class="secret" id="api-key">${opts.created.key}</code></section>`
    : '';
  const rows = keys.map(
    (
      k,
    ) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.scopes.join(', ')}</td><td>${k.createdAt.slice(0, 10)}</td>
<td>${k.expiresAt ? k.expiresAt.slice(0, 10) : 'never'}</td><td>${k.status}</td>
<td>${
      k.status === 'active'
        ? html`<form class="inline" method="post" action="/account/api-keys/${k.id}/revoke">${csrfField(web.csrfToken)}<button type="submit" aria-label="Revoke key ${k.name}">Revoke</button></form>`
        : ''
    }</td></tr>`,
  );
  sendPage(res, {
    status: opts.status,
    title: 'API keys',
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: html`${errorBox(opts.error)}${noticeBox(opts.notice)}${createdBox}
<h2>Create a key</h2>
<form method="post" action="/account/api-keys">
${csrfField(web.csrfToken)}
<label for="name">Name</label>
<input id="name" name="name" type="text" required maxlength="100" placeholder="e.g. my laptop assistant">
<fieldset><legend>Scopes</legend>
${SCOPES.map((s) => html`<label><input type="checkbox" name="scopes" value="${s}"> <code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</label>`)}
</fieldset>
<label for="expires">Expires on (optional)</label>
<input id="expires" name="expires" type="date">
<button type="submit">Create key</button>
</form>
<h2>Your keys</h2>
${
  keys.length === 0
    ? html`<p>No keys yet.</p>`
    : html`<table><caption class="visually-hidden">Your API keys</caption><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>${rows}</tbody></table>`
}
<p><a href="/account">Back to your account</a></p>`,
  });
}

export function apiKeyRoutes(ctx: Context): Router {
  const router = express.Router();
  router.use('/account/api-keys', (_req, res, next) => {
    if (!webOf(res).session) return res.redirect(303, '/sign-in?return_to=/account/api-keys');
    next();
  });

  router.get('/account/api-keys', async (req, res, next) => {
    try {
      await keysPage(ctx, res, { notice: NOTICES[queryString(req, 'notice', 40)] });
    } catch (err) {
      next(err);
    }
  });

  router.post('/account/api-keys', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const outcome = await act<{ name: string; key: string }>(ctx, webOf(res).session!, 'create_api_key', {
        name: field(req, 'name', FORM_VALUE_MAX),
        scopes: fields(req, 'scopes'),
        expires: field(req, 'expires', FORM_VALUE_MAX),
      });
      if (!outcome.ok) {
        const { problem } = outcome;
        return keysPage(ctx, res, { error: problem.errors[0]?.message ?? problem.message, status: problem.status });
      }
      await keysPage(ctx, res, { created: outcome.body });
    } catch (err) {
      next(err);
    }
  });

  router.post('/account/api-keys/:id/revoke', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      try {
        await perform(ctx, webOf(res).session!, 'revoke_api_key', { key_id: Number(req.params.id) });
      } catch (err) {
        if (!(err instanceof AppError && (err.kind === 'not_found' || err.kind === 'invalid'))) throw err;
        return keysPage(ctx, res, { error: 'That key is not one of yours, or it is revoked already.', status: 404 });
      }
      res.redirect(303, '/account/api-keys?notice=revoked');
    } catch (err) {
      next(err);
    }
  });
  return router;
}
