import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { computeVat, EU_VAT_RATES_BP, normalizeVatNumber, vatOn } from '../../src/orders/vat.js';

const vat = (billingCountry: string, vatNumber?: string, sellerCountry = 'IE') =>
  computeVat({ netCents: 4900, billingCountry, vatNumber, sellerCountry });

describe('VAT', () => {
  it("charges an EU consumer their country's standard rate", () => {
    expect(vat('DE')).toMatchObject({
      rate_bp: 1900,
      amount_cents: 931,
      billing_country: 'DE',
      reverse_charge: false,
      vat_number: null,
    });
    expect(vat('fi')).toMatchObject({ rate_bp: 2550, amount_cents: 1250 });
    expect(Object.keys(EU_VAT_RATES_BP)).toHaveLength(27);
  });

  it('reverse-charges a business with a valid VAT number of another EU country', () => {
    const result = vat('FR', 'fr 40 303 265 045');
    expect(result).toMatchObject({ rate_bp: 0, amount_cents: 0, reverse_charge: true, vat_number: 'FR40303265045' });
    expect(result.note).toMatch(/Reverse charge/);
    expect(vat('GR', '123456789')).toMatchObject({ reverse_charge: true, vat_number: 'EL123456789' });
    expect(vat('AT', 'ATU12345678')).toMatchObject({ reverse_charge: true });
  });

  it("charges domestic VAT to a business in the seller's own country", () => {
    expect(vat('IE', 'IE1234567T')).toMatchObject({
      rate_bp: 2300,
      amount_cents: 1127,
      reverse_charge: false,
      vat_number: 'IE1234567T',
    });
    expect(vat('FR', 'FR40303265045', 'FR')).toMatchObject({ rate_bp: 2000, reverse_charge: false });
    // A seller outside the EU reverse-charges every EU business.
    expect(vat('IE', 'IE1234567T', 'US')).toMatchObject({ rate_bp: 0, reverse_charge: true });
  });

  it('charges nothing outside the EU, with or without a number', () => {
    expect(vat('US')).toMatchObject({ rate_bp: 0, amount_cents: 0, reverse_charge: false });
    expect(vat('GB', 'GB123456789')).toMatchObject({ rate_bp: 0, amount_cents: 0, vat_number: null });
  });

  it('refuses a VAT number that is not valid for the billing country, naming vat_number', () => {
    for (const [country, number] of [
      ['DE', '12345678'],
      ['FR', 'DE123456789'],
      ['NL', 'NL123456789'],
      ['DE', 'hello'],
    ]) {
      const err = (() => {
        try {
          vat(country!, number);
        } catch (e) {
          return e;
        }
      })();
      expect(err, `${country} ${number}`).toBeInstanceOf(AppError);
      expect((err as AppError).errors[0]!.path).toBe('vat_number');
    }
  });

  it('normalizes numbers and rounds half up', () => {
    expect(normalizeVatNumber('nl-123.456.789-b01', 'NL')).toBe('NL123456789B01');
    expect(normalizeVatNumber('B1234567C', 'ES')).toBe('ESB1234567C');
    expect(normalizeVatNumber('123', 'US')).toBeNull();
    expect(vatOn(50, 1000)).toBe(5);
    expect(vatOn(5, 1000)).toBe(1);
    expect(vatOn(4, 1000)).toBe(0);
  });
});
