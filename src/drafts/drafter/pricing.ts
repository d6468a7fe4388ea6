// Pricing from a site's own words: the pricing model, one of PRICING_MODELS
// (a licence such as open source is not a pricing model), and a short summary
// of the plans, prices, trial and terms, each with the lines quoted. Only
// explicit wording counts: a page that merely says "free" somewhere proves
// nothing, and a price the page gives for a competitor, a payment processor
// or an integration is not this product's price.
import { MIN_QUOTE } from '../evidence.js';
import type { EvidencePage, FieldProposal, SiteEvidence } from './fields.js';
import {
  brandTokens,
  cleanBlocks,
  competitors,
  ldOfType,
  ownClauses,
  ownHeadings,
  pagesOf,
  PRODUCT_TYPES,
  sentences,
} from './site.js';

const NUMBER = '\\d{1,3}(?:[,.\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d{1,2})?|\\d{1,6}(?:[.,]\\d{1,2})?';
const CODE = '(?:USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|PLN|JPY|INR)';
export const PRICE = new RegExp(
  `(?:[$€£¥]\\s?(?:${NUMBER})|${CODE}\\s?(?:${NUMBER})|(?:${NUMBER})\\s?(?:${CODE}|euros?|dollars?|pounds?|[€£$])(?![\\p{L}]))`,
  'iu',
);
const EVERY_PRICE = new RegExp(PRICE.source, 'giu');
const ZERO_PRICE = new RegExp(
  `(?:[$€£¥]\\s?0(?:[.,]00?)?|${CODE}\\s?0(?:[.,]00?)?|(?<![\\d.,])0(?:[.,]00?)?\\s?(?:${CODE}|euros?|dollars?|[€£$]))(?![\\d.,]*\\d)`,
  'iu',
);
/** Amounts that are not prices: "$2M processed", "saved $300", "raised €5m", an estimate ("~€290/year", what others cost). */
const NOT_A_PRICE =
  /[~≈]\s?[$€£]|\b(?:circa|approx(?:\.|imately)?|roughly|about|around|nearly|almost|ca\.)\s[$€£]|[$€£]\s?\d[\d.,]*\s?(?:[kmb]|bn|tn|million|billion|trillion|mio|mrd|mld|mi|bi|tri|mil(?:h[õo]es|lones|ioni|liards?)?)\b|\bsav(?:e|ed|es|ing)\s+(?:up to\s+|over\s+)?[$€£]|\b(raised|funding|processed|revenue|worth|earn(?:ed|s)?|paid out|in (?:invoices|payments|sales)|ARR|MRR|GMV|donat\w+|prize|budget|equival\w*|works out (?:to|at)|comes to|that['’]s (?:just|only|less than)|entspricht|soit)\b/i;
const RECURRING =
  /(\/|\bper\b|\ba\b|\bevery\b|\beach\b|\bpro\b|\bpar\b|\bal\b)\s*(month|mo|year|yr|annum|user|seat|member|week|editor|site|project|monat|jahr|mois|an|mes|año)\b|\b(monthly|annually|yearly|billed|subscription|monatlich|jährlich|mensuel|annuel|p\.?\s?m\.|p\.?\s?a\.)(?![\p{L}])/iu;
const HOURLY = /(\/|\bper\b|\ban?\b)\s*(h|hr|hrs|hour|day)\b|\b(hourly|day rate|daily rate)\b/i;
const USAGE =
  /(\/|\bper\b|\bfor\b|\bevery\b|\beach\b)\s*(?:\d[\d,.]*\s*k?\s*)?(requests?|calls?|api calls?|events?|messages?|emails?|credits?|tokens?|minutes?|GB|TB|MB|units?|transactions?|page ?views?|executions?|runs?|builds?|verifications?|sms|texts?)\b|\b(pay[- ]as[- ]you[- ]go|usage[- ]based|metered|only pay for what you use)\b/i;
/** One payment, in the languages sites are written in. */
const ONE_TIME_WORDS =
  'one[- ]time|lifetime|pay once|buy once|single payment|once,? (?:and )?forever|perpetual licen[cs]e|no subscriptions?|una tantum|una volta|einmalig\\w*|kein abo\\w*|paiement unique|une seule fois|à vie|pago único|de por vida|pagamento único|vitalício|eenmalig';
const ONE_TIME = new RegExp(
  `(?<![\\p{L}])(${ONE_TIME_WORDS}|once(?!\\s+(?:a|an|per|every|each)\\b))(?![\\p{L}])`,
  'iu',
);
/** The same away from a price, where a bare "once" says nothing of payment ("customize the rules once"). */
const ONE_TIME_TERMS = new RegExp(`(?<![\\p{L}])(${ONE_TIME_WORDS})(?![\\p{L}])`, 'iu');
const PWYW =
  /\b(pay what (?:and when |you want and when )?you (?:want|like|can|think)|pay-what-you-want|name your (?:own )?price|choose your (?:own )?price)\b/i;
const DONATION =
  /\b(sponsors?|sponsorship|donat\w*|tips?|tip jar|support (?:us|the project|development|our work)|patreon|open ?collective|ko-fi|buy me a coffee)\b/i;
const CONTACT_SALES =
  /\b(contact (?:our )?sales|talk to (?:our )?sales|contact us for (?:pricing|a quote|custom)|custom (?:pricing|quotes?)|request (?:a )?(?:quote|pricing)|get (?:a )?quote|price on request|pricing on request|devis (?:personnalis[ée]s?|sur mesure|gratuit)|sur devis|(?:demandez|obtenir|demander) (?:un|votre) devis|preis(?:e)? auf anfrage|individuelles angebot|angebot anfordern|presupuesto personalizado|solicita (?:un )?presupuesto)(?![\p{L}])/iu;
const TRIAL =
  /\b(free trial|prova gratuita|essai gratuit|prueba gratuita|teste gr[aá]tis|kostenlose[rn]? test\w*|proefperiode|trial (?:of|for) \d+ days?|\d+[- ]days? (?:free )?trial|try (?:it |\S+ )?(?:for )?free for \d+ days?|(?:the )?(?:first|1st) (?:month|week|\d+ days?) (?:is |are )?free)\b/i;
/** Words that say this product (or a plan of it) costs nothing; a free trial is not one. */
const FREE =
  /\b(free plan|free tier|free to start|grátis para começar|gratis para empezar|gratuit pour commencer|kostenlos starten|gratis per iniziare|free forever|forever free|free version|free edition|free for (?:individuals|personal use|small teams|everyone|non-?profits|up to \d+|open[- ]source|self-host\w*|ever)|start for free|get started for free|always free|100% free|completely free|totally free|entirely free|free (?:and|&) open[- ]source|free,? open[- ]source|free to (?:use|download|self-host|install)|free of charge|(?:is|are|it['’]s|stays|remains|(?:will )?always be) free\b|(?:is|are) (?:a|an) (?:completely |totally )?free (?!trial)\p{L}|free software\b|(?:use|host|run|download|install) (?:it|\S+) for free\b|at no cost|costs? nothing|(?:ist|sind|bleibt) (?:komplett |völlig |vollständig )?(?:kostenlos|gratis)|(?:est|reste) (?:entièrement |totalement )?gratuit|es (?:totalmente )?gratis)(?![\p{L}])/iu;
/** A product with no price that asks for donations is free to use: its makers say so by asking. */
const DONATION_ASK =
  /\b(consider (?:making a |a )?donat\w*|welcome (?:any )?financial support|sponsor (?:the project|us|\S+ today)\b|donations? (?:are |is )?(?:welcome|appreciated)|please (?:consider )?donat\w*|(?:you can|feel free to) donate|support \S+(?: \S+)? by donating|make a donation|donate (?:to|via|through|using|here|now)|spenden sie|faire un don|haz una donación)\b/iu;
/** A free period, pilot or evaluation ("a 30-day proof of value at no cost"): free for a while, not a free product. */
const LIMITED_FREE =
  /\b(\d+[- ](?:days?|weeks?|months?|giorni|settimane|mesi|tage|wochen|monate|jours|semaines|mois|d[ií]as|semanas|meses|dagen|weken|maanden)\b|(?:for|during) (?:the )?(?:first )?(?:\d+|one|two|three|four|six) (?:days?|weeks?|months?)\b|trials?\b|pilots?\b|proof[- ]of[- ](?:value|concept)|evaluation|sandbox)/i;
/** Fees of whoever takes the payment, an app store or an integration: their prices, not the product's. */
const PROCESSOR =
  /\b(processing fees?|transaction fees?|payment processor|stripe|paypal|paddle|lemon ?squeezy|gumroad|braintree|fees? (?:apply|charged by|from)|their (?:own )?(?:plans?|pricing|fees?))\b/i;
const PLAN_NAME = /^[\p{Lu}][\p{L}\p{N}+&' -]{1,30}$/u;
/** Headings above prices that are not a plan's name. */
const NOT_A_PLAN =
  /^(pricing|prices?|prezz[io]|preise?|prix|precios?|pre[çc]os?|tarifs?|plans?|our plans|simple pricing|pricing plans|choose (?:a|your) plan|compare plans|faqs?|features|starting at|starts at|from|only|ab|à partir de|a partir de|desde|a partire da)$|^(download|get|buy|start|try|sign|join|order|subscribe|book|contact)\b|\S+(?:\s+\S+){3,}/i;
/** A card's ribbon run into its plan's name ("Most popular Pro", "Consigliata Licenza completa"). */
const PLAN_BADGE =
  /^(?:most popular|popular|recommended|best value|best deal|our pick|consigliat[ao]|pi[uù] scelt[ao]|empfohlen|beliebt|recommandée?|populaire|recomendad[ao]|m[aá]s popular)\s+(?=\p{Lu})/iu;
/** A price line that names no plan itself ("$29 / month", "€290 per year, billed annually"). */
const STARTS_WITH_PRICE = new RegExp(`^(?:from\\s+|only\\s+)?${PRICE.source}`, 'iu');
const bare = (line: string) => line.length <= 40 && STARTS_WITH_PRICE.test(line);

interface PriceLine {
  plan: string | null;
  line: string;
}

const withoutTrial = (text: string) => text.replace(new RegExp(TRIAL.source, 'gi'), '');

/** A heading over a table or section comparing the product with others: their prices, and years of ours, not plans. */
const COMPARISON_HEADING =
  /(?<![\p{L}])(compar\w*|confronto|vergleich\w*|comparaison|comparativa|\bvs\.?|versus|how (?:we|it) compares|(?:how much|what) you save|quanto risparmi|risparmi)(?![\p{L}])/iu;
/** A comparison of the product's own plans ("Compare plans & features") is not one with others. */
const PLAN_WORDS =
  /(?<![\p{L}])(plans?|tiers?|editions?|pricing|features|piani|pläne|tarif\w*|planes|planos)(?![\p{L}])/iu;
/** What a price alone on its line is for, on the line after it ("$9.99" / "per month", "24.99€" / "One-time Payment"). */
const PRICE_TERMS = new RegExp(
  `^(?:/\\s?\\p{L}|per\\b|a\\s|billed\\b|${RECURRING.source}|${ONE_TIME.source}|forever\\b|for(?:ever)? free\\b)`,
  'iu',
);

/**
 * The blocks of a page with the heading each sits under, leaving out sections
 * that compare the product with others (a heading that says so, down to the
 * next heading of its level or above).
 */
function ownPriceBlocks(page: EvidencePage): { blocks: string[]; headingAt: (string | null)[] } {
  const headings = ownHeadings(page).filter((h) => h.level >= 2);
  const levels = new Map(headings.map((h) => [h.text, h.level]));
  const blocks: string[] = [];
  const headingAt: (string | null)[] = [];
  let skipping: number | null = null;
  for (const block of cleanBlocks(page)) {
    const level = levels.get(block);
    if (level !== undefined) {
      if (skipping !== null && level <= skipping) skipping = null;
      if (skipping === null && COMPARISON_HEADING.test(block) && !PLAN_WORDS.test(block)) skipping = level;
    }
    if (skipping !== null) continue;
    blocks.push(block);
    headingAt.push(level !== undefined ? block : null);
  }
  return { blocks, headingAt };
}

/** The nearest heading above block `i` within its card: never past another price, at most six blocks up. */
function planHeading(blocks: string[], headingAt: (string | null)[], i: number): string | null {
  for (let j = i - 1; j >= Math.max(0, i - 6); j--) {
    if (PRICE.test(blocks[j]!)) return null;
    const heading = headingAt[j];
    if (heading) return PLAN_NAME.test(heading) && !NOT_A_PLAN.test(heading) ? heading : null;
  }
  return null;
}

/**
 * The product's own price statements on `pages`: a short block as it stands
 * (a plan line, a table cell), else the sentence, and of a sentence comparing
 * with others only the clauses about this product. A price alone on its line
 * takes the terms on the line after it ("$9.99 per month") and the plan name
 * above it, the line before or the card's heading ("Monthly").
 */
function priceLines(pages: EvidencePage[], rivals: string[], brand: string[]): PriceLine[] {
  const out: PriceLine[] = [];
  for (const page of pages) {
    const { blocks, headingAt } = ownPriceBlocks(page);
    blocks.forEach((block, i) => {
      if (block.length > 600 || !PRICE.test(block)) return;
      const lines: string[] = [];
      for (const sentence of sentences(block)) {
        if (!PRICE.test(sentence) || NOT_A_PRICE.test(sentence) || PROCESSOR.test(sentence)) continue;
        lines.push(...ownClauses(sentence, rivals, brand).filter((c) => PRICE.test(c)));
      }
      const before = blocks[i - 1];
      const after = blocks[i + 1];
      for (const found of lines) {
        if (found.length > 200) continue;
        const alone = bare(found);
        const terms =
          alone && found === block && after && after.length <= 40 && PRICE_TERMS.test(after) && !PRICE.test(after);
        const line = terms ? `${found} ${after}` : found;
        // A quote shorter than the evidence gate takes ("$0") cannot stand alone.
        if (line.length < MIN_QUOTE) continue;
        const named = !alone
          ? null
          : (planHeading(blocks, headingAt, i) ??
            (before && before !== found && PLAN_NAME.test(before) && !NOT_A_PLAN.test(before) && !PRICE.test(before)
              ? before
              : null));
        const plan = named?.replace(PLAN_BADGE, '') || null;
        if (!out.some((o) => o.line === line && o.plan === plan)) out.push({ plan, line });
      }
    });
  }
  return out;
}

/** A plan card's price written as a word: nothing to pay ("Free", "Gratis", "Kostenlos")… */
const FREE_WORD = /^(?:free|gratis|gratuit|gratuito|gratuita|grátis|kostenlos|gratuitement)$/iu;
/** …or priced on request ("Custom", "Contact us", "Consultar", "A medida", "Sur devis", "Auf Anfrage"). */
const QUOTE_WORD =
  /^(?:custom|contact us|contact sales|let['’]s talk|talk to us|on request|consultar|a medida|personalizado|a consultar|sur devis|sur mesure|auf anfrage|individuell|su richiesta|sob consulta)$/iu;

/**
 * Plan cards whose price is a word, under the plan's name: "Piloto" /
 * "Gratis", "Enterprise" / "A medida". Without the name above it, a lone
 * "Free" (a button, a badge) says nothing of a plan.
 */
function wordPricedPlans(pages: EvidencePage[]): (PriceLine & { plan: string; free: boolean })[] {
  const out: (PriceLine & { plan: string; free: boolean })[] = [];
  for (const page of pages) {
    const { blocks, headingAt } = ownPriceBlocks(page);
    blocks.forEach((block, i) => {
      const free = FREE_WORD.test(block);
      if (!free && !QUOTE_WORD.test(block)) return;
      const before = blocks[i - 1];
      const named =
        planHeading(blocks, headingAt, i) ??
        (before && PLAN_NAME.test(before) && !NOT_A_PLAN.test(before) && !PRICE.test(before) ? before : null);
      const plan = named?.replace(PLAN_BADGE, '');
      if (plan && plan.toLowerCase() !== block.toLowerCase() && !out.some((o) => o.plan === plan))
        out.push({ plan, line: block, free });
    });
  }
  return out;
}

/** The first own sentence (or clause) of `blocks` that says `pattern`, at most 200 characters. */
function firstSentence(blocks: string[], pattern: RegExp, rivals: string[], brand: string[]): string | null {
  const mentions = (text: string) => pattern.test(pattern === FREE ? withoutTrial(text) : text);
  const says = (text: string) => mentions(text) && !(pattern === FREE && LIMITED_FREE.test(text));
  for (const block of blocks) {
    if (!mentions(block)) continue;
    for (const sentence of sentences(block)) {
      // A question ("Is there a free trial?") asks; its answer says.
      if (!says(sentence) || sentence.length > 200 || /\?$/.test(sentence) || PROCESSOR.test(sentence)) continue;
      const own = ownClauses(sentence, rivals, brand).find(says);
      if (own) return own;
    }
  }
  return null;
}

export function draftPricing(site: SiteEvidence): { pricing_model?: FieldProposal; pricing_summary?: FieldProposal } {
  const rivals = competitors(site);
  const brand = brandTokens(site);
  const pricingPages = pagesOf(site, 'pricing');
  const home = site.pages[0];
  const pricePages = pricingPages.length > 0 ? pricingPages : site.pages.slice(0, 1);
  const blocks = pricePages.flatMap((p) => cleanBlocks(p));
  // Statements of price terms (free, one-time, pay what you want) count on the pricing pages and the homepage.
  // The homepage's own description too ("… pay what and when you want!" may be said only there).
  const homeMeta = home ? [home.facts.meta.description, home.facts.meta['og:description']].filter((m) => !!m) : [];
  const termBlocks = [...blocks, ...(pricingPages.length > 0 && home ? cleanBlocks(home) : []), ...homeMeta];

  const prices = priceLines(pricePages, rivals, brand);
  const paid = prices.filter((p) => !ZERO_PRICE.test(p.line) && !HOURLY.test(p.line));
  // Nothing to pay for a while ("0 € per 30 giorni", a plan called "Free trial") is a trial, not a free plan.
  const zero = prices.find(
    (p) => ZERO_PRICE.test(p.line) && !LIMITED_FREE.test(p.line) && !(p.plan && TRIAL.test(p.plan)),
  );
  const worded = wordPricedPlans(pricePages);
  const freePlan = worded.find((w) => w.free);
  const quotedPlans = worded.filter((w) => !w.free);
  const freeQuote = zero?.line ?? freePlan?.line ?? firstSentence(termBlocks, FREE, rivals, brand);
  const pwyw = firstSentence(termBlocks, PWYW, rivals, brand);
  const trial = firstSentence(blocks, TRIAL, rivals, brand);
  const contactSales = firstSentence(blocks, CONTACT_SALES, rivals, brand);
  const recurring = paid.find((p) => RECURRING.test(p.line));
  const usage = paid.find((p) => USAGE.test(p.line));
  const oneTime =
    paid.find((p) => ONE_TIME.test(p.line))?.line ??
    (paid.length > 0 ? firstSentence(termBlocks, ONE_TIME_TERMS, rivals, brand) : null);

  // Free tools say so anywhere (an about page, a support page), not only where prices would be.
  const everyBlock = site.pages.flatMap((p) => cleanBlocks(p));
  const donationAsk = paid.length === 0 && !pwyw ? firstSentence(everyBlock, DONATION_ASK, rivals, brand) : null;
  const freeAnywhere = paid.length === 0 && !freeQuote && !pwyw ? firstSentence(everyBlock, FREE, rivals, brand) : null;
  // "Pay what you want through GitHub Sponsors" for a free tool is a donation, not the price of the product.
  const donation = pwyw !== null && DONATION.test(pwyw);
  let model: FieldProposal | undefined;
  if (pwyw && !donation) model = { value: 'pay-what-you-want', quotes: [pwyw] };
  else if (paid.length > 0 && freeQuote) model = { value: 'freemium', quotes: [freeQuote, paid[0]!.line] };
  // A free plan beside plans priced on request is freemium too.
  else if (freePlan && quotedPlans.length > 0)
    model = { value: 'freemium', quotes: [freePlan.plan, freePlan.line, quotedPlans[0]!.line] };
  else if (recurring) model = { value: 'subscription', quotes: [recurring.line] };
  else if (usage) model = { value: 'usage-based', quotes: [usage.line] };
  else if (oneTime && paid.length > 0) model = { value: 'one-time', quotes: [oneTime] };
  else if (paid.length === 0 && freeQuote) model = { value: 'free', quotes: [freeQuote] };
  else if (paid.length === 0 && contactSales) model = { value: 'contact sales', quotes: [contactSales] };
  else if (paid.length === 0 && quotedPlans.length > 0)
    model = { value: 'contact sales', quotes: [quotedPlans[0]!.plan, quotedPlans[0]!.line] };
  else if (freeAnywhere ?? donationAsk) model = { value: 'free', quotes: [(freeAnywhere ?? donationAsk)!] };

  let summary: FieldProposal | undefined;
  const parts: { text: string; quotes: string[] }[] = [...prices, ...worded]
    .slice(0, 6)
    .map((p) =>
      p.plan ? { text: `${p.plan}: ${p.line}`, quotes: [p.plan, p.line] } : { text: p.line, quotes: [p.line] },
    );
  const freeTerms = model?.value === 'free' && prices.length === 0 ? [freeQuote ?? freeAnywhere, donationAsk] : [];
  for (const extra of [trial, pwyw, parts.length > 0 ? contactSales : null, ...freeTerms])
    if (extra && !parts.some((p) => p.text.includes(extra))) parts.push({ text: extra, quotes: [extra] });
  const kept: typeof parts = [];
  const amounts = (text: string): string[] => text.match(EVERY_PRICE) ?? [];
  for (const part of parts) {
    // A button or a closing line that repeats a price already given ("Buy — €49,90") adds nothing; a named plan may.
    const said = amounts(part.text);
    const repeats = said.length > 0 && said.every((a) => kept.some((k) => amounts(k.text).includes(a)));
    if (repeats && part.quotes.length === 1) continue;
    if ([...kept, part].map((p) => p.text).join('; ').length <= 500) kept.push(part);
  }
  // Pricing by quote only: the page's own words for it are the summary.
  if (kept.length === 0 && paid.length === 0 && contactSales && model?.value === 'contact sales')
    kept.push({ text: contactSales, quotes: [contactSales] });
  if (
    kept.length > 0 &&
    (prices.length > 0 ||
      worded.length > 0 ||
      pwyw ||
      trial ||
      model?.value === 'contact sales' ||
      freeTerms.length > 0)
  )
    summary = { value: kept.map((p) => p.text).join('; '), quotes: kept.flatMap((p) => p.quotes) };
  else {
    // Structured data: an Offer's price.
    for (const product of ldOfType(site, PRODUCT_TYPES)) {
      const offers = [product.offers].flat().filter((o): o is Record<string, unknown> => !!o && typeof o === 'object');
      const offer = offers.find((o) => o.price !== undefined);
      if (!offer) continue;
      const price = String(offer.price);
      const currency = typeof offer.priceCurrency === 'string' ? offer.priceCurrency : '';
      summary = { value: `${currency} ${price}`.trim(), quotes: currency ? [price, currency] : [price] };
      if (!model && Number(price) === 0) model = { value: 'free', quotes: [price] };
      break;
    }
  }
  return { ...(model ? { pricing_model: model } : {}), ...(summary ? { pricing_summary: summary } : {}) };
}
