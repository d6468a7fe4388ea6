// The account's webhooks page: a maker adds an endpoint for their listings'
// and orders' events (its secret shown once, right after), sends it a test,
// reads its delivery log, deletes it. Every action is the API's own tool
// (create_webhook, send_test_webhook, delete_webhook, list_webhooks) run as
// the signed-in person.
import express, { type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import type { EndpointView, TestResult } from '../../webhooks/endpoints.js';
import { act, perform, read } from '../ui/act.js';
import { queryString, staleFormPage } from '../ui/forms.js';
import { sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import { typedWebhookForm, type WebhooksView, webhooksBody } from '../ui/webhooks-view.js';

const BASE = '/account/webhooks';
const NOTICES: Record<string, string> = { deleted: 'The webhook is deleted; nothing more is sent to it.' };

async function webhooksPage(
  ctx: Context,
  res: Response,
  opts: Omit<WebhooksView, 'basePath' | 'csrfToken' | 'reach' | 'listHeading' | 'endpoints'> & { status?: number } = {},
): Promise<void> {
  const web = webOf(res);
  const session = web.session!;
  const { webhooks } = await read<{ webhooks: EndpointView[] }>(ctx, session, 'list_webhooks', {});
  const { status, ...view } = opts;
  sendPage(res, {
    status,
    title: 'Webhooks',
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: webhooksBody({
      ...view,
      basePath: BASE,
      csrfToken: web.csrfToken,
      reach: 'Your webhooks receive the events of the listings you own and of your orders.',
      listHeading: 'Your webhooks',
      endpoints: webhooks,
    }),
  });
}

export function webhookRoutes(ctx: Context): Router {
  const router = express.Router();
  router.use(BASE, (_req, res, next) => {
    if (!webOf(res).session) return res.redirect(303, `/sign-in?return_to=${BASE}`);
    next();
  });

  router.get(BASE, async (req, res, next) => {
    try {
      await webhooksPage(ctx, res, { notice: NOTICES[queryString(req, 'notice', 40)] });
    } catch (err) {
      next(err);
    }
  });

  router.post(BASE, async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const typed = typedWebhookForm(req);
      const { description, ...required } = typed;
      const outcome = await act<EndpointView & { secret: string }>(ctx, webOf(res).session!, 'create_webhook', {
        ...required,
        ...(description.trim() ? { description } : {}),
      });
      if (!outcome.ok) {
        const { problem } = outcome;
        const where = problem.errors[0];
        const error = where ? `${problem.message} (${where.path}: ${where.message})` : problem.message;
        return webhooksPage(ctx, res, { error, typed, status: problem.status });
      }
      await webhooksPage(ctx, res, { created: outcome.body, status: 201 });
    } catch (err) {
      next(err);
    }
  });

  router.post(`${BASE}/:id/test`, async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      const id = Number(req.params.id);
      const result = await perform<TestResult>(ctx, webOf(res).session!, 'send_test_webhook', { webhook_id: id });
      await webhooksPage(ctx, res, { tested: { id, result } });
    } catch (err) {
      if (err instanceof AppError && (err.kind === 'not_found' || err.kind === 'invalid'))
        return webhooksPage(ctx, res, { error: 'That webhook is not one of yours, or it is deleted.', status: 404 });
      if (err instanceof AppError && err.kind === 'rate_limited')
        return webhooksPage(ctx, res, { error: err.message, status: 429 });
      next(err);
    }
  });

  router.post(`${BASE}/:id/delete`, async (req, res, next) => {
    try {
      if (!csrfValid(req, res)) return staleFormPage(res);
      await perform(ctx, webOf(res).session!, 'delete_webhook', { webhook_id: Number(req.params.id) });
      res.redirect(303, `${BASE}?notice=deleted`);
    } catch (err) {
      if (err instanceof AppError && (err.kind === 'not_found' || err.kind === 'invalid'))
        return webhooksPage(ctx, res, { error: 'That webhook is not one of yours, or it is deleted.', status: 404 });
      next(err);
    }
  });
  return router;
}
