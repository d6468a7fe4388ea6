// GET /account: who is signed in, whether the address is confirmed, and the
// way to the API keys page.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { queryString } from '../ui/forms.js';
import { csrfField, html, noticeBox, sendPage } from '../ui/html.js';
import { webOf } from '../ui/session.js';

const NOTICES: Record<string, string> = { 'verification-sent': 'A new confirmation link is on its way.' };

export function accountRoutes(_ctx: Context): Router {
  const router = express.Router();
  router.get('/account', async (req, res) => {
    const web = webOf(res);
    if (!web.session) return res.redirect(303, '/sign-in?return_to=/account');
    const s = web.session;
    const unread = web.unreadNotifications;
    sendPage(res, {
      title: 'Your account',
      csrfToken: web.csrfToken,
      signedInAs: s.email,
      body: html`${noticeBox(NOTICES[queryString(req, 'notice', 40)])}
<dl><dt>Email</dt><dd>${s.email} ${s.emailVerified ? '(confirmed)' : '(not confirmed yet)'}</dd>${s.name ? html`<dt>Name</dt><dd>${s.name}</dd>` : ''}</dl>
${
  s.emailVerified
    ? ''
    : html`<form method="post" action="/account/verify-email">${csrfField(web.csrfToken)}<button type="submit">Mail me a new confirmation link</button></form>`
}
<h2>Notifications</h2>
<p><a href="/account/notifications">Notifications</a>${unread > 0 ? ` (${unread} new)` : ''}: reviews, followers, votes and comments on your listings, replies to you, your orders, and updates from the listings you follow. <a href="/account/notifications/settings">Choose what comes by mail</a>.</p>
<h2>Your launches</h2>
<p><a href="/my">Dashboard</a>: your listings, drafts, orders and claims. <a href="/submit">Launch a product</a>.</p>
<h2>Access for programs</h2>
<p><a href="/account/api-keys">API keys</a>: create keys for scripts and assistants (sent as <code>Authorization: Bearer</code>).</p>
<p><a href="/account/webhooks">Webhooks</a>: have your listings' and orders' events sent to your own tools as signed POSTs.</p>
<form method="post" action="/sign-out">${csrfField(web.csrfToken)}<button type="submit" class="secondary">Sign out</button></form>`,
    });
  });
  return router;
}
