// The company behind the product as its own site states it: founders, where
// it is based, and when it was founded. Structured data (JSON-LD) first, then
// the site's own sentences and lines: team pages ("Ines Moreau" / "Founder"),
// "developed by NAME", "CEO: NAME", an imprint's postal address and register
// entry, "based in Berlin, Germany". Testimonials and quotes never count (a
// reviewer's "CEO at Acme" is not ours), nor where servers are.
import { countryCode } from '../evidence.js';
import type { EvidencePage, FieldProposal, FounderProposal, SiteEvidence } from './fields.js';
import {
  brandTokens,
  cleanBlocks,
  competitors,
  isBrand,
  ldOfType,
  NOT_OURS,
  ldString,
  ORG_TYPES,
  headingsAbove,
  pageRole,
  PRODUCT_TYPES,
  sentences,
  sentenceWith,
} from './site.js';

const PARTICLE = 'van|von|de|da|del|della|der|den|di|du|dos|das|le|la|ten|ter|bin|al';
const NAME = `\\p{Lu}[\\p{L}'’-]+(?: (?:\\p{Lu}\\.|\\p{Lu}[\\p{L}'’-]+|${PARTICLE})){1,3}`;
const ROLE =
  '(?:Co-?[Ff]ounder|Founder|CEO|CTO|COO|CPO|Chief [A-Z][a-z]+ Officer|Managing [Dd]irector|Owner|President|Creator|Maker|(?:Lead |Main |Solo )?[Dd]eveloper|(?:Lead |Main )?[Mm]aintainer|Geschäftsführer(?:in)?|Inhaber(?:in)?|Gründer(?:in)?|Entwickler(?:in)?|Fondateur|Fondatrice|Fundador[a]?)';
const NAME_ROLE = new RegExp(`^(${NAME})\\s*(?:[,–—|·-]|\\s)\\s*(${ROLE}[^.]{0,60})$`, 'u');
const ONLY_NAME = new RegExp(`^${NAME}$`, 'u');
const ONLY_ROLE = new RegExp(`^${ROLE}\\b[^.]{0,60}$`, 'iu');
/** A team card's role line that goes on ("Founder. Ines ran…", "Co-founder and lead developer."). */
const ROLE_FIRST = new RegExp(`^(${ROLE}\\b[^.!?]{0,60})[.!?](?:\\s+(.+))?$`, 'iu');
/** "CEO: Ines Moreau", "Managing director: Ines Moreau", "Geschäftsführer: …", "Represented by …". */
const ROLE_NAME = new RegExp(
  `(?:^|[.;,]\\s*|\\s)(${ROLE}s?|[Mm]anaging [Dd]irectors?|[Rr]epresented by|[Vv]ertreten durch|[Vv]ertretungsberechtigte[r]? Geschäftsführer(?:in)?|Inh\\.|[Rr]esponsible person|[Tt]itolare|[Rr]espons[aá]vel|[Vv]erantwortlich(?:e[r]?)?(?: für den Inhalt)?|[Dd]irect(?:eur|rice) de (?:la )?publication|[Rr]esponsable de (?:la )?publication)\\s*[:–—-]?\\s+(${NAME})(?:\\s*\\((${ROLE}[^()]{0,30})\\))?(?:,? (?:and|und|&) (${NAME}))?`,
  'u',
);
/** "Thomas Waldmann, BorgBackup's lead developer and maintainer": a name and, set off after it, the role. */
const NAME_APPOSITIVE = new RegExp(
  `(${NAME}),\\s+(?:(?:the|our|its|\\S+['’]s)\\s+)?((?:[Cc]o-?)?[Ff]ounder|[Cc]reator|[Aa]uthor|(?:[Ll]ead |[Mm]ain |[Cc]ore )?[Dd]eveloper|(?:[Ll]ead |[Mm]ain )?[Mm]aintainer)(?: and (?:lead |main )?(?:developer|maintainer|founder|creator))?\\b`,
  'u',
);
/**
 * "Founded in 2020 by A (CEO), a chartered accountant, and B (CTO)": the verb, a year between, each name with the
 * role in brackets after it, and a description of the first ("a master carpenter", "who …") before the second.
 */
const MADE_BY = new RegExp(
  `\\b((?:[Cc]o-)?[Ff]ounded|[Ss]tarted|[Cc]reated|[Bb]uilt|[Dd]eveloped|[Mm]ade|[Mm]aintained)(?: (?:back )?in (?:19|20)\\d{2})?(?: with [^.]{1,30})? by (${NAME})(?: \\(([^()]{1,40})\\))?(?:,? (?:a|an|the|who|whose) [^.;()]{1,100}?,)?(?:,? (?:and|&) (${NAME})(?: \\(([^()]{1,40})\\))?)?`,
  'u',
);
const PRONOUNS = /^(?:he|she|they|ze|xe|er|sie|il|elle)\s?\/\s?\p{L}+(?:\s?\/\s?\p{L}+)?$/iu;
/** "ImPOS owner and founder Sean O'Meara", "our co-founder Ines Moreau": a founder named after whose they are (checked: the brand's, or "our"). */
const WHOSE_FOUNDER = new RegExp(
  `(\\p{L}[\\p{L}\\p{N}.'’-]*?)(?:['’]s)? ((?:owner and |CEO and )?(?:co-?)?founder) (${NAME})`,
  'u',
);
const WHO_FOUNDED = new RegExp(`\\b(${NAME}),? (?:who )?(?:co-?)?founded\\b`, 'u');
// Names are matched case-sensitively (a capital starts each word): no 'i' flag where NAME is.
const I_AM = new RegExp(
  `\\bI(?:['’]m| am) (${NAME}),? (?:the |a )?((?:[Cc]o-?)?[Ff]ounder|[Cc]reator|[Mm]aker|[Dd]eveloper)\\b`,
  'u',
);
const COPYRIGHT = new RegExp(
  `(?:(?:©|\\([Cc]\\)|[Cc]opyright)\\s*(?:(?:19|20)\\d{2}\\s*[-–]\\s*)?(?:19|20)\\d{2}|(?:19|20)\\d{2}\\s*©)(?:\\s*[Aa]ll rights reserved\\.?)?,?\\s+(${NAME})(?=\\s*(?:[.,|·]|$|[Aa]ll rights))`,
  'u',
);

/** Words that end a company's name, never a person's. */
const COMPANY_WORD =
  /\b(Inc|GmbH|Ltd|LLC|LLP|AG|SA|SAS|SARL|BV|B\.V\.|NV|UG|KG|Oy|AB|AS|ApS|Pty|Limited|Corp|Corporation|Co|Company|S\.?L|SRL|Labs?|Software|Studios?|Technologies|Technology|Systems|Team|Group|Foundation|Project|Community|Contributors|Authors|Developers|Media|Digital|Solutions|Services|Agency|Partners|Ventures|Holdings|Industries|Apps?|Cloud|Network|Collective|Institute|University|Press)\.?$/;
/** Capitalized words that start sentences or name things, never a first name. */
const NOT_FIRST =
  /^(The|Our|All|Made|Built|Every|Each|Your|This|That|With|From|For|And|Open|Free|Pro|Team|Plans?|Pricing|Features?|About|Contact|Privacy|Terms|Imprint|Legal|Home|Blog|Docs|Support|Customer|Customers|Product|Products|Get|Start|Read|Learn|Sign|Log|Join|New|Why|How|What|Who|When|Where|Hello|Hi|Dear|Thanks|Best|Copyright|All|Rights|Reserved|Registered|Managing|Director|Founder|Founders|Co-founder|CEO|CTO|Managed|Powered|Designed|Developed|Created|Written)$/;

/** What a sentence may say someone made that is not the product itself. */
const SOMETHING_ELSE =
  /(packages?|ports?|\w*builds?|binar(?:y|ies)|translations?|mirrors?|plugins?|themes?|extensions?|integrations?|images?|formulae?|snaps?|flatpaks?|wrappers?|bindings?|forks?|clients?|scripts?|recipes?)\b/i;

/** "Name: Christophe Dumez" over "Role: Project founder and developer": a team page's labelled card. */
const LABELLED_NAME = new RegExp(`^(?:Name|Nom|Nombre)\\s*:\\s*(${NAME})$`, 'u');
/** "Nickname: sledgehammer999" over a role line: a team card naming someone by their handle. */
const LABELLED_HANDLE = /^(?:Nickname|Handle|Alias|Pseudo|Username|Spitzname)\s*:\s*([\p{L}\p{N}_.-]{2,39})$/u;
const LABELLED_ROLE = new RegExp(
  `^(?:Role|Rôle|Rolle|Rol)\\s*:\\s*((?:Project |Lead |Main )?${ROLE}\\b.{0,60})$`,
  'iu',
);

/** A street's name after a person's, run together by a line break ("Maximilian Veit" / "Churerstrasse 105"). */
const STREET_WORD = /(?:stra(?:ß|ss)e|gasse|weg|platz|allee|street|road|avenue|lane|drive|boulevard)$/i;

/** Labels an imprint runs into a name on the next line ("Ludwig Montag E-Mail: …", "Antoine Achille Domaine principal : …"). */
const LINE_LABEL =
  /^(?:E-?Mail|Tel\.?|Telefon|Phone|Fax|Telefax|Mobil|Mobile|Adresse|Address|Anschrift|Domaine|Website|Web|Site|Courriel|Contact|Kontakt|SIRE[NT]|USt|VAT|(?:Auto-|Micro-)?[Ee]ntrepreneur|Einzelunternehmer(?:in)?|Freiberufler(?:in)?|Inhaber(?:in)?)$/i;

/** A name up to the first word that is a line's label, not a name. */
function beforeLabel(name: string): string {
  const words = name.split(' ');
  const at = words.findIndex((w) => LINE_LABEL.test(w));
  return at < 0 ? name : words.slice(0, at).join(' ');
}

const NAME_FIRST = new RegExp(`^${NAME}`, 'u');
/** The line that opens an imprint's statement of who is responsible: the name comes first on the next line. */
const IMPRINT_LEAD =
  /^(?:angaben gemäß § ?5 (?:TMG|DDG)|verantwortlich für den inhalt\b.*|inhaltlich verantwortlich\b.*|responsible for (?:the )?content\b.*|information according to § ?5 (?:TMG|DDG)|éditeur du site\b.*|le site .{0,60} (?:est )?édités? par\s*:?)$/i;

function personName(name: string, own: string[], rivals: string[]): boolean {
  const words = name.split(/\s+/);
  if (words.length < 2 || words.length > 4 || name.length > 60) return false;
  if (STREET_WORD.test(words[words.length - 1]!)) return false;
  if (NOT_FIRST.test(words[0]!) || COMPANY_WORD.test(name)) return false;
  if (isBrand(name.replace(/\s+/g, ''), own) || rivals.some((r) => name.includes(r))) return false;
  if (words.some((w) => countryCode(w) !== null && w.length > 3)) return false;
  return true;
}

/** A title held at another company ("CEO at Foodly"): a customer or a guest, not one of ours. */
function elsewhere(title: string, own: string[]): boolean {
  const m = /\b(?:at|@|of|from|bei|chez)\s+(\S+)/u.exec(title);
  return m !== null && !isBrand(m[1]!, own);
}

const founderTitle = (verb: string): string | null =>
  /found|start/i.test(verb) ? 'Founder' : /creat/i.test(verb) ? 'Creator' : null;

/** Pages most likely to name the people, first: about and team, the imprint, home, contact, the rest. */
const peopleRank = (role: string) => ({ about: 0, legal: 1, home: 2, contact: 3 })[role as 'about'] ?? 4;

export function draftFounders(site: SiteEvidence): FounderProposal[] {
  const own = brandTokens(site);
  const rivals = competitors(site);
  const founders: FounderProposal[] = [];
  const add = (f: FounderProposal) => {
    const known = founders.find((x) => x.name === f.name);
    if (known) {
      // The same person found again: keep the title and bio that came with it.
      if (!known.bio && f.bio) known.bio = f.bio;
      if (!known.title && f.title) known.title = f.title;
      known.quotes = [...new Set([...known.quotes, ...f.quotes])];
    } else if (founders.length < 6) founders.push(f);
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
  const ordered = [...site.pages]
    .filter((p) => !NOT_OURS.includes(pageRole(site, p)))
    .sort((a, b) => peopleRank(pageRole(site, a)) - peopleRank(pageRole(site, b)));
  const copyright: FounderProposal[] = [];
  for (const page of ordered) {
    const blocks = cleanBlocks(page);
    blocks.forEach((block, i) => {
      // The line after an imprint's "Angaben gemäß § 5 TMG" starts with who is responsible, however long it runs.
      const lead = blocks[i - 1];
      if (lead && IMPRINT_LEAD.test(lead) && pageRole(site, page) === 'legal') {
        const first = NAME_FIRST.exec(block)?.[0];
        const name = first && beforeLabel(first);
        if (name && personName(name, own, rivals)) add({ name, title: null, bio: null, quotes: [name] });
      }
      if (block.length > 120) return;
      const both = NAME_ROLE.exec(block);
      const next = blocks[i + 1];
      let name: string | null = null;
      let title: string | null = null;
      let bio: string | null = null;
      const quotes: string[] = [];
      if (both) {
        [name, title] = [both[1]!, both[2]!.trim()];
        quotes.push(block);
      } else if (ONLY_NAME.test(block) && next && ONLY_ROLE.test(next)) {
        [name, title] = [block, next];
        quotes.push(block, next);
      } else if (LABELLED_NAME.test(block) && next && LABELLED_ROLE.test(next)) {
        [name, title] = [LABELLED_NAME.exec(block)![1]!, LABELLED_ROLE.exec(next)![1]!.trim()];
        quotes.push(block, next);
      } else if (LABELLED_HANDLE.test(block) && next && LABELLED_ROLE.test(next)) {
        // A card that gives only the maintainer's nickname: the handle is how the project names them.
        const handle = LABELLED_HANDLE.exec(block)![1]!;
        if (!isBrand(handle, own))
          add({ name: handle, title: LABELLED_ROLE.exec(next)![1]!.trim(), bio: null, quotes: [block, next] });
        return;
      } else if (
        ONLY_ROLE.test(block) &&
        block.length <= 40 &&
        next &&
        ONLY_NAME.test(next) &&
        !ONLY_NAME.test(blocks[i - 1] ?? '') &&
        !(blocks[i + 2] && ONLY_ROLE.test(blocks[i + 2]!))
      ) {
        // A card that gives the role above the name ("Developer" / "Timon Harz").
        [name, title] = [next, block];
        quotes.push(block, next);
      } else if (ONLY_NAME.test(block) && next) {
        const card = ROLE_FIRST.exec(next);
        if (card) {
          [name, title] = [block, card[1]!.trim()];
          quotes.push(block, `${card[1]!}${next.charAt(card[1]!.length)}`);
          const rest = card[2];
          if (rest && rest.length >= 30 && rest.includes(block.split(' ')[0]!)) bio = rest;
        }
      }
      if (!name || !personName(name, own, rivals) || (title && elsewhere(title, own))) return;
      // A bio is the paragraph right after, when it speaks of this person.
      const after = blocks[i + (quotes.length === 2 ? 2 : 1)];
      const first = name.split(' ')[0]!;
      if (!bio && after && after.length >= 40 && after.length <= 1500 && after.includes(first)) bio = after;
      if (bio) quotes.push(bio);
      add({ name, title, bio, quotes });
    });
    for (const block of blocks) {
      for (const sentence of block.length <= 400 ? [block] : sentences(block)) {
        if (sentence.length > 400) continue;
        const made = MADE_BY.exec(sentence);
        // "This package is maintained by …": a packager, a translator or a plugin's author made something else.
        const subject = made ? sentence.slice(0, made.index) : '';
        const ofProduct =
          !/aintained/.test(made?.[1] ?? '') ||
          /\b(it|this (?:project|app|tool)|the project)\b/i.test(subject) ||
          subject.split(/\s+/).some((w) => isBrand(w, own));
        if (made && ofProduct && !SOMETHING_ELSE.test(subject))
          for (const [name, role] of [
            [made[2], made[3]],
            [made[4], made[5]],
          ] as const)
            if (name && personName(name, own, rivals))
              add({
                name,
                // "(he/him)" after a name gives pronouns, not a role.
                title: (role && !PRONOUNS.test(role.trim()) ? role.trim() : null) || founderTitle(made[1]!),
                bio: null,
                quotes: [sentenceWith(sentence, MADE_BY) ?? sentence],
              });
        const role = ROLE_NAME.exec(sentence);
        if (role)
          for (const name of [role[2], role[4]].filter((n): n is string => !!n).map(beforeLabel))
            if (personName(name, own, rivals)) {
              const word = role[1]!.replace(/s$/, '');
              // "Responsible person: A (Founder)": the role in brackets says more than the legal one before the name.
              const said = role[3] && name === role[2] ? role[3].trim() : null;
              const title =
                said ??
                (/represent|vertret|verantwort|responsib|respons[aá]vel|titolare|publication/i.test(word)
                  ? null
                  : word === 'Inh.'
                    ? 'Inhaber'
                    : word.charAt(0).toUpperCase() + word.slice(1));
              add({ name, title, bio: null, quotes: [sentenceWith(sentence, ROLE_NAME) ?? sentence] });
            }
        const appositive = NAME_APPOSITIVE.exec(sentence);
        const rest = appositive
          ? sentence.slice(appositive.index + appositive[0].length, appositive.index + appositive[0].length + 40)
          : '';
        if (appositive && personName(appositive[1]!, own, rivals) && !elsewhere(`${appositive[2]}${rest}`, own))
          add({
            name: appositive[1]!,
            title: appositive[2]!.charAt(0).toUpperCase() + appositive[2]!.slice(1),
            bio: null,
            quotes: [sentenceWith(sentence, NAME_APPOSITIVE) ?? sentence],
          });
        const whose = WHOSE_FOUNDER.exec(sentence);
        if (whose && (/^our$/i.test(whose[1]!) || isBrand(whose[1]!, own)) && personName(whose[3]!, own, rivals))
          add({
            name: whose[3]!,
            title: whose[2]!.charAt(0).toUpperCase() + whose[2]!.slice(1),
            bio: null,
            quotes: [sentenceWith(sentence, WHOSE_FOUNDER) ?? sentence],
          });
        const who = WHO_FOUNDED.exec(sentence) ?? I_AM.exec(sentence);
        if (who && personName(who[1]!, own, rivals))
          add({
            name: who[1]!,
            title: 'Founder',
            bio: null,
            quotes: [sentenceWith(sentence, /founded|founder|creator|maker|developer/i) ?? sentence],
          });
        const c = COPYRIGHT.exec(sentence);
        if (c && personName(c[1]!, own, rivals) && !copyright.some((f) => f.name === c[1]))
          copyright.push({ name: c[1]!, title: null, bio: null, quotes: [sentence.length <= 200 ? sentence : c[0]] });
      }
    }
  }
  // "© 2024 Ines Moreau" is a maker's name only when nothing else names one; so is the homepage's author tag.
  if (founders.length === 0 && copyright.length === 1) founders.push(copyright[0]!);
  const author = site.pages[0]?.facts.meta.author?.trim();
  if (founders.length === 0 && author && ONLY_NAME.test(author) && personName(author, own, rivals))
    founders.push({ name: author, title: null, bio: null, quotes: [author] });
  return founders;
}

const FOUNDED =
  /\b(?:founded|established|started|launched|incorporated|est\.?)\s+(?:in\s+)?((?:18|19|20)\d{2})\b|\bsince\s+((?:19|20)\d{2})\b/i;

/** A line of a person's résumé ("Led Momentum's European expansion since 2015"): their years, not the company's. */
const RESUME_LINE =
  /^(?:Led|Leads|Joined|Worked|Works|Served|Serves|Managed|Manages|Headed|Heads|Ran|Runs|Oversaw|Oversees|Drove|Grew|Spent|Taught|Advised|Directed|Directs|Co-led|Has (?:led|been|worked|managed))\b/;
const OWN_WORK =
  /\b(we|our|us|developed|built|made|maintained|taking care|helping|serving|trusted|in business|exists?)\b/i;
function ownSince(sentence: string, own: string[]): boolean {
  const at = sentence.search(/\bsince\b/i);
  const quoted = /["“„«][^"”»]*$/.test(sentence.slice(0, at));
  return !quoted && (OWN_WORK.test(sentence) || sentence.split(/\s+/).some((w) => isBrand(w, own)));
}

export function draftFoundedYear(site: SiteEvidence): FieldProposal | undefined {
  const own = brandTokens(site);
  for (const org of ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES])) {
    const date = ldString(org.foundingDate);
    const year = date && /^((?:18|19|20)\d{2})/.exec(date)?.[1];
    if (year) return { value: year, quotes: [date] };
  }
  for (const page of site.pages) {
    if (NOT_OURS.includes(pageRole(site, page))) continue;
    for (const block of cleanBlocks(page)) {
      const m = FOUNDED.exec(block);
      if (!m || /©|copyright/i.test(block)) continue;
      const quote = sentenceWith(block, FOUNDED) ?? (block.length <= 400 ? block : null);
      // "since 1970" says when anything began: it dates the product only when the product, its makers or their
      // work is what the sentence is about, and not in someone else's quoted words.
      if (m[2] && quote && (!ownSince(quote, own) || RESUME_LINE.test(quote))) continue;
      if (quote) return { value: m[1] ?? m[2]!, quotes: [quote] };
    }
  }
  return undefined;
}

// --- Where the company is ---------------------------------------------------------

const PLACE =
  "(?:['’]s-)?\\p{Lu}[\\p{L}'’-]+(?:[ -](?:(?:am|an|upon|on|de|del|la|le|sur|im)[ -])?\\p{Lu}[\\p{L}'’-]+){0,2}";
/** The company says where it is: "based in", "headquartered in", "offices in", "located in". */
const BASED = new RegExp(
  `(?<![\\p{L}-])(?:(?:[Bb]ased|[Hh]eadquartered|[Ll]ocated|[Oo]ffices?|HQ)\\s+(?:in|at)|(?:[Hh]eadquarters?|HQ)\\s*:|(?:an? |the )?(?:small |indie |independent |solo |\\S+ )?(?:developer|maker|designer|studio|team|company|founder) from)\\s+(?:the\\s+)?(?:beautiful\\s+|sunny\\s+)?(${PLACE})(?:,\\s*(${PLACE}))?`,
  'u',
);
/** Made, built or designed in a country ("Made in Germany", "Built in Lyon, France"), never in a language ("built in Rust"). */
const MADE_IN = new RegExp(
  `\\b(?:[Mm]ade|[Bb]uilt|[Dd]esigned|[Cc]rafted|[Dd]eveloped|[Ff]atto|[Hh]echo|[Ff]eito|[Ff]abriqué|[Cc]onçu|[Dd]éveloppé|[Hh]ergestellt|[Ee]ntwickelt|[Gg]emacht|[Dd]esarrollado|[Ss]viluppato)\\s+(?:with\\s+\\S+\\s+)?(?:by\\s+[^.,;]{1,40}?\\s+)?(?:in|en|em|no|na)\\s+(?:the\\s+)?(${PLACE})(?:,\\s*(${PLACE}))?`,
  'u',
);
/** Weaker words for where a company is ("a non-profit company at Finland", "registered in the Czech Republic"): they count only before a country. */
const COMPANY_IN = new RegExp(
  `\\b(?:[Rr]egistered|[Ii]ncorporated|(?:non-?profit |small |software |independent )?(?:[Cc]ompany|[Ss]tartup|[Bb]usiness|[Ss]tudio|[Oo]rgani[sz]ation|[Aa]ssociation))\\s+(?:in|at|from)\\s+(?:the\\s+)?(${PLACE})`,
  'u',
);
/** The same in the languages sites are often written in: "basée à Hossegor", "mit Sitz in Zürich", "con sede en Madrid". */
const BASED_ELSEWHERE = new RegExp(
  `(?:\\b(?:basée?s?|situées?|installée?s?|établie?s?|implantée?s?)\\s+(?:à|en|au)|\\b(?:[Mm]it\\s+)?Sitz\\s+in|\\bansässig\\s+in|\\b(?:con\\s+sede|ubicad[ao]s?|basad[ao]s?|situad[ao]s?)\\s+en|\\b(?:sediad[ao]|baseada?)\\s+em)\\s+(${PLACE})(?:,\\s*(${PLACE}))?`,
  'u',
);
/** A legal entity's postal line ("Productta LLC, Delaware, United States"): the country it ends with. */
const ENTITY_AT = new RegExp(
  `\\b(?:LLC|L\\.L\\.C\\.|Inc\\.?|Ltd\\.?|Limited|GmbH|S\\.L\\.|S\\.A\\.|SAS|SARL|B\\.V\\.|Oy|AB|AG|Pty\\.? Ltd\\.?)\\s*,\\s*(?:${PLACE}\\s*,\\s*)?(${PLACE})`,
  'u',
);
/** A flag after a place ("Made in Hossegor 🇫🇷"): two regional indicator letters name its country. */
const FLAG = /^\s*([\u{1F1E6}-\u{1F1FF}])([\u{1F1E6}-\u{1F1FF}])/u;
function flagCountry(after: string): string | null {
  const m = FLAG.exec(after);
  if (!m) return null;
  const letter = (c: string) => String.fromCharCode(c.codePointAt(0)! - 0x1f1e6 + 65);
  return countryCode(letter(m[1]!) + letter(m[2]!));
}

/** Where servers, data or hosting are: not where the company is. */
const INFRASTRUCTURE =
  /\b(servers?|data|hosting|hosted|host|hoster|data ?cent(?:er|re)s?|infrastructure|regions?|stored|storage|backups?|cdn|cloud|nodes?|instances?|availability zones?|datacenters?|hébergée?s?|hébergeur|hébergement|gehostet|hosting-?anbieter|serverstandort|rechenzentrum|alojad[ao]s?|alojamiento|servidores?)(?![\p{L}])/iu;
/** The heading of an imprint's section about who hosts the site or its mail. */
const HOSTING_SECTION =
  /^(?:web ?)?(?:h[ée]bergement|h[ée]bergeur|hosting|hoster|hosted by|h[ée]berg[ée] par|hosting-?anbieter|alojamiento|hospedagem|server(?: location|standort))(?![\p{L}])/iu;
/** A street line: a street word or a house number after the street name. */
const STREET =
  /(?:stra(?:ß|ss)e|str\.|gasse|weg|platz|allee|ring|damm|ufer|chaussee|street|st\.|road|rd\.|avenue|ave\.?|lane|drive|boulevard|blvd|way|square|place|rue|via|viale|calle|avenida|laan|straat|plein|gracht|kade|vej|gatan|gata|väg)\b|\p{L}{3,} \d{1,4}[a-z]?,|^\d{1,5}[a-z]? \p{Lu}/iu;
/**
 * A postcode and its city: 5 or 4 digits, "12-345", "123 45", the Dutch
 * "2582 KP"; a name in brackets may follow the city ("’s-Gravenhage (The
 * Hague), Netherlands"). The end of a phone number before a label ("9005
 * 4950 Fax") is no postcode: placeWord refuses the label.
 */
const EU_POSTCODE = new RegExp(
  `(?:^|[,\\s])(?:([A-Z]{1,2})[- ])?(\\d{4,5}|\\d{2}-\\d{3}|\\d{3} \\d{2}|\\d{4} ?[A-Z]{2}(?=\\s))\\s+(${PLACE})(?:\\s*\\([^()]{1,40}\\))?(?:\\s*,\\s*(${PLACE}))?`,
  'u',
);
/** The country letters before a postcode ("CH-8037 Zürich", "D-50672 Köln"): an ISO code, or a one-letter car code. */
const POSTCODE_PREFIX: Record<string, string> = { D: 'DE', A: 'AT', F: 'FR', I: 'IT', B: 'BE', L: 'LU' };
const prefixCountry = (prefix: string | undefined) =>
  prefix ? (POSTCODE_PREFIX[prefix] ?? (prefix.length === 2 ? countryCode(prefix) : null)) : null;

/** A city run into the country after it ("Mechernich Germany E-Mail"): the city and the country's code. */
function cityThenCountry(place: string): { city: string; country: string | null } {
  const words = place.split(' ');
  for (let n = 1; n < words.length; n++)
    for (let end = words.length; end > n; end--) {
      const code = countryCode(words.slice(n, end).join(' '));
      if (code) return { city: words.slice(0, n).join(' '), country: code };
    }
  return { city: place, country: null };
}
const UK_POSTCODE = new RegExp(
  `(${PLACE}),?\\s+([A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2})\\b(?:\\s*,\\s*(${PLACE}))?`,
  'u',
);
const US_ADDRESS = new RegExp(
  `(${PLACE}),\\s*([A-Z]{2})\\s+(\\d{5}(?:-\\d{4})?|[A-Z]\\d[A-Z] ?\\d[A-Z]\\d)\\b(?:\\s*,\\s*(${PLACE}))?`,
  'u',
);
/** An Australian address's last line: a city, its state, a four-digit postcode ("Melbourne Victoria, 3004", "Surry Hills NSW 2010"). */
const AU_ADDRESS =
  /(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?)\s*,?\s+(?:New South Wales|Victoria|Queensland|South Australia|Western Australia|Tasmania|Northern Territory|Australian Capital Territory|NSW|VIC|QLD|SA|WA|TAS|NT|ACT)\s*,?\s+\d{4}\b/u;
/** A street's own last word run into the city after it ("… St Kilda Rd Melbourne"). */
const STREET_END =
  /^(?:Rd|St|Street|Road|Ave|Avenue|Hwy|Highway|Pde|Parade|Tce|Terrace|Dr|Drive|Cres|Crescent|Lane|Ln|Pl|Place|Blvd|Way|Ct|Court)\.?\s+/;
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
/** A register entry names the country by its register ("Amtsgericht Hamburg, HRB 123456"). */
const REGISTERS: [RegExp, string, RegExp | null][] = [
  // A Swiss register entry also says "Handelsregister": its canton or its UID (CHE-…) tells it apart.
  [/\bCHE-\d{3}\.\d{3}\.\d{3}\b|\bHandelsregister des Kantons\b/, 'CH', null],
  [
    /\b(Amtsgericht|Handelsregister|HRB|HRA|Registergericht)\b/,
    'DE',
    new RegExp(`\\b(?:Amtsgericht|Registergericht)\\s+(${PLACE})`, 'u'),
  ],
  [/\b(Companies House|registered in England(?: and|&) Wales|registered in Scotland)\b/i, 'GB', null],
  [/\b(KvK|KVK|Kamer van Koophandel)\b/, 'NL', null],
  [/\bRCS\s+\p{Lu}/u, 'FR', new RegExp(`\\bRCS\\s+(${PLACE})`, 'u')],
  [/\bFirmenbuch(?:gericht)?\b|\bFN \d+/, 'AT', null],
  // The imprint German law asks for ("Angaben gemäß § 5 TMG", since 2024 DDG); Austria's is § 5 ECG.
  [/§\s*5\s*(?:TMG|DDG)\b/, 'DE', null],
  [/§\s*5\s*ECG\b|§\s*25\s*MedienG\b/, 'AT', null],
];

/** A VAT number starts with its country ("VAT Number: FI34047245", "USt-IdNr.: DE123456789"); Greece writes EL. */
const VAT_ID =
  /\b(?:VAT|USt\.?-?Id(?:Nr)?\.?|Umsatzsteuer-Identifikationsnummer|TVA|IVA|BTW|UID|NIF|P\.? ?IVA)\b[^\n]{0,30}?\b([A-Z]{2}) ?(?=\d)[0-9A-Z]{8,12}\b/;
function fromVatId(block: string): Found | null {
  if (block.length > 400) return null;
  const m = VAT_ID.exec(block);
  if (!m) return null;
  const code = m[1] === 'EL' ? 'GR' : countryCode(m[1]!);
  return code ? { country: { value: code, quotes: [sentenceWith(block, VAT_ID) ?? block] } } : null;
}

type Found = { city?: FieldProposal; country?: FieldProposal };

/** A word that can be a place: not a pronoun, no digits, not a contact label ("Fax", "Tel"). */
const placeWord = (p: string) =>
  !/^(the|our|an?|we|us|you|fax|phone|tel|telephone|telefon|mobile|email|e-mail|hotline|web|www)$/i.test(p) &&
  !/\d/.test(p);

function fromAddress(block: string): Found | null {
  if (block.length > 300 || !/\d/.test(block)) return null;
  if (!STREET.test(block)) return fromPostcodeAndCountry(block);
  const us = US_ADDRESS.exec(block);
  if (us && (US_STATES.has(us[2]!) || CA_PROVINCES.has(us[2]!))) {
    const country = us[4] && countryCode(us[4]) ? countryCode(us[4])! : US_STATES.has(us[2]!) ? 'US' : 'CA';
    return { city: { value: us[1]!, quotes: [block] }, country: { value: country, quotes: [block] } };
  }
  const au = AU_ADDRESS.exec(block);
  const auCity = au?.[1]?.replace(STREET_END, '');
  if (auCity && placeWord(auCity))
    return { city: { value: auCity, quotes: [block] }, country: { value: 'AU', quotes: [block] } };
  const uk = UK_POSTCODE.exec(block);
  if (uk && placeWord(uk[1]!) && !countryCode(uk[1]!))
    return {
      city: { value: uk[1]!, quotes: [block] },
      country: { value: uk[3] && countryCode(uk[3]) ? countryCode(uk[3])! : 'GB', quotes: [block] },
    };
  return fromPostcode(block);
}

/** "53894 Mechernich Germany", "CH-8037 Zürich", "59170 Croix, France": the city and, when named, the country. */
function fromPostcode(block: string): Found | null {
  const eu = EU_POSTCODE.exec(block);
  if (!eu || !placeWord(eu[3]!) || /^(19|20)\d{2}$/.test(eu[2]!) || countryCode(eu[3]!)) return null;
  const { city, country: after } = cityThenCountry(eu[3]!);
  const country = (eu[4] ? countryCode(eu[4]) : null) ?? after ?? prefixCountry(eu[1]);
  return {
    city: { value: city, quotes: [block] },
    ...(country ? { country: { value: country, quotes: [block] } } : {}),
  };
}

/** Without a street line, a postcode and a city count only with the country named ("Adresse : 59170 Croix, France"). */
function fromPostcodeAndCountry(block: string): Found | null {
  const found = fromPostcode(block);
  return found?.country ? found : null;
}

/** Whether the words right before a match speak of servers or data ("Our servers are located in"). */
const aboutInfrastructure = (sentence: string, at: number) =>
  INFRASTRUCTURE.test(sentence.slice(0, at).split(/\s+/).slice(-5).join(' '));

/**
 * A postal address starting at block `i`: the block alone, or written over a
 * few short lines ("Ehrenstraße 45" / "50672 Köln"), quoted as those lines.
 */
function addressAt(blocks: string[], i: number): Found | null {
  // The address of whoever hosts the site ("Le site est hébergé par : Vercel Inc., …") is not the company's.
  if (blocks.slice(Math.max(0, i - 2), i).some((b) => b.length <= 120 && INFRASTRUCTURE.test(b))) return null;
  let lines = blocks[i]!;
  const alone = fromAddress(lines);
  // Lines are joined only from a street line or a company's name down.
  if (
    alone ||
    lines.length > 80 ||
    !(STREET.test(lines) || COMPANY_WORD.test(lines) || /\s(GmbH|UG|AG|Inc|Ltd|LLC|BV|SAS|SARL|Oy|AB)\b/.test(lines))
  )
    return alone;
  for (let k = i + 1; k < Math.min(blocks.length, i + 4) && blocks[k]!.length <= 80; k++) {
    lines = `${lines} ${blocks[k]}`;
    const f = fromAddress(lines);
    if (f) return f;
  }
  return null;
}

function fromSentence(sentence: string): Found | null {
  const based = BASED.exec(sentence);
  if (based && placeWord(based[1]!) && !aboutInfrastructure(sentence, based.index)) {
    const [first, second] = [based[1]!, based[2]];
    const region = second ? regionCountry(second) : null;
    if (second && (region ?? countryCode(second)))
      return {
        city: { value: first, quotes: [sentence] },
        country: { value: (region ?? countryCode(second))!, quotes: [sentence] },
      };
    if (countryCode(first)) return { country: { value: countryCode(first)!, quotes: [sentence] } };
    // "Rochester, New York": the region after the city is no country, the city stands.
    return { city: { value: first, quotes: [sentence] } };
  }
  const made = MADE_IN.exec(sentence);
  if (made && !aboutInfrastructure(sentence, made.index)) {
    const [first, second] = [made[1]!, made[2]];
    if (second && countryCode(second))
      return {
        city: { value: first, quotes: [sentence] },
        country: { value: countryCode(second)!, quotes: [sentence] },
      };
    if (countryCode(first)) return { country: { value: countryCode(first)!, quotes: [sentence] } };
    const flag = flagCountry(sentence.slice(made.index + made[0].length));
    if (flag && placeWord(first))
      return { city: { value: first, quotes: [sentence] }, country: { value: flag, quotes: [sentence] } };
  }
  const elsewhere = BASED_ELSEWHERE.exec(sentence);
  if (elsewhere && placeWord(elsewhere[1]!) && !aboutInfrastructure(sentence, elsewhere.index)) {
    const [first, second] = [elsewhere[1]!, elsewhere[2]];
    const flag = flagCountry(sentence.slice(elsewhere.index + elsewhere[0].length));
    if (countryCode(first) && !second) return { country: { value: countryCode(first)!, quotes: [sentence] } };
    const country = (second && countryCode(second)) || flag;
    return {
      city: { value: first, quotes: [sentence] },
      ...(country ? { country: { value: country, quotes: [sentence] } } : {}),
    };
  }
  const company = COMPANY_IN.exec(sentence);
  const country = company ? countryAtStart(company[1]!) : null;
  if (country && !aboutInfrastructure(sentence, company!.index))
    return { country: { value: country, quotes: [sentence] } };
  const entity = ENTITY_AT.exec(sentence);
  const entityCountry = entity ? countryCode(entity[1]!) : null;
  if (entityCountry && !aboutInfrastructure(sentence, entity!.index))
    return { country: { value: entityCountry, quotes: [sentence] } };
  return null;
}

/** Two capitals after a city name a US state or a Canadian province ("San Francisco, CA"), not a country. */
const regionCountry = (place: string): string | null =>
  !/^[A-Z]{2}$/.test(place) ? null : US_STATES.has(place) ? 'US' : CA_PROVINCES.has(place) ? 'CA' : null;

/** The country a place's first words name ("Czech Republic Company ID", where a line break fell between). */
function countryAtStart(place: string): string | null {
  const words = place.split(/\s+/);
  for (let n = words.length; n > 0; n--) {
    const code = countryCode(words.slice(0, n).join(' '));
    if (code) return code;
  }
  return null;
}

function fromRegister(block: string): Found | null {
  if (block.length > 400) return null;
  for (const [pattern, country, city] of REGISTERS) {
    if (!pattern.test(block)) continue;
    const sentence = sentenceWith(block, pattern) ?? block;
    const c = city?.exec(sentence)?.[1];
    return {
      country: { value: country, quotes: [sentence] },
      ...(c && placeWord(c) ? { city: { value: c, quotes: [sentence] } } : {}),
    };
  }
  return null;
}

/** Pages where a company states its address: imprint, contact, about, then home (its footer), then the rest. */
const placeRank = (role: string) => ({ legal: 0, contact: 1, about: 2, home: 3 })[role as 'legal'] ?? 4;

export function draftLocation(site: SiteEvidence): Found {
  for (const org of ldOfType(site, [...ORG_TYPES, ...PRODUCT_TYPES])) {
    const address = [org.address, org.location && (org.location as Record<string, unknown>).address]
      .flat()
      .find((a) => a && typeof a === 'object') as Record<string, unknown> | undefined;
    if (!address) continue;
    const countryObj = address.addressCountry as Record<string, unknown> | undefined;
    const countryRaw = ldString(address.addressCountry) ?? ldString(countryObj?.name);
    const city = ldString(address.addressLocality);
    const code = countryRaw ? countryCode(countryRaw) : null;
    // A country code is too short to quote alone: the address's other lines show it.
    const lines = [ldString(address.streetAddress), ldString(address.postalCode), city, countryRaw].filter(
      (l): l is string => !!l && l.length >= 3,
    );
    // An address of a country code alone cannot be quoted: the page's own words may still say where.
    if ((code && lines.length > 0) || city)
      return {
        ...(code && lines.length > 0 ? { country: { value: code, quotes: lines } } : {}),
        ...(city ? { city: { value: city, quotes: [city] } } : {}),
      };
  }
  const pages: EvidencePage[] = [...site.pages]
    .filter((p) => !NOT_OURS.includes(pageRole(site, p)))
    .sort((a, b) => placeRank(pageRole(site, a)) - placeRank(pageRole(site, b)));
  // The strongest source wins each cell: the company's own "based in", then a postal address, then a register entry.
  const found: Found[] = [];
  const readers: ((blocks: string[], i: number) => Found | null)[] = [
    (blocks, i) =>
      sentences(blocks[i]!)
        .map(fromSentence)
        .find((f) => f) ?? null,
    addressAt,
    (blocks, i) => fromRegister(blocks[i]!),
    (blocks, i) => fromVatId(blocks[i]!),
  ];
  for (const read of readers)
    for (const page of pages) {
      const blocks = cleanBlocks(page);
      const sections = headingsAbove(page);
      for (let i = 0; i < blocks.length; i++) {
        // Whatever a "Hosting" section of an imprint says is where the host is.
        if (HOSTING_SECTION.test(sections[i] ?? '')) continue;
        const f = read(blocks, i);
        if (f) found.push(f);
      }
    }
  const city = found.find((f) => f.city)?.city;
  // A country from a source that also names a different city would contradict it: take the city's own source first.
  const withCity = found.find((f) => f.city === city && f.country);
  const country =
    withCity?.country ?? found.find((f) => f.country && (!f.city || f.city.value === city?.value))?.country;
  return { ...(city ? { city } : {}), ...(country ? { country } : {}) };
}
