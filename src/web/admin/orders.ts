// Orders for the site team, read-only: every order newest first with its
// status, buyer, what it bought for which listing, amount, dates and how far
// fulfilment got, filtered by status; and one order in full with its lines,
// VAT and payments. Payment and fulfilment move orders on by themselves.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { type AdminOrderRow, adminOrder, adminOrders, ORDER_STATUSES, orderCounts } from '../../orders/admin-orders.js';
import { usd } from '../../orders/pricing.js';
import type { OrderLineView } from '../../orders/orders.js';
import { orderStatusPill } from '../maker/dashboard-ui.js';
import { html, plural, type SafeHtml } from '../ui/html.js';
import { adminGet, pageOf, pager, pill, scrollTable, sendAdminPage, when } from './common.js';

const PER_PAGE = 50;

function fulfilment(f: AdminOrderRow['fulfilment'], status: string): SafeHtml {
  if (f.lines === 0) return html`<span class="muted">no lines</span>`;
  if (status === 'pending' || status === 'expired' || status === 'canceled')
    return html`<span class="muted">not paid</span>`;
  const failed = f.failed > 0 ? html` ${pill(`${f.failed} failed`, 'bad')}` : '';
  if (f.done === f.lines) return html`${pill('applied', 'ok')}`;
  return html`${f.done} of ${plural(f.lines, 'line')} applied${failed}`;
}

function lineState(l: OrderLineView, status: string): SafeHtml {
  if (l.fulfilled) return html`${pill('applied', 'ok')} ${when(l.fulfilled_at)}`;
  if (l.fulfilment_error) return html`${pill('failed', 'bad')} ${l.fulfilment_error}`;
  return status === 'paid' ? html`${pill('waiting', 'wait')}` : html`<span class="muted">not paid</span>`;
}

export function orderRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get(
    '/admin/orders',
    adminGet(async (req, res) => {
      const status = ORDER_STATUSES.find((s) => s === req.query.status);
      const page = pageOf(req);
      const [result, counts] = await Promise.all([
        adminOrders(ctx, { status, page, per_page: PER_PAGE }),
        orderCounts(ctx),
      ]);
      const all = Object.values(counts).reduce((a, b) => a + b, 0);
      const filters = [['', 'All', all] as const, ...ORDER_STATUSES.map((s) => [s, s, counts[s] ?? 0] as const)];
      const rows = result.items.map(
        (
          o,
        ) => html`<tr><th scope="row" class="admin-nowrap"><a href="/admin/orders/${o.number}">${o.number}</a></th><td>${orderStatusPill(o.status)}</td>
<td>${o.buyer ?? html`<span class="muted">a deleted account</span>`}</td><td>${o.products.join(', ')}</td>
<td>${o.listings.length === 0 ? html`<span class="muted">none</span>` : o.listings.map((l, i) => html`${i ? ', ' : ''}${l.name}`)}</td>
<td class="dash-num">${usd(o.total_cents)}</td><td class="admin-nowrap">${when(o.created_at)}</td><td class="admin-nowrap">${o.paid_at ? when(o.paid_at) : html`<span class="muted">unpaid</span>`}</td>
<td>${fulfilment(o.fulfilment, o.status)}</td></tr>`,
      );
      sendAdminPage(res, {
        path: '/admin/orders',
        title: 'Orders',
        body: html`<nav class="dash-jump admin-tabs" aria-label="Order status"><ul>${filters.map(
          ([value, label, n]) =>
            html`<li><a href="/admin/orders${value ? `?status=${value}` : ''}"${(status ?? '') === value ? html` aria-current="page"` : ''}>${label} <span class="count">${n}</span></a></li>`,
        )}</ul></nav>
<p>${plural(result.total, status ? `${status} order` : 'order')}, newest first. Unpaid orders expire after 24 hours; fulfilment applies each paid line by itself.</p>
${
  result.items.length === 0
    ? html`<p>No orders.</p>`
    : scrollTable(
        'Orders',
        html`<table><caption class="visually-hidden">Orders</caption><thead><tr><th scope="col">Order</th><th scope="col">Status</th><th scope="col">Buyer</th><th scope="col">Products</th><th scope="col">Listings</th><th scope="col" class="dash-num">Total</th><th scope="col">Created</th><th scope="col">Paid</th><th scope="col">Fulfilment</th></tr></thead>
<tbody>${rows}</tbody></table>`,
      )
}
${pager(req, page, PER_PAGE, result.total)}`,
      });
    }),
  );

  router.get(
    '/admin/orders/:number',
    adminGet(async (req, res) => {
      const number = String(req.params.number);
      if (!/^LB-\d{4}-\d{6}$/.test(number)) throw notFound(`There is no order ${number}.`);
      const { order, buyer, provider, provider_ref, payments } = await adminOrder(ctx, number);
      sendAdminPage(res, {
        path: `/admin/orders/${number}`,
        title: `Order ${order.number}`,
        body: html`<p><a href="/admin/orders">← All orders</a></p>
<dl class="admin-facts">
<div><dt>Status</dt><dd>${orderStatusPill(order.status)}</dd></div>
<div><dt>Buyer</dt><dd>${buyer ? html`<a href="/admin/users/${buyer.id}">${buyer.email}</a>` : html`<span class="muted">a deleted account</span>`}</dd></div>
<div><dt>Created</dt><dd>${when(order.created_at)}</dd></div>
<div><dt>${order.paid_at ? 'Paid' : 'Expires'}</dt><dd>${when(order.paid_at ?? order.expires_at)}</dd></div>
<div><dt>Payment provider</dt><dd>${provider}${provider_ref ? html` <code>${provider_ref}</code>` : ''}</dd></div>
<div><dt>Total</dt><dd>${usd(order.total_cents)}</dd></div>
</dl>
<h2>Lines</h2>
${scrollTable(
  'Order lines',
  html`<table><caption class="visually-hidden">What was ordered</caption><thead><tr><th scope="col">Item</th><th scope="col">Listing</th><th scope="col">Week</th><th scope="col" class="dash-num">Amount</th><th scope="col">Fulfilment</th></tr></thead><tbody>
${order.lines.map(
  (l) => html`<tr><th scope="row">${l.product_name}<br><span class="muted">${l.description}</span></th>
<td>${l.listing ? html`<a href="/admin/listings/${l.listing.listing_id}">${l.listing.name}</a>` : html`<span class="muted">none</span>`}</td>
<td>${l.week ?? ''}</td><td class="dash-num">${usd(l.amount_cents)}</td><td>${lineState(l, order.status)}</td></tr>`,
)}</tbody>
<tfoot><tr><th scope="row" colspan="3">Subtotal (excluding VAT)</th><td class="dash-num">${usd(order.subtotal_cents)}</td><td></td></tr>
<tr><th scope="row" colspan="3">VAT: ${order.vat.note}</th><td class="dash-num">${usd(order.vat.amount_cents)}</td><td></td></tr>
<tr><th scope="row" colspan="3">Total</th><td class="dash-num">${usd(order.total_cents)}</td><td></td></tr></tfoot></table>`,
)}
<h2>Payments</h2>
${
  payments.length === 0
    ? html`<p class="muted">No payment recorded.</p>`
    : scrollTable(
        'Payments',
        html`<table><caption class="visually-hidden">Payments</caption><thead><tr><th scope="col">When</th><th scope="col">Reference</th><th scope="col" class="dash-num">Amount</th><th scope="col">Status</th></tr></thead><tbody>
${payments.map((p) => html`<tr><th scope="row">${when(p.created_at)}</th><td>${p.provider_ref ? html`<code>${p.provider_ref}</code>` : ''}</td><td class="dash-num">${usd(p.amount_cents)}</td><td>${p.status}</td></tr>`)}</tbody></table>`,
      )
}`,
      });
    }),
  );
  return router;
}
