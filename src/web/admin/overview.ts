// The admin home: every admin page, with what is waiting (open reports,
// flagged votes still counted).
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { countOpenReports } from '../../community/reports.js';
import { countFlaggedVotes } from '../../community/vote-audit.js';
import { html, plural } from '../ui/html.js';
import { ADMIN_PAGES, adminGet, sendAdminPage } from './common.js';

export function overviewRoutes(ctx: Context): Router {
  const router = express.Router();
  router.get(
    '/admin',
    adminGet(async (_req, res) => {
      const [openReports, flaggedVotes] = await Promise.all([countOpenReports(ctx), countFlaggedVotes(ctx)]);
      const waiting: Record<string, string> = {
        '/admin/reports': `${plural(openReports, 'open report')}`,
        '/admin/votes': `${plural(flaggedVotes, 'flagged vote')} still counted`,
      };
      sendAdminPage(res, {
        path: '/admin',
        title: 'Admin',
        body: html`<ul class="admin-counts">
<li><a href="/admin/reports">${plural(openReports, 'open report')}</a></li>
<li><a href="/admin/votes">${plural(flaggedVotes, 'flagged vote')}</a> still counted in the rankings</li>
</ul>
<table><caption class="visually-hidden">Admin pages</caption><thead><tr><th scope="col">Page</th><th scope="col">What it is for</th><th scope="col">Waiting</th></tr></thead><tbody>
${ADMIN_PAGES.map(([href, label, about]) => html`<tr><th scope="row"><a href="${href}">${label}</a></th><td>${about}</td><td>${waiting[href] ?? ''}</td></tr>`)}
</tbody></table>`,
      });
    }),
  );
  return router;
}
