// Products and their prices (USD cents, excluding VAT). Nothing in code holds
// a price: what is set here is what list_products, quotes and checkouts use.
// A product without a price is not for sale.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import { usd } from '../../orders/pricing.js';
import { isOrderable, listAllProducts, ORDERABLE } from '../../orders/products.js';
import { field, OPERATION_FIELD_MAX } from '../ui/forms.js';
import { csrfField, html } from '../ui/html.js';
import { adminGet, adminOf, adminPost, noticeOf, sendAdminPage, scrollTable } from './common.js';
import { perform } from '../ui/act.js';

const NOTICES = { priced: () => 'Price saved. It applies to new quotes and checkouts now.' };

function readCents(req: Request): number {
  const raw = field(req, 'cents', 20).trim();
  if (!/^\d{1,12}$/.test(raw))
    throw new AppError(
      'invalid',
      'The price must be a whole number of USD cents, 0 or more (for example 4900 for $49.00).',
    );
  return Number(raw);
}

export function productRoutes(ctx: Context): Router {
  const router = express.Router();

  const render = async (req: Request, res: Response, opts: { error?: string; status?: number } = {}) => {
    const admin = adminOf(res);
    const products = await listAllProducts(ctx.db);
    const rows = products.map((p) => {
      const id = `price-${p.key}`;
      return html`<tr><th scope="row">${p.name} <code>${p.key}</code></th>
<td>${p.price_cents === null ? html`<span class="muted">not for sale</span>` : html`${p.price_cents} ¢ (${usd(p.price_cents)})`}${p.price_cents !== null && !isOrderable(p.key) ? html` <span class="muted">(not sold: nothing fulfils it)</span>` : ''}</td>
<td>${p.needs_listing ? 'yes' : 'no'}</td><td>${p.active ? 'yes' : 'no'}</td>
<td><form method="post" action="/admin/products/${p.key}/price">${csrfField(admin.csrfToken)}
<label for="${id}">New price of ${p.name} in USD cents, excluding VAT</label>
<input id="${id}" type="number" name="cents" min="0" step="1" required value="${p.price_cents ?? ''}">
<button type="submit">Save price of ${p.name}</button></form></td></tr>`;
    });
    sendAdminPage(res, {
      path: '/admin/products',
      title: 'Products and prices',
      status: opts.status,
      error: opts.error,
      notice: noticeOf(req, NOTICES),
      body: html`<p>Prices are in USD cents and exclude VAT (added at checkout by the buyer's country). They apply to new quotes and checkouts at once; orders already created keep their price.</p>
${
  products.length === 0
    ? html`<p>No products yet. Add one below.</p>`
    : scrollTable(
        'Products',
        html`<table><caption class="visually-hidden">Products</caption><thead><tr><th scope="col">Product</th><th scope="col">Price</th><th scope="col">Bought for a listing</th><th scope="col">Active</th><th scope="col">Change the price</th></tr></thead>
<tbody>${rows}</tbody></table>`,
      )
}
<h2>Add a product</h2>
<p>Only what Launchboard fulfils is sold: ${ORDERABLE.map((key, i) => html`${i ? ', ' : ''}<code>${key}</code>`)}. Another key can be priced but is not listed or quoted.</p>
<form method="post" action="/admin/products">${csrfField(admin.csrfToken)}
<label for="new-key">Key (lowercase letters, digits and dashes)</label>
<input id="new-key" type="text" name="key" required maxlength="64" pattern="[a-z0-9][a-z0-9\\-]{0,63}">
<label for="new-name">Name</label>
<input id="new-name" type="text" name="name" required maxlength="100">
<label for="new-cents">Price in USD cents, excluding VAT</label>
<input id="new-cents" type="number" name="cents" min="0" step="1" required>
<label for="new-needs-listing"><input id="new-needs-listing" type="checkbox" name="needs_listing" value="true" checked> Bought for one of the buyer's listings</label>
<button type="submit">Add product</button>
</form>`,
    });
  };

  router.get('/admin/products', adminGet(render));

  router.post(
    '/admin/products/:key/price',
    adminPost(render, async (req, _res, admin) => {
      await perform(ctx, admin.session, 'set_product_price', { key: String(req.params.key), cents: readCents(req) });
      return '/admin/products?done=priced';
    }),
  );

  router.post(
    '/admin/products',
    adminPost(render, async (req, _res, admin) => {
      await perform(ctx, admin.session, 'add_product', {
        key: field(req, 'key', OPERATION_FIELD_MAX).trim(),
        name: field(req, 'name', OPERATION_FIELD_MAX),
        cents: readCents(req),
        needs_listing: field(req, 'needs_listing', 10) === 'true',
      });
      return '/admin/products?done=priced';
    }),
  );
  return router;
}
