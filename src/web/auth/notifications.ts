// GET /account/notifications: what the signed-in person was told (updates of
// listings they follow), newest first; opening the page marks them read.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { markNotificationsRead, notificationsOf } from '../../community/notifications.js';
import { html, sendPage } from '../ui/html.js';
import { webOf } from '../ui/session.js';

export function notificationRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get('/account/notifications', async (_req, res) => {
    const web = webOf(res);
    if (!web.session) return res.redirect(303, '/sign-in?return_to=/account/notifications');
    const items = await notificationsOf(ctx, web.session.userId, { limit: 100 });
    await markNotificationsRead(ctx, web.session.userId);
    sendPage(res, {
      title: 'Notifications',
      csrfToken: web.csrfToken,
      signedInAs: web.session.email,
      body: html`<p>Updates from the listings you follow, newest first. <a href="/updates">All latest updates</a></p>
${
  items.length === 0
    ? html`<p class="muted">Nothing yet. Follow a listing to be told when its maker posts an update.</p>`
    : html`<ul class="cards">${items.map(
        (
          n,
        ) => html`<li><div><h2>${n.listing_slug ? html`<a href="/listings/${n.listing_slug}">${n.title}</a>` : n.title}${n.read ? '' : html` <small>(new)</small>`}</h2>
<p><time datetime="${n.created_at}">${n.created_at.slice(0, 10)}</time></p><p>${n.body}</p></div></li>`,
      )}</ul>`
}`,
    });
  });
  return router;
}
