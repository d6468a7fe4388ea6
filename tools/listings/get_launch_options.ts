// get_launch_options: both launch routes for one of your listings, before committing to either.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { launchOptions } from '../../src/launches/launch-options.js';
import { pendingLaunchSentence, pricedOrder } from '../../src/orders/pricing.js';
import { productView } from '../../src/orders/products.js';
import { defineTool } from '../define.js';
import { nextSteps } from '../schemas.js';
import { orderRequest } from '../orders/schemas.js';
import { listingId } from './schemas.js';

const whyNot = z.string().nullable().describe('Why this route is closed for the listing (null: open)');

export default defineTool({
  name: 'get_launch_options',
  title: 'Launch options',
  description:
    'How one of your listings can launch, reserving and buying nothing, for the maker to choose: free (the week choose_free_listing would reserve, its rule) or paid (weeks with places, products, a quote with VAT).',
  scope: 'account:read',
  http: { method: 'GET', path: '/me/listings/{listing_id}/launch-options' },
  input: z.strictObject({
    listing_id: listingId,
    billing_country: orderRequest.billing_country,
    vat_number: orderRequest.vat_number,
  }),
  output: z.object({
    listing: z.object({
      listing_id: z.number().int(),
      status: z.string(),
      plan: z.string(),
      launch_week: z.string().nullable(),
    }),
    free: z.object({
      available: z.boolean(),
      why_not: whyNot,
      week: z.string().nullable().describe('Monday of the week choose_free_listing would reserve now'),
      rule: z.string(),
      badge_checks_every_minutes: z.number().int(),
    }),
    paid: z.object({
      available: z.boolean(),
      why_not: whyNot,
      weeks: z.array(z.object({ week: z.string(), places_left: z.number().int() })).describe('Mondays, YYYY-MM-DD'),
      places_per_week: z.number().int(),
      booking_horizon_weeks: z.number().int(),
      quote: pricedOrder.nullable().describe('A launch live at once; quote_order prices a chosen week and extras'),
      quote_problem: z.string().nullable(),
    }),
    products: z.array(productView),
    next_steps: nextSteps,
  }),
  keyOutputs: ['listing', 'free', 'paid', 'next_steps'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const { listing_id, ...billing } = input;
    const options = await launchOptions(ctx, signedInUserId(caller), listing_id, billing);
    const steps = [
      // An order awaiting payment closes both routes; both why_not name it.
      ...(options.pending ? [{ tool: 'get_order', why: pendingLaunchSentence(options.pending) }] : []),
      ...(options.free.available
        ? [{ tool: 'choose_free_listing', why: `Reserve the week of ${options.free.week} and get the badge HTML.` }]
        : []),
      ...(options.paid.available
        ? [{ tool: 'quote_order', why: 'Price a launch in a chosen week (and extras), then create_checkout.' }]
        : []),
    ];
    const { pending: _, ...shown } = options;
    return { ...shown, next_steps: steps };
  },
});
