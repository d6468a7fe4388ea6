// Zod pieces shared by the order tools (SPEC Part 2 "Order item", "Order";
// option fields per ARCHITECTURE §5 "Orders").
import { z } from 'zod';
import { nextSteps, slug } from '../schemas.js';

export const orderItem = z.strictObject({
  product: z.string().min(1).max(64).describe('Product key from list_products: launch, featured, billboard, premium-profile'),
  listing_id: z.number().int().min(1).optional().describe('Your listing the product is for (every product needs one)'),
  week: z
    .string()
    .max(10)
    .optional()
    .describe('launch: a future week (YYYY-MM-DD, snapped to its Monday) within the booking horizon; leave out to go live at once. featured: required, a future week.'),
  amount_cents: z.number().int().min(1).max(10_000_000).optional().describe('billboard only: what you pay in USD cents (sets your place on the paid ranking); at least the billboard minimum'),
  categories: z.array(slug).max(3).optional().describe('launch only: up to 3 more category slugs (from list_categories) besides the primary one'),
});

export const orderRequest = {
  items: z.array(orderItem).min(1).max(20).describe('What to buy, one item per product and listing'),
  billing_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1)')
    .optional()
    .describe('The buyer\'s country (ISO code), for VAT: EU consumers pay their country\'s VAT, outside the EU none. Required by create_checkout.'),
  vat_number: z.string().min(4).max(20).optional().describe('EU businesses: a VAT number of the billing country; a valid one from another EU country than ours gets the reverse charge (no VAT)'),
};

const line = z.object({
  position: z.number().int().describe('Index of the item in the request'),
  product: z.string(),
  product_name: z.string(),
  description: z.string(),
  listing: z.object({ listing_id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  week: z.string().nullable().describe('Monday of the launch or featured week; null = at once / no week'),
  categories: z.array(z.string()).describe('launch: extra categories added when fulfilled'),
  unit_cents: z.number().int(),
  amount_cents: z.number().int(),
});

export const vat = z.object({
  computed: z.boolean().describe('False when no billing_country was given (totals then exclude VAT)'),
  rate_percent: z.number(),
  amount_cents: z.number().int(),
  billing_country: z.string().nullable(),
  vat_number: z.string().nullable(),
  reverse_charge: z.boolean(),
  note: z.string().describe('Why this VAT applies'),
});

export const quote = z.object({
  currency: z.literal('USD'),
  lines: z.array(line),
  subtotal_cents: z.number().int().describe('Excluding VAT'),
  vat,
  total_cents: z.number().int().describe('Including VAT'),
  next_steps: nextSteps,
});

export const order = z.object({
  number: z.string().describe('LB-YYYY-NNNNNN'),
  status: z.enum(['pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded']),
  currency: z.literal('USD'),
  lines: z.array(
    line.extend({
      fulfilled: z.boolean(),
      fulfilled_at: z.string().nullable(),
      fulfilment_error: z.string().nullable(),
    }),
  ),
  subtotal_cents: z.number().int(),
  vat,
  total_cents: z.number().int(),
  checkout_url: z.string().nullable().describe('While pending: the page where the person pays. Give it to them; never ask for card details.'),
  created_at: z.string(),
  expires_at: z.string().describe('An unpaid order expires then (24 h after checkout)'),
  paid_at: z.string().nullable(),
});

export const orderWithSteps = order.extend({ next_steps: nextSteps });

export function orderNextSteps(o: { status: string; number: string }): { tool: string; why: string }[] {
  switch (o.status) {
    case 'pending':
      return [{ tool: 'get_order', why: `Give the person checkout_url to pay themselves (never ask for card details), then check ${o.number} for status paid.` }];
    case 'paid':
      return [{ tool: 'get_order', why: 'Fulfilment runs line by line in the background; check again shortly.' }];
    case 'fulfilled':
      return [{ tool: 'list_my_listings', why: 'See the listings the order changed.' }];
    default:
      return [{ tool: 'quote_order', why: 'Build a new order.' }];
  }
}
