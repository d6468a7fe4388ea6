import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { paymentProviderFor } from '../../../src/orders/payments/index.js';

describe('payment provider and order settings from the environment', () => {
  it('uses the test provider unless both Stripe keys are set', () => {
    const plain = loadConfig({});
    expect(plain.stripe).toBeUndefined();
    expect(paymentProviderFor(plain)).toMatchObject({ name: 'test', testMode: true });
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(paymentProviderFor(stripe)).toMatchObject({ name: 'stripe', testMode: false });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/set together/);
  });

  it('reads the seller country (default IE) and DNS servers for claims', () => {
    expect(loadConfig({})).toMatchObject({ sellerCountry: 'IE', dnsServers: [] });
    expect(loadConfig({ SELLER_COUNTRY: 'de', DNS_SERVERS: '127.0.0.1:5353, [::1]:53' })).toMatchObject({
      sellerCountry: 'DE',
      dnsServers: ['127.0.0.1:5353', '[::1]:53'],
    });
    expect(() => loadConfig({ SELLER_COUNTRY: 'Ireland' })).toThrow(/SELLER_COUNTRY/);
  });
});
