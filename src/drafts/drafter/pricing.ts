// Pricing from a site's own words: the pricing model (free, freemium,
// subscription, one-time, paid, open-source) and a short summary of the
// plans, each with the lines quoted. Only explicit wording counts: a page that
// merely says "free" somewhere proves nothing.
import type { FieldProposal, SiteEvidence } from './fields.js';
import { cleanBlocks, ldOfType, pagesOf, PRODUCT_TYPES, sentenceWith } from './site.js';

const PRICE = /(?:[$€£¥]\s?\d{1,6}(?:[.,]\d{1,2})?|\b\d{1,6}(?:[.,]\d{1,2})?\s?(?:USD|EUR|GBP|€)(?![a-z]))/i;
const RECURRING =
  /(\/|\bper\b|\ba\b)\s*(month|mo|year|yr|annum|user|seat|member)\b|\b(monthly|annually|yearly|billed)\b/i;
const ONE_TIME = /\b(one[- ]time|lifetime|pay once|single payment)\b/i;
const FREE_PLAN =
  /\b(free plan|free tier|free forever|forever free|free version|free for (individuals|personal use|small teams|up to \d+|open[- ]source)|start for free|get started for free|always free|100% free|completely free)\b|(?:[$€£]\s?0(?![.,]?\d)|\b0\s?(?:USD|EUR|GBP)\b)/i;
const OPEN_SOURCE = /\bopen[- ]source\b/i;
const PLAN_NAME = /^[A-Z][\w+&' -]{1,30}$/;

function priceLines(blocks: string[]): { plan: string | null; line: string }[] {
  const out: { plan: string | null; line: string }[] = [];
  blocks.forEach((block, i) => {
    if (block.length > 200 || !PRICE.test(block)) return;
    // A price alone on its line ("$29 / month") takes the plan name above it.
    const before = blocks[i - 1];
    const plan =
      block.length <= 40 && before && before !== block && PLAN_NAME.test(before) && !PRICE.test(before) ? before : null;
    if (!out.some((o) => o.line === block && o.plan === plan)) out.push({ plan, line: block });
  });
  return out;
}

export function draftPricing(site: SiteEvidence): { pricing_model?: FieldProposal; pricing_summary?: FieldProposal } {
  const pricingPages = pagesOf(site, 'pricing');
  const sources = pricingPages.length > 0 ? pricingPages : site.pages.slice(0, 1);
  const blocks = sources.flatMap((p) => cleanBlocks(p));
  const allBlocks = site.pages.flatMap((p) => cleanBlocks(p));

  const prices = priceLines(blocks);
  const paid = prices.filter((p) => !FREE_PLAN.test(p.line));
  const freeBlock = blocks.find((b) => FREE_PLAN.test(b) && b.length <= 300) ?? null;
  const freeQuote = freeBlock ? (freeBlock.length <= 200 ? freeBlock : sentenceWith(freeBlock, FREE_PLAN)) : null;
  const recurring = paid.find((p) => RECURRING.test(p.line));
  const oneTime =
    paid.find((p) => ONE_TIME.test(p.line)) ??
    (paid.length > 0 ? blocks.find((b) => ONE_TIME.test(b) && b.length <= 200) : undefined);
  const openSource = allBlocks.find((b) => OPEN_SOURCE.test(b) && b.length <= 400);

  let model: FieldProposal | undefined;
  if (paid.length > 0 && freeQuote) model = { value: 'freemium', quotes: [freeQuote, paid[0]!.line] };
  else if (recurring) model = { value: 'subscription', quotes: [recurring.line] };
  else if (oneTime) model = { value: 'one-time', quotes: [typeof oneTime === 'string' ? oneTime : oneTime.line] };
  else if (paid.length > 0) model = { value: 'paid', quotes: [paid[0]!.line] };
  else if (openSource) model = { value: 'open-source', quotes: [sentenceWith(openSource, OPEN_SOURCE) ?? openSource] };
  else if (freeQuote) model = { value: 'free', quotes: [freeQuote] };

  let summary: FieldProposal | undefined;
  const shown = prices.slice(0, 4);
  if (shown.length > 0) {
    const value = shown.map((p) => (p.plan ? `${p.plan}: ${p.line}` : p.line)).join('; ');
    if (value.length <= 500) summary = { value, quotes: shown.flatMap((p) => (p.plan ? [p.plan, p.line] : [p.line])) };
  } else {
    // Structured data: an Offer's price.
    for (const product of ldOfType(site, PRODUCT_TYPES)) {
      const offers = [product.offers].flat().filter((o): o is Record<string, unknown> => !!o && typeof o === 'object');
      const offer = offers.find((o) => o.price !== undefined);
      if (!offer) continue;
      const price = String(offer.price);
      const currency = typeof offer.priceCurrency === 'string' ? offer.priceCurrency : '';
      summary = { value: `${currency} ${price}`.trim(), quotes: currency ? [price, currency] : [price] };
      if (!model) model = Number(price) === 0 ? { value: 'free', quotes: [price] } : { value: 'paid', quotes: [price] };
      break;
    }
  }
  return { ...(model ? { pricing_model: model } : {}), ...(summary ? { pricing_summary: summary } : {}) };
}
