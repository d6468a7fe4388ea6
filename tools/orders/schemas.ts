// Zod pieces shared by the order tools (SPEC Part 2 "Order item"; option
// fields per ARCHITECTURE §5 "Orders"). The order and quote views live in
// src/orders; here they only gain their next steps.
import { z } from 'zod';
import { orderViewSchema } from '../../src/orders/orders.js';
import { pricedOrder } from '../../src/orders/pricing.js';
import { nextSteps, WEEK_GRAMMAR, slug } from '../schemas.js';

export const orderItem = z.strictObject({
  product: z
    .string()
    .min(1)
    .max(64)
    .describe('Product key from list_products: launch, featured, billboard, premium-profile'),
  listing_id: z.number().int().min(1).optional().describe('Your listing the product is for (every product needs one)'),
  week: z
    .string()
    .max(10)
    .optional()
    .describe(
      `A week: ${WEEK_GRAMMAR}. launch: a future week within the booking horizon with paid capacity (get_launch_options lists them); leave out to go live at once. featured: required, a future week.`,
    ),
  amount_cents: z
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .describe(
      'billboard only: what you pay in USD cents (sets your place on the paid ranking); at least the billboard minimum',
    ),
  categories: z
    .array(slug)
    .max(3)
    .optional()
    .describe('launch only: up to 3 more category slugs (from list_categories) besides the primary one'),
});

export const orderRequest = {
  items: z.array(orderItem).min(1).max(20).describe('What to buy, one item per product and listing'),
  billing_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1)')
    .optional()
    .describe(
      "The buyer's country (ISO code), for VAT: EU consumers pay their country's VAT, outside the EU none. Required by create_checkout.",
    ),
  vat_number: z
    .string()
    .min(4)
    .max(20)
    .optional()
    .describe(
      'EU businesses: a VAT number of the billing country; a valid one from another EU country than ours gets the reverse charge (no VAT)',
    ),
};

export const quote = pricedOrder.extend({ next_steps: nextSteps });

export const orderWithSteps = orderViewSchema.extend({ next_steps: nextSteps });

export function orderNextSteps(o: { status: string; number: string }): { tool: string; why: string }[] {
  switch (o.status) {
    case 'pending':
      return [
        {
          tool: 'get_order',
          why: `Give the person checkout_url to pay themselves (never ask for card details), then check ${o.number} for status paid.`,
        },
      ];
    case 'paid':
      return [{ tool: 'get_order', why: 'Fulfilment runs line by line in the background; check again shortly.' }];
    case 'fulfilled':
      return [{ tool: 'list_my_listings', why: 'See the listings the order changed.' }];
    default:
      return [{ tool: 'quote_order', why: 'Build a new order.' }];
  }
}
