// The account's API keys page: create a key with chosen scopes and an
// optional expiry (the key is shown once, right after creation), list the
// keys, revoke one.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { createApiKey } from '../../auth/api-keys.js';
import { listApiKeys, revokeApiKey } from '../../accounts/api-key-list.js';
import { isScope, SCOPES } from '../../auth/caller.js';
import { SCOPE_DESCRIPTIONS } from '../../auth/scopes.js';
import { field, fields, queryString, staleFormPage } from '../ui/forms.js';
import { csrfField, errorBox, html, noticeBox, sendPage, type SafeHtml } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';

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
      const session = webOf(res).session!;
      const name = field(req, 'name', 100).trim();
      const scopes = [...new Set(fields(req, 'scopes'))].filter(isScope);
      const expires = field(req, 'expires', 10);
      const now = ctx.clock.now();
      let expiresAt: string | null = null;
      if (!name)
        return keysPage(ctx, res, { error: 'Give the key a name, so you know later what uses it.', status: 400 });
      if (scopes.length === 0) return keysPage(ctx, res, { error: 'Choose at least one scope.', status: 400 });
      if (expires) {
        const date = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T00:00:00.000Z`) : null;
        if (!date || Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) {
          return keysPage(ctx, res, { error: 'The expiry must be a date in the future.', status: 400 });
        }
        expiresAt = date.toISOString();
      }
      const created = await createApiKey(ctx.db, { userId: session.userId, name, scopes, expiresAt, now });
      await keysPage(ctx, res, { created: { name, key: created.key } });
    } catch (err) {
      next(err);
    }
  });

  router.post('/account/api-keys/:id/revoke', async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id < 1 || !(await revokeApiKey(ctx, webOf(res).session!.userId, id))) {
        return keysPage(ctx, res, { error: 'That key is not one of yours, or it is revoked already.', status: 404 });
      }
      res.redirect(303, '/account/api-keys?notice=revoked');
    } catch (err) {
      next(err);
    }
  });
  return router;
}
