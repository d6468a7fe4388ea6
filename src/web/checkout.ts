// The checkout page a person opens from `checkout_url` (GET /checkout/{token})
// and pays on, and the payment provider's webhook (POST /webhooks/stripe).
// The token in the URL is the capability to see and pay one order; the Pay
// form also echoes a per-order random token (CSRF), compared in constant
// time. The router parses its own bodies (urlencoded form; raw bytes for the
// webhook, whose signature covers them exactly), so mount it before any
// global body parser.
import { timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Context } from '../context.js';
import { usd } from '../orders/pricing.js';
import { type OrderRow, type OrderView, orderByCheckoutToken, orderView } from '../orders/orders.js';
import { type PaymentProvider, paymentProviderFor } from '../orders/payments/index.js';
import { formatTime } from './ui/format.js';
import { errorBox, html, noticeBox, type SafeHtml, sendPage } from './ui/html.js';
import { isVisitorFailure, pageErrorHandler } from './ui/page.js';
import { webOf, webSession } from './ui/session.js';

export interface CheckoutRouterOptions {
  /** Defaults to the configured provider (Stripe with keys, else test). */
  provider?: PaymentProvider;
}

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function linesTable(order: OrderView): SafeHtml {
  return html`<table>
<caption>Order ${order.number}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Amount</th>${order.status === 'pending' ? '' : html`<th scope="col">Status</th>`}</tr></thead>
<tbody>
${order.lines.map((l) => html`<tr><td>${l.description}</td><td>${usd(l.amount_cents)}</td>${order.status === 'pending' ? '' : html`<td>${l.fulfilled ? 'Done' : 'In progress'}</td>`}</tr>`)}
</tbody>
<tfoot>
<tr><th scope="row">Subtotal</th><td>${usd(order.subtotal_cents)}</td></tr>
<tr><th scope="row">VAT (${order.vat.rate_percent} %)</th><td>${usd(order.vat.amount_cents)}</td></tr>
<tr><th scope="row">Total</th><td><strong>${usd(order.total_cents)}</strong></td></tr>
</tfoot>
</table>
<p>${order.vat.note}</p>`;
}

function payForm(order: OrderRow, provider: PaymentProvider, total: number): SafeHtml {
  const action = `/checkout/${order.checkout_token}/pay`;
  if (provider.testMode) {
    return html`<section aria-labelledby="test-mode" class="error">
<h2 id="test-mode">TEST MODE</h2>
<p>This site uses the test payment provider: no money moves and no payment details are asked for. The button below marks the order as paid, as a real payment would.</p>
<form method="post" action="${action}"><input type="hidden" name="form_token" value="${order.form_token}">
<button type="submit">Complete test payment of ${usd(total)} (TEST MODE)</button></form>
</section>`;
  }
  return html`<form method="post" action="${action}"><input type="hidden" name="form_token" value="${order.form_token}">
<button type="submit">Pay ${usd(total)} securely</button></form>
<p>You will enter your payment details on our payment provider's page, never on this site and never through the API.</p>`;
}

function statusNotice(order: OrderView, returning: boolean): SafeHtml | string {
  switch (order.status) {
    case 'pending':
      return returning
        ? noticeBox('Thank you. The payment is being confirmed; this page updates when it arrives.')
        : '';
    case 'paid':
      return noticeBox(`Payment received. Order ${order.number} is paid; your purchases are being applied.`);
    case 'fulfilled':
      return noticeBox(`Payment received. Everything in order ${order.number} is done.`);
    case 'expired':
      return errorBox('This order expired unpaid after 24 hours. Create a new checkout to buy again.');
    default:
      return errorBox(`This order is ${order.status}.`);
  }
}

export function checkoutRouter(ctx: Context, opts: CheckoutRouterOptions = {}): Router {
  const provider = opts.provider ?? paymentProviderFor(ctx.config);
  const router = express.Router();
  const notFound = (res: Response) =>
    sendPage(res, {
      status: 404,
      title: 'Checkout not found',
      csrfToken: '',
      body: html`<p>This checkout link is not valid. Ask for a new one (create_checkout).</p>`,
    });

  // The page needs no session (the token is the capability), but a signed-in buyer sees their own header.
  router.get(
    '/checkout/:token',
    webSession(ctx, { anonymousForms: false }),
    async (req: Request<{ token: string }>, res) => {
      const order = await orderByCheckoutToken(ctx, req.params.token);
      if (!order) return notFound(res);
      const view = await orderView(ctx, order);
      const pending = order.status === 'pending';
      const web = webOf(res);
      sendPage(res, {
        title: pending ? `Pay for order ${order.number}` : `Order ${order.number}`,
        csrfToken: web.csrfToken,
        signedInAs: web.session?.email,
        formActionOrigins: provider.formActionOrigins,
        body: html`${statusNotice(view, req.query.paid === '1')}
${linesTable(view)}
${pending ? payForm(order, provider, view.total_cents) : ''}
${pending ? html`<p>Unpaid orders expire on ${formatTime(order.expires_at)}.</p>` : ''}
${order.status === 'paid' || order.status === 'fulfilled' ? html`<p><a class="button" href="/my">Your dashboard</a> <a href="/my/orders/${order.number}">The receipt</a> (for the account that placed the order)</p>` : ''}`,
      });
    },
  );

  router.post(
    '/checkout/:token/pay',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req: Request<{ token: string }>, res) => {
      const order = await orderByCheckoutToken(ctx, req.params.token);
      if (!order) return notFound(res);
      const sent = (req.body as Record<string, unknown> | undefined)?.form_token;
      // The token travels only in the page's own form; a cross-site post cannot know it.
      if (
        typeof sent !== 'string' ||
        !sameToken(sent, order.form_token) ||
        req.headers['sec-fetch-site'] === 'cross-site'
      ) {
        return sendPage(res, {
          status: 403,
          title: 'This form has expired',
          csrfToken: '',
          body: html`${errorBox('Go back to the checkout page, reload it and press the button again.')}`,
        });
      }
      if (order.status !== 'pending') return res.redirect(303, `/checkout/${order.checkout_token}`);
      const { redirectTo } = await provider.pay(ctx, order);
      res.redirect(303, redirectTo);
    },
  );

  // Stripe signs the exact bytes it sent: read them raw, whatever the content type says.
  router.post('/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!provider.webhook) {
      res.status(404).type('text/plain').send('Stripe is not configured on this site.');
      return;
    }
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await provider.webhook(ctx, { rawBody, headers: req.headers });
    if (result.status === 400) {
      ctx.logger.warn({ error: result.error }, 'Stripe webhook refused');
      res.status(400).json({ error: result.error });
      return;
    }
    res.status(200).json({ received: true, outcome: result.outcome });
  });

  // Anything unexpected: logged with its detail, answered without it. A 500
  // on the webhook makes Stripe deliver the event again later.
  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (isVisitorFailure(err)) return pageErrorHandler(ctx)(err, req, res, next);
    ctx.logger.error({ err, path: req.path }, 'checkout failed');
    if (req.path.startsWith('/webhooks/')) return void res.status(500).json({ error: 'internal error' });
    sendPage(res, {
      status: 500,
      title: 'Something went wrong',
      csrfToken: '',
      body: html`${errorBox('The checkout could not be shown. Nothing was charged by this error; try again in a minute.')}`,
    });
  });

  return router;
}
