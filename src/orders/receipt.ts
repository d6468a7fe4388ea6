// The receipt: who sells (the admin's seller settings), and the mail a buyer
// gets once an order is paid. recordPayment queues the mail as a job in the
// same transaction that marks the order paid, so a crash loses no receipt.
import type { Context } from '../context.js';
import { getSetting } from '../directory/settings.js';
import { sendMail } from '../platform/mail.js';
import { orderView } from './orders.js';
import { usd } from './pricing.js';

export const RECEIPT_MAIL_JOB = 'order_receipt_mail';

export interface Seller {
  name: string;
  address: string;
  vatId: string;
  /** SELLER_COUNTRY, which decides the VAT. */
  country: string;
}

/** The seller's name (else the site's), postal address and VAT id from the settings. */
export async function sellerDetails(ctx: Context): Promise<Seller> {
  const [siteName, name, address, vatId] = await Promise.all([
    getSetting(ctx.db, 'site_name'),
    getSetting(ctx.db, 'seller_name'),
    getSetting(ctx.db, 'seller_address'),
    getSetting(ctx.db, 'seller_vat_id'),
  ]);
  return { name: name || siteName, address, vatId, country: ctx.config.sellerCountry };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "DE" → "Germany"; a code the runtime does not know is shown as given. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Mails the buyer the receipt of a paid order (the job recordPayment queues). */
export async function mailReceipt(ctx: Context, orderId: number): Promise<void> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || order.paid_at === null) return;
  const buyer = await ctx.db.selectFrom('users').select('email').where('id', '=', order.user_id).executeTakeFirst();
  if (!buyer) return;
  const [view, seller] = await Promise.all([orderView(ctx, order), sellerDetails(ctx)]);
  const vat = view.vat;
  const text = [
    `Receipt for order ${view.number}`,
    `Paid ${order.paid_at.slice(0, 10)}.`,
    '',
    'Seller',
    seller.name,
    ...(seller.address ? [seller.address] : []),
    countryName(seller.country),
    ...(seller.vatId ? [`VAT id: ${seller.vatId}`] : []),
    '',
    'Buyer',
    ...(vat.company_name ? [vat.company_name] : []),
    ...(vat.company_address ? [vat.company_address] : []),
    buyer.email,
    ...(vat.billing_country ? [countryName(vat.billing_country)] : []),
    ...(vat.vat_number ? [`VAT number: ${vat.vat_number}`] : []),
    '',
    ...view.lines.map((l) => `${l.description}: ${usd(l.amount_cents)}`),
    `Subtotal (excluding VAT): ${usd(view.subtotal_cents)}`,
    `VAT ${vat.rate_percent} %: ${usd(vat.amount_cents)}`,
    `Total (USD): ${usd(view.total_cents)}`,
    vat.note,
    '',
    `The receipt online, and how each item is applied: ${ctx.config.publicUrl}/my/orders/${view.number}`,
  ].join('\n');
  await sendMail(ctx, { to: buyer.email, subject: `Receipt for order ${view.number}`, text });
}
