// Zod pieces shared by the order tools (SPEC Part 2 "Order item"; option
// fields per ARCHITECTURE §5 "Orders"). The order and quote views live in
// src/orders; here they only gain their next steps.
import { z } from 'zod';
import { orderViewSchema } from '../../src/orders/orders.js';
import { pricedOrder } from '../../src/orders/pricing.js';
import { docsOnly, nextSteps, WEEK_GRAMMAR, slug } from '../schemas.js';

export const orderItem = z.strictObject({
  product: z.string().min(1).max(64).describe('launch, featured, billboard or premium-profile'),
  listing_id: z.number().int().min(1).optional().describe('Your listing it is for (always needed)'),
  week: z
    .string()
    .max(10)
    .optional()
    .describe(
      `${WEEK_GRAMMAR}. launch: a week with places (get_launch_options), or none for live at once; featured: required`,
    ),
  amount_cents: z
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .describe('billboard only: your bid in USD cents, at least the minimum'),
  categories: z.array(slug).max(3).optional().describe('launch only: extra category slugs'),
});

export const orderRequest = {
  items: z.array(orderItem).min(1).max(20).describe('One item per product and listing'),
  billing_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1)')
    .optional()
    .describe("Buyer's two-letter country code, for VAT"),
  vat_number: z.string().min(4).max(20).optional().describe('EU businesses: their VAT number, for the reverse charge'),
  // Described in the API documents only: create_checkout's refusal names them when a reverse charge needs them.
  company_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta(docsOnly("The buyer's company; checkout needs it for a reverse charge")),
  company_address: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .meta(docsOnly("The company's postal address; checkout needs it for a reverse charge")),
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
