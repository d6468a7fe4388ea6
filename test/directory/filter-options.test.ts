// filterOptions and stageOptions: the search page's country and pricing
// pickers and get_site_info's `filters` offer the distinct values of live
// listings (a loose index scan, the same SQL on SQLite and PostgreSQL),
// countries by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterOptions, stageOptions } from '../../src/directory/filter-options.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('filterOptions', () => {
  it('is empty without live listings', async () => {
    expect(await filterOptions(ctx)).toEqual({ countries: [], pricingModels: [] });
  });

  it('lists each value of live listings once, in any case as stored, countries by name', async () => {
    const g = given(ctx);
    for (const [country, pricing_model] of [
      ['se', 'Subscription'],
      ['SE', 'subscription'],
      ['GB', 'free'],
      ['AT', 'one-time'],
      [null, null],
      ['', ''],
      ['Sweden', 'x'.repeat(41)], // neither could be chosen in a filter
    ] as const)
      await g.listing({ fields: { country, pricing_model } });
    await g.listing({ status: 'scheduled', fields: { country: 'JP', pricing_model: 'lifetime' } });
    await g.listing({ status: 'draft', fields: { country: 'CN', pricing_model: 'trial' } });

    expect(await filterOptions(ctx)).toEqual({
      countries: [
        { code: 'AT', name: 'Austria' },
        { code: 'SE', name: 'Sweden' },
        { code: 'GB', name: 'United Kingdom' },
      ],
      pricingModels: [
        { value: 'free', label: 'Free' },
        { value: 'one-time', label: 'One-time' },
        { value: 'subscription', label: 'Subscription' },
      ],
    });
  });

  it('lists the stages of live listings once each, lower-case, only those the stage filter can take', async () => {
    const g = given(ctx);
    for (const stage of ['Beta', 'beta', 'launched', 'pre-launch', 'early access', null, ''])
      await g.listing({ fields: { stage } });
    await g.listing({ status: 'scheduled', fields: { stage: 'idea' } });
    expect(await stageOptions(ctx)).toEqual(['beta', 'launched', 'pre-launch']);
  });
});
