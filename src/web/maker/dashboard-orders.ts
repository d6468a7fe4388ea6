// GET /my/orders/:number: one order for its buyer, read through get_order
// (another person's order is 404). Paid, it is a receipt: the seller, the
// buyer's email and billing details, each line with its fulfilment, the VAT
// lines and the total; it prints cleanly (the print rules in style.css).
import express, { type Request, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { countryName, sellerDetails } from '../../orders/receipt.js';
import { notFound } from '../../errors.js';
import type { OrderView } from '../../orders/orders.js';
import { act } from '../ui/act.js';
import { html, type SafeHtml, sendPage } from '../ui/html.js';
import { webOf } from '../ui/session.js';
import { orderStatusPill, orderStatusWords, usd } from './dashboard-ui.js';
import { signedIn } from './signed-in.js';
import { formatDay, formatTime } from '../ui/format.js';

const RECEIPT_STATUSES = new Set(['paid', 'fulfilled', 'refunded']);

function lineRows(order: OrderView): SafeHtml[] {
  return order.lines.map((l) => {
    // The description usually names the listing and week already; say them only when it does not.
    const detail = [
      l.listing && !l.description.includes(l.listing.name) ? l.listing.name : null,
      l.week && !l.description.includes(formatDay(l.week)) ? `week of ${formatDay(l.week)}` : null,
    ].filter(Boolean);
    const fulfilment =
      order.status === 'pending' || order.status === 'expired' || order.status === 'canceled'
        ? null
        : l.fulfilled
          ? html`Applied${l.fulfilled_at ? html` ${formatDay(l.fulfilled_at)}` : ''}`
          : l.fulfilment_error
            ? html`<span class="field-error">Not applied: ${l.fulfilment_error}</span>`
            : html`Being applied`;
    return html`<tr><th scope="row">${l.description}${detail.length > 0 ? html`<br><small>${detail.join(', ')}</small>` : ''}${
      fulfilment ? html`<br><small class="receipt-fulfilment">${fulfilment}</small>` : ''
    }</th><td class="dash-num">${usd(l.amount_cents)}</td></tr>`;
  });
}

function vatLabel(order: OrderView): string {
  if (order.vat.reverse_charge) return 'VAT (reverse charge)';
  return `VAT ${order.vat.rate_percent} %${order.vat.billing_country ? ` (${order.vat.billing_country})` : ''}`;
}

/** The order through get_order; a malformed number is no order of yours: the same 404 as someone else's. */
async function ownOrder(ctx: Context, session: WebSession, number: string): Promise<OrderView> {
  const outcome = await act<OrderView>(ctx, session, 'get_order', { number });
  if (!outcome.ok) throw notFound(`You have no order ${number}.`);
  return outcome.body;
}

export function orderRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my/orders/:number', async (req: Request<{ number: string }>, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const order = await ownOrder(ctx, session, req.params.number);
    const seller = await sellerDetails(ctx);
    const receipt = RECEIPT_STATUSES.has(order.status);
    const title = receipt ? `Receipt for order ${order.number}` : `Order ${order.number}`;
    sendPage(res, {
      title,
      csrfToken: webOf(res).csrfToken,
      signedInAs: session.email,
      customHeading: true,
      body: html`<p class="no-print"><a href="/my#orders">← Your orders</a></p>
<article class="receipt" aria-labelledby="receipt-title">
<header class="receipt-head"><div><h1 id="receipt-title">${receipt ? 'Receipt' : 'Order'} <span class="receipt-number">${order.number}</span></h1>
<p>${orderStatusPill(order.status)}</p></div>
<dl class="receipt-facts">
<dt>Order number</dt><dd>${order.number}</dd>
<dt>Date</dt><dd>${formatDay(order.created_at)}</dd>
${order.paid_at ? html`<dt>Paid</dt><dd>${formatTime(order.paid_at)}</dd>` : ''}
<dt>Status</dt><dd>${orderStatusWords(order.status)}</dd>
</dl></header>
<div class="receipt-parties">
<section aria-labelledby="seller"><h2 id="seller">Seller</h2>
<p class="receipt-address"><strong>${seller.name}</strong>${seller.address ? html`<br>${seller.address}` : ''}<br>${countryName(seller.country)}${
        seller.vatId ? html`<br>VAT id: ${seller.vatId}` : ''
      }</p></section>
<section aria-labelledby="buyer"><h2 id="buyer">Buyer</h2>
<p class="receipt-address">${order.vat.company_name ? html`<strong>${order.vat.company_name}</strong><br>` : ''}${
        order.vat.company_address ? html`${order.vat.company_address}<br>` : ''
      }<strong>${session.email}</strong>${order.vat.billing_country ? html`<br>${countryName(order.vat.billing_country)}` : ''}${
        order.vat.vat_number ? html`<br>VAT number: ${order.vat.vat_number}` : ''
      }</p></section>
</div>
<div class="table-scroll"><table class="receipt-lines"><caption class="visually-hidden">What was ordered</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="dash-num">Amount</th></tr></thead>
<tbody>${lineRows(order)}</tbody>
<tfoot>
<tr><th scope="row">Subtotal (excluding VAT)</th><td class="dash-num">${usd(order.subtotal_cents)}</td></tr>
<tr><th scope="row">${vatLabel(order)}</th><td class="dash-num">${usd(order.vat.amount_cents)}</td></tr>
<tr class="total"><th scope="row">Total (${order.currency})</th><td class="dash-num">${usd(order.total_cents)}</td></tr>
</tfoot></table></div>
<p class="muted">${order.vat.note}</p>
</article>
${
  order.status === 'pending' && order.checkout_url
    ? html`<div class="card no-print"><p>This order is waiting for payment until ${formatTime(order.expires_at)}.</p><a class="button" href="${order.checkout_url}">Pay for this order</a></div>`
    : ''
}
${receipt ? html`<p class="muted no-print">To keep a copy, print this page or save it as a PDF from your browser’s Print menu: only the receipt is printed.</p>` : ''}`,
    });
  });

  return router;
}
