// The test payment provider (the default): the checkout page shows a clearly
// marked TEST MODE button, and pressing it records a payment of the exact
// total without any money moving. Never chosen when Stripe keys are set.
import { recordPayment } from '../fulfilment.js';
import { checkoutUrl } from '../orders.js';
import type { PaymentProvider } from './index.js';

export const testProvider: PaymentProvider = {
  name: 'test',
  testMode: true,
  formActionOrigins: [],
  async pay(ctx, order) {
    await recordPayment(ctx, order.id, {
      provider: 'test',
      providerRef: `test_${order.number}`,
      amountCents: Number(order.total_cents),
      currency: order.currency,
      // One test payment per order, however often the button is pressed.
      eventId: `test:${order.number}`,
    });
    return { redirectTo: checkoutUrl(ctx, order.checkout_token) };
  },
};
