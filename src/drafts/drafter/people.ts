// The company behind the product as its own site states it: founders, where
// it is based, and when it was founded. Structured data (JSON-LD) first, then
// plain sentences such as "Founded in 2019" or "Based in Berlin, Germany".
import { countryCode } from '../evidence.js';
import type { FieldProposal, FounderProposal, SiteEvidence } from './fields.js';
import { cleanBlocks, ldOfType, ldString, ORG_TYPES, pageRole, PRODUCT_TYPES, sentenceWith } from './site.js';

const NAME = "[A-Z][\\p{L}'’-]+(?: (?:[A-Z][\\p{L}'’.-]*|van|von|de|da|del|der|di|le|la)){1,3}";
const ROLE = '(?:Co-?founder|Founder|CEO|CTO|COO|CPO|Chief [A-Z][a-z]+ Officer|Managing Director)';
const NAME_ROLE = new RegExp(`^(${NAME})\\s*(?:[,–—|·-]|\\s)\\s*(${ROLE}[^.]{0,60})$`, 'u');
const ONLY_NAME = new RegExp(`^${NAME}$`, 'u');
const ONLY_ROLE = new RegExp(`^${ROLE}\\b[^.]{0,60}$`, 'iu');
const FOUNDED_BY = new RegExp(`\\b(?:founded|started|created|built) by (${NAME})(?:,? and (${NAME}))?`, 'u');

export function draftFounders(site: SiteEvidence): FounderProposal[] {
  const founders: FounderProposal[] = [];
  const add = (f: FounderProposal) => {
    const known = founders.find((x) => x.name === f.name);
    if (known && !known.bio && f.bio) {
      // The same person found again in text: keep the bio that came with it.
      known.bio = f.bio;
      known.quotes = [...new Set([...known.quotes, ...f.quotes])];
    } else if (!known && founders.length < 6) founders.push(f);
  };
  for (const org of ldOfType(site, ORG_TYPES)) {
    for (const person of [org.founder, org.founders].flat()) {
      const name = ldString(person);
      if (!name) continue;
      const title =
        person && typeof person === 'object' ? ldString((person as Record<string, unknown>).jobTitle) : null;
      add({ name, title: title ?? 'Founder', bio: null, quotes: title ? [name, title] : [name] });
    }
  }
  const ordered = [...site.pages].sort((a, b) => rank(pageRole(site, a)) - rank(pageRole(site, b)));
  for (const page of ordered) {
    const blocks = cleanBlocks(page);
    blocks.forEach((block, i) => {
      if (block.length > 120) return;
      const both = NAME_ROLE.exec(block);
      const next = blocks[i + 1];
      let name: string | null = null;
      let title: string | null = null;
      const quotes: string[] = [];
      if (both) {
        [name, title] = [both[1]!, both[2]!.trim()];
        quotes.push(block);
      } else if (ONLY_NAME.test(block) && next && ONLY_ROLE.test(next)) {
        [name, title] = [block, next];
        quotes.push(block, next);
      }
      if (!name) return;
      // A bio is the paragraph right after, when it speaks of this person.
      const after = blocks[i + (quotes.length === 2 ? 2 : 1)];
      const first = name.split(' ')[0]!;
      const bio = after && after.length >= 40 && after.length <= 1500 && after.includes(first) ? after : null;
      if (bio) quotes.push(bio);
      add({ name, title, bio, quotes });
    });
    for (const block of blocks) {
      const m = FOUNDED_BY.exec(block);
      if (!m) continue;
      const sentence = sentenceWith(block, FOUNDED_BY) ?? (block.length <= 400 ? block : null);
      if (!sentence) continue;
      for (const name of [m[1], m[2]].filter((n): n is string => !!n))
        add({ name, title: 'Founder', bio: null, quotes: [sentence] });
    }
  }
  return founders;
}

const rank = (role: string) => ({ about: 0, home: 1, contact: 2 })[role as 'about'] ?? 3;

const FOUNDED =
  /\b(?:founded|established|started|launched|incorporated|est\.?)\s+(?:in\s+)?((?:18|19|20)\d{2})\b|\bsince\s+((?:19|20)\d{2})\b/i;

export function draftFoundedYear(site: SiteEvidence): FieldProposal | undefined {
  for (const org of ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES])) {
    const date = ldString(org.foundingDate);
    const year = date && /^((?:18|19|20)\d{2})/.exec(date)?.[1];
    if (year) return { value: year, quotes: [date] };
  }
  for (const page of site.pages) {
    for (const block of cleanBlocks(page)) {
      const m = FOUNDED.exec(block);
      if (!m || /©|copyright/i.test(block)) continue;
      const quote = sentenceWith(block, FOUNDED) ?? (block.length <= 400 ? block : null);
      if (quote) return { value: m[1] ?? m[2]!, quotes: [quote] };
    }
  }
  return undefined;
}

const PLACE = "[A-Z][\\p{L}'’.-]+(?:[ -][A-Z][\\p{L}'’.-]+){0,2}";
const BASED = new RegExp(
  `\\b(?:based|headquartered|located|made|built|designed)\\s+in\\s+(?:the\\s+)?(${PLACE})(?:,\\s*(${PLACE}))?`,
  'u',
);

export function draftLocation(site: SiteEvidence): { country?: FieldProposal; city?: FieldProposal } {
  for (const org of ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES])) {
    const address = [org.address, org.location && (org.location as Record<string, unknown>).address]
      .flat()
      .find((a) => a && typeof a === 'object') as Record<string, unknown> | undefined;
    if (!address) continue;
    const countryRaw = ldString(address.addressCountry);
    const city = ldString(address.addressLocality);
    const code = countryRaw ? countryCode(countryRaw) : null;
    return {
      ...(code ? { country: { value: code, quotes: [countryRaw!] } } : {}),
      ...(city ? { city: { value: city, quotes: [city] } } : {}),
    };
  }
  for (const page of site.pages) {
    for (const block of cleanBlocks(page)) {
      const m = BASED.exec(block);
      if (!m) continue;
      const quote = sentenceWith(block, BASED) ?? (block.length <= 400 ? block : null);
      if (!quote) continue;
      const [first, second] = [m[1]!, m[2]];
      if (second && countryCode(second))
        return { city: { value: first, quotes: [quote] }, country: { value: countryCode(second)!, quotes: [quote] } };
      if (countryCode(first)) return { country: { value: countryCode(first)!, quotes: [quote] } };
      if (!second) return { city: { value: first, quotes: [quote] } };
    }
  }
  return {};
}
