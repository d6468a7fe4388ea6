// The site's webhooks: endpoints an admin registers for every event of the
// site, whoever's listing or order it is about, with the same page makers
// have for their own (ui/webhooks-view.ts). The actions are the website's
// admin operations create_site_webhook, send_site_test_webhook and
// delete_site_webhook.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { type EndpointView, listEndpoints, type TestResult } from '../../webhooks/endpoints.js';
import { perform } from '../ui/act.js';
import { typedWebhookForm, type WebhooksView, webhooksBody } from '../ui/webhooks-view.js';
import { adminGet, adminOf, adminPost, type AdminRenderer, noticeOf, sendAdminPage } from './common.js';

const BASE = '/admin/webhooks';
const NOTICES = { deleted: () => 'The webhook is deleted; nothing more is sent to it.' };

type Extra = Pick<WebhooksView, 'created' | 'tested'>;

export function siteWebhookRoutes(ctx: Context): Router {
  const router = express.Router();

  const page = async (req: Request, res: Response, opts: Parameters<AdminRenderer>[2] = {}, extra: Extra = {}) => {
    const admin = adminOf(res);
    const typed = opts.error ? typedWebhookForm(req) : undefined;
    sendAdminPage(res, {
      path: BASE,
      title: 'Site webhooks',
      status: opts.status,
      body: webhooksBody({
        ...extra,
        basePath: BASE,
        csrfToken: admin.csrfToken,
        reach:
          'Site webhooks receive every event of the site, whoever’s listing or order it is about; makers add their own at /account/webhooks.',
        listHeading: 'Your site webhooks',
        endpoints: await listEndpoints(ctx, admin.userId, 'site'),
        notice: noticeOf(req, NOTICES),
        error: opts.error,
        typed,
      }),
    });
  };
  const render: AdminRenderer = (req, res, opts) => page(req, res, opts);

  router.get(BASE, adminGet(render));

  router.post(
    BASE,
    adminPost(render, async (req, res, admin) => {
      const { description, ...required } = typedWebhookForm(req);
      const created = await perform<EndpointView & { secret: string }>(ctx, admin.session, 'create_site_webhook', {
        ...required,
        ...(description.trim() ? { description } : {}),
      });
      await page(req, res, { status: 201 }, { created });
      return null;
    }),
  );

  router.post(
    `${BASE}/:id/test`,
    adminPost(render, async (req, res, admin) => {
      const id = Number(req.params.id);
      const result = await perform<TestResult>(ctx, admin.session, 'send_site_test_webhook', { webhook_id: id });
      await page(req, res, {}, { tested: { id, result } });
      return null;
    }),
  );

  router.post(
    `${BASE}/:id/delete`,
    adminPost(render, async (req, _res, admin) => {
      await perform(ctx, admin.session, 'delete_site_webhook', { webhook_id: Number(req.params.id) });
      return `${BASE}?done=deleted`;
    }),
  );
  return router;
}
