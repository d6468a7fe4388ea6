// Pages for the site's admins: the review feed of makers' listing edits (each
// before/after) and the mail outbox. Anyone else, signed in or not, gets 404:
// the pages do not reveal that they exist.
import express, { type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { recentChanges } from '../services/my-listings.js';
import { html, sendPage } from './auth/html.js';
import { pageErrorHandler, pageMiddleware } from './auth/router.js';
import { webOf } from './auth/web-session.js';

async function adminSession(ctx: Context, res: Response) {
  const session = webOf(res).session;
  if (!session) return null;
  const user = await ctx.db.selectFrom('users').select('role').where('id', '=', session.userId).executeTakeFirst();
  return user?.role === 'admin' ? session : null;
}

const notFoundPage = (res: Response, csrfToken: string) =>
  sendPage(res, { status: 404, title: 'Not found', csrfToken, body: html`<p>There is no page here.</p>` });

export function adminRouter(ctx: Context): Router {
  const router = express.Router();
  router.use('/admin', ...pageMiddleware(ctx));

  router.get('/admin/changes', async (_req, res) => {
    const web = webOf(res);
    const admin = await adminSession(ctx, res);
    if (!admin) return notFoundPage(res, web.csrfToken);
    const changes = await recentChanges(ctx, { limit: 100 });
    const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    sendPage(res, {
      title: 'Listing edits',
      csrfToken: web.csrfToken,
      signedInAs: admin.email,
      body: html`<p>The latest ${changes.length} edits makers published, newest first. Edits are live already; this is the review copy.</p>
${changes.map(
  (c) => html`<section><h2><a href="/listings/${c.listing}">${c.name}</a> <small>#${c.id}, ${c.at}, by ${c.by ?? 'a deleted user'}</small></h2>
<table><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>
${Object.entries(c.changes).map(([field, d]) => html`<tr><th scope="row">${field}</th><td>${show(d.before)}</td><td>${show(d.after)}</td></tr>`)}
</tbody></table></section>`,
)}`,
    });
  });

  router.get('/admin/outbox', async (_req, res) => {
    const web = webOf(res);
    const admin = await adminSession(ctx, res);
    if (!admin) return notFoundPage(res, web.csrfToken);
    const mails = await ctx.db.selectFrom('outbox').select(['id', 'to', 'subject', 'text', 'status', 'error', 'created_at']).orderBy('id', 'desc').limit(100).execute();
    sendPage(res, {
      title: 'Mail outbox',
      csrfToken: web.csrfToken,
      signedInAs: admin.email,
      body: html`<p>The latest ${mails.length} messages, newest first. Without SMTP_URL they stay here.</p>
${mails.map(
  (m) => html`<section><h2>${m.subject}</h2><p>To ${m.to}, ${m.created_at}, ${m.status}${m.error ? html`: ${m.error}` : ''}</p><pre>${m.text}</pre></section>`,
)}`,
    });
  });

  router.use('/admin', pageErrorHandler(ctx));
  return router;
}
