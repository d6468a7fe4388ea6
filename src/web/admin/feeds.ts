// The two read-only admin feeds: makers' listing edits (each before/after,
// published already; this is the team's review copy) and the mail outbox.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { recentMail } from '../../platform/mail.js';
import { recentChanges } from '../../listings/my-listings.js';
import { html } from '../ui/html.js';
import { adminGet, sendAdminPage, when } from './common.js';

export function feedRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get(
    '/admin/changes',
    adminGet(async (_req, res) => {
      const changes = await recentChanges(ctx, { limit: 100 });
      const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
      sendAdminPage(res, {
        path: '/admin/changes',
        title: 'Listing edits',
        body: html`<p>The latest ${changes.length} edits makers published, newest first. Edits are live already; this is the review copy.</p>
${changes.map(
  (
    c,
  ) => html`<section><h2><a href="/listings/${c.listing}">${c.name}</a> <small>#${c.id}, ${c.at}, by ${c.by ?? 'a deleted user'}</small></h2>
<table><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>
${Object.entries(c.changes).map(([field, d]) => html`<tr><th scope="row">${field}</th><td>${show(d.before)}</td><td>${show(d.after)}</td></tr>`)}
</tbody></table></section>`,
)}`,
      });
    }),
  );

  router.get(
    '/admin/outbox',
    adminGet(async (_req, res) => {
      const mails = await recentMail(ctx, { limit: 100 });
      sendAdminPage(res, {
        path: '/admin/outbox',
        title: 'Mail outbox',
        body: html`<p>The latest ${mails.length} messages, newest first. Without SMTP_URL they stay here.</p>
${mails.map(
  (m) =>
    html`<section><h2>${m.subject}</h2><p>To ${m.to}, ${when(m.created_at)}, ${m.status}${m.error ? html`: ${m.error}` : ''}</p><pre>${m.text}</pre></section>`,
)}`,
      });
    }),
  );
  return router;
}
