// VAT on orders (ARCHITECTURE §5 "Orders"). Products are digital services,
// taxed where the buyer is: a consumer in the EU pays their country's standard
// rate; an EU business with a syntactically valid VAT number of another EU
// country than the seller's (SELLER_COUNTRY) gets the reverse charge (0 %,
// the buyer accounts for VAT); outside the EU, 0 %. A business in the
// seller's own country pays the domestic rate. Prices exclude VAT.
// The syntax check is the format each member state publishes; it does not ask
// VIES whether the number is registered (an admin can check that later).
import { AppError } from '../errors.js';

/**
 * EU standard VAT rates in basis points (19 % = 1900), as of 2025-08 (EE 24 %
 * from 2025-07, RO 21 % from 2025-08, SK 23 % from 2025, FI 25.5 % from
 * 2024-09). Rates change by law, not by admin choice: update this table.
 */
export const EU_VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** VAT number formats after the country prefix (Greece uses the prefix EL). */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

const prefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

export function isEuCountry(country: string): boolean {
  return Object.hasOwn(EU_VAT_RATES_BP, country.toUpperCase());
}

/**
 * `fr 40 303.265-045` → `FR40303265045` when it is a syntactically valid VAT
 * number of `country` (the prefix may be left out), else null.
 */
export function normalizeVatNumber(raw: string, country: string): string | null {
  const prefix = prefixOf(country.toUpperCase());
  const format = VAT_FORMATS[prefix];
  if (!format) return null;
  let compact = compactVat(raw);
  if (compact.startsWith(prefix)) compact = compact.slice(prefix.length);
  else if (otherCountryOf(compact, prefix)) return null;
  return format.test(compact) ? `${prefix}${compact}` : null;
}

const compactVat = (raw: string) => raw.toUpperCase().replace(/[\s.\-_/]/g, '');

/** The prefix of another member state whose format the number fits (`DE123456789` for a French billing address). */
function otherCountryOf(compact: string, prefix: string): string | null {
  const other = compact.slice(0, 2);
  return other !== prefix && VAT_FORMATS[other]?.test(compact.slice(2)) ? other : null;
}

export interface VatResult {
  /** Basis points: 19 % = 1900. */
  rate_bp: number;
  amount_cents: number;
  billing_country: string;
  vat_number: string | null;
  reverse_charge: boolean;
  /** Why this rate, in a sentence a person can read. */
  note: string;
}

/** VAT in cents on a net amount, rounded half up. */
export function vatOn(netCents: number, rateBp: number): number {
  return Math.floor((netCents * rateBp + 5000) / 10000);
}

/**
 * The VAT for a net amount billed to `billingCountry`, with an optional VAT
 * number. A number that is not valid for that country is a 400 naming
 * `vat_number`, so the buyer fixes it rather than paying VAT by surprise.
 */
export function computeVat(args: {
  netCents: number;
  billingCountry: string;
  vatNumber?: string;
  sellerCountry: string;
}): VatResult {
  const country = args.billingCountry.toUpperCase();
  const seller = args.sellerCountry.toUpperCase();
  const base = { billing_country: country, vat_number: null, reverse_charge: false };
  if (!isEuCountry(country)) {
    const note = args.vatNumber
      ? `No VAT: ${country} is outside the EU (the VAT number is not needed).`
      : `No VAT: ${country} is outside the EU.`;
    return { ...base, rate_bp: 0, amount_cents: 0, note };
  }
  const rate = EU_VAT_RATES_BP[country]!;
  if (args.vatNumber === undefined || args.vatNumber.trim() === '') {
    return {
      ...base,
      rate_bp: rate,
      amount_cents: vatOn(args.netCents, rate),
      note: `${percent(rate)} VAT of ${country} (EU consumer rate).`,
    };
  }
  const number = normalizeVatNumber(args.vatNumber, country);
  if (!number) {
    const other = otherCountryOf(compactVat(args.vatNumber), prefixOf(country));
    const message = other
      ? `is a VAT number of ${other}, not of the billing country ${country}; give the billing country of the business that holds it`
      : `is not a valid ${country} VAT number (expected ${prefixOf(country)} followed by the national format); leave it out to be billed as a consumer`;
    throw new AppError('invalid', `vat_number ${message}.`, { errors: [{ path: 'vat_number', message }] });
  }
  if (country === seller) {
    return {
      ...base,
      vat_number: number,
      rate_bp: rate,
      amount_cents: vatOn(args.netCents, rate),
      note: `${percent(rate)} VAT of ${country}: a business in the seller's own country pays domestic VAT.`,
    };
  }
  return {
    ...base,
    vat_number: number,
    reverse_charge: true,
    rate_bp: 0,
    amount_cents: 0,
    note: `Reverse charge: no VAT charged; the buyer (${number}) accounts for VAT in ${country}.`,
  };
}

export function percent(rateBp: number): string {
  return `${rateBp / 100} %`;
}
