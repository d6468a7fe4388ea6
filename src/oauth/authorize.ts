// /oauth/authorize: GET sends a person who is not signed in to the sign-in
// page (and back), then shows the consent page: which application, where it
// will send them, and the scopes it asks for, each of which they may untick.
// POST takes the decision (CSRF-checked against the web session): Allow
// issues a single-use code valid 60 s, Deny answers access_denied. Problems
// with the client or redirect URI are shown as a page, never redirected.
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { isScope } from '../auth/caller.js';
import { issuerOf } from '../auth/resources.js';
import { SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import { randomSecret, sha256Hex } from '../auth/secrets.js';
import { staleFormPage } from '../web/ui/forms.js';
import { csrfField, html, sendPage } from '../web/ui/html.js';
import { pageErrorHandler, pageMiddleware } from '../web/ui/page.js';
import { csrfValid, webOf } from '../web/ui/session.js';
import { parseAuthorizationRequest, redirectWith, type AuthorizationRequest } from './authorize-request.js';
import { displayName } from './clients.js';
import type { OAuthError } from './errors.js';
import { saveCode } from './store.js';

export const CODE_TTL_MS = 60_000;
/** The parameters of an authorization request, carried through the consent form. */
const REQUEST_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
];

function errorPage(res: Response, error: OAuthError): void {
  const web = webOf(res);
  sendPage(res, {
    status: 400,
    title: 'This sign-in link does not work',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`<p class="error" role="alert">The application sent an authorization request we cannot accept: ${error.description}.</p>
<p>Nothing was shared. Tell the application's makers, or try connecting again from the application.</p>`,
  });
}

function consentPage(res: Response, request: AuthorizationRequest, params: Record<string, unknown>): void {
  const web = webOf(res);
  const name = displayName(request.client);
  const target = new URL(request.redirectUri);
  // A native app's private-use scheme (com.example.app:/cb) has no host or
  // origin: name the scheme, and let the form lead there by scheme (CSP).
  const privateUse = target.origin === 'null';
  const destination = privateUse ? `the application (${target.protocol.slice(0, -1)})` : target.host;
  const what = new URL(request.resource).pathname.endsWith('/mcp')
    ? 'the Launchboard MCP server'
    : 'the Launchboard REST API';
  const hidden = REQUEST_PARAMS.filter((k) => typeof params[k] === 'string').map(
    (k) => html`<input type="hidden" name="${k}" value="${params[k] as string}">`,
  );
  sendPage(res, {
    title: `Allow ${name} to use your account?`,
    csrfToken: web.csrfToken,
    signedInAs: web.session!.email,
    formActionOrigins: [privateUse ? target.protocol : target.origin],
    body: html`<p><strong>${name}</strong> wants to act for <strong>${web.session!.email}</strong> on ${what}.</p>
<p>After your decision you go back to <strong>${destination}</strong>.${
      request.client.registrationType === 'metadata_document'
        ? html` The application is identified by <code>${request.client.clientId}</code>.`
        : ''
    }</p>
<form method="post" action="/oauth/authorize">
${csrfField(web.csrfToken)}
${hidden}
<fieldset><legend>It asks to</legend>
${request.scopes.map((s) => html`<label><input type="checkbox" name="grant_scope" value="${s}" checked> <code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</label>`)}
</fieldset>
<p>It never gets your password, and it can never pay: payment always happens on the checkout page, by you.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  });
}

/** Sign in, then come back to this very request (a POST whose session ended goes back to its GET). */
function signInFirst(req: Request, res: Response): void {
  let back = req.originalUrl;
  if (req.method !== 'GET') {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams();
    for (const k of REQUEST_PARAMS) if (typeof body[k] === 'string') query.set(k, body[k] as string);
    back = `/oauth/authorize?${query.toString()}`;
  }
  res.redirect(303, `/sign-in?return_to=${encodeURIComponent(back)}`);
}

/**
 * The authorization request in `params`, or undefined once its refusal is
 * answered: on a page when the client or its redirect URI is not to be
 * trusted, else by an error redirect back to the client.
 */
async function acceptableRequest(
  ctx: Context,
  res: Response,
  params: Record<string, unknown>,
): Promise<AuthorizationRequest | undefined> {
  const parsed = await parseAuthorizationRequest(ctx, params);
  if (parsed.kind === 'ok') return parsed.request;
  if (parsed.kind === 'page') errorPage(res, parsed.error);
  else
    res.redirect(
      303,
      redirectWith(parsed.redirectUri, issuerOf(ctx.config), {
        error: parsed.error.code,
        error_description: parsed.error.description,
        state: parsed.state,
      }),
    );
  return undefined;
}

export function authorizeRoutes(ctx: Context): Router {
  const router = express.Router();
  router.use('/oauth/authorize', ...pageMiddleware(ctx));

  router.get('/oauth/authorize', async (req, res, next) => {
    try {
      const params = req.query as Record<string, unknown>;
      const request = await acceptableRequest(ctx, res, params);
      if (!request) return;
      if (!webOf(res).session) return signInFirst(req, res);
      consentPage(res, request, params);
    } catch (err) {
      next(err);
    }
  });

  router.post('/oauth/authorize', async (req, res, next) => {
    try {
      const params = (req.body ?? {}) as Record<string, unknown>;
      const request = await acceptableRequest(ctx, res, params);
      if (!request) return;
      const issuer = issuerOf(ctx.config);
      const session = webOf(res).session;
      if (!session) return signInFirst(req, res);
      if (!csrfValid(req, res)) return staleFormPage(res);
      const ticked = new Set(
        [params.grant_scope].flat().filter((s): s is string => typeof s === 'string' && isScope(s)),
      );
      const granted = request.scopes.filter((s) => ticked.has(s));
      if (params.decision !== 'allow' || granted.length === 0) {
        const why = params.decision !== 'allow' ? 'the person denied access' : 'the person allowed no scope';
        return res.redirect(
          303,
          redirectWith(request.redirectUri, issuer, {
            error: 'access_denied',
            error_description: why,
            state: request.state,
          }),
        );
      }
      const code = randomSecret();
      const now = ctx.clock.now();
      await saveCode(
        ctx.db,
        sha256Hex(code),
        {
          clientId: request.client.clientId,
          userId: session.userId,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          scopes: granted,
          resource: request.resource,
          familyId: randomUUID(),
        },
        now,
        new Date(now.getTime() + CODE_TTL_MS),
      );
      res.redirect(303, redirectWith(request.redirectUri, issuer, { code, state: request.state }));
    } catch (err) {
      next(err);
    }
  });
  router.use('/oauth/authorize', pageErrorHandler(ctx));
  return router;
}
