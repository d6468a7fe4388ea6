// How a demo listing reads: its description from the product's own line, who
// it is for, why it exists, its true attributes and its price; its pricing
// summary and FAQs from the same pricing; the founder story, updates,
// milestones and founders' bios. Every choice goes through the seed's PRNG.
import { attributeCopy, type ProductKind } from './demo-data.js';
import type { ProductIdea } from './demo-products.js';
import type { Random } from './random.js';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The features that read as things ("the time tracking"), not as qualities or doings ("the multilingual", "the runs on your NAS"). */
export function nounFeatures(features: string[]): string[] {
  const things = features.filter(
    (f) =>
      !/^(works|runs|no |private|offline first|multi|single-server|time zone aware|shuts|learns|skips|rerun|run |publish|import from|tap to|clock in|search by|replies from|quotes on|offline messages)|(-free|-friendly|aware|lingual)$/i.test(
        f,
      ),
  );
  return things.length > 0 ? things : features;
}

/** A feature as it reads mid-sentence: "Automatic reminders" → "automatic reminders", "Apple Watch app" kept. */
export function midSentence(feature: string): string {
  const first = feature.split(' ')[0]!;
  const properNoun =
    /^(Apple|Google|Slack|Shopify|Figma|Garmin|Steam|Unity|Godot|Kindle|Gmail|Postgres|Markdown|Lightroom|Aseprite|OBS|Strava|Jira|Grafana|Matter|Zigbee|WhatsApp|Peppol|Word|Vim|Final|EU|CSS)$/;
  return /^[A-Z][a-z]+(-[a-z]+)*$/.test(first) && !properNoun.test(first)
    ? feature.charAt(0).toLowerCase() + feature.slice(1)
    : feature;
}

const audienceSentences = [
  (name: string, a: string) => `${name} is made for ${a}.`,
  (name: string, a: string) => `${name} was built with ${a} in mind.`,
  (name: string, a: string) => `Most of the people using ${name} are ${a}.`,
  (name: string, a: string) => `${name} was designed for ${a}.`,
];

const whySentences: Record<ProductKind, string[]> = {
  software: [
    'The founders built the first version for themselves and opened it up when friends kept asking for access.',
    'It started as a side project after one too many evenings spent doing the same thing by hand.',
    "Setup takes a few minutes, and there's a person on the other end of the support inbox.",
    'The team is small and ships something new most weeks; the public changelog shows it.',
    'It deliberately does less than the big suites, and does that part well.',
    'Everything can be exported at any time, so trying it carries little risk.',
    'It grew out of a consulting project, when the same problem came up at three clients in a row.',
    'The interface is quiet on purpose: common things take one click, rare ones are a menu away.',
    "It's built and run by a small team who answer every email themselves.",
    'Early users say the best part is how little there is to learn.',
    'Its makers used the big-name alternatives for years and wanted something faster and simpler.',
    'It works alongside the tools teams already have instead of asking them to switch everything.',
    'A public roadmap shows what is coming next, and users vote on what gets built.',
    'Onboarding is a short checklist rather than a sales call.',
    'It began inside a larger company and was spun out when the team saw how many others had the same problem.',
  ],
  hardware: [
    "It's designed and assembled in small batches, and every unit is tested before it ships.",
    'The makers started with a 3D-printed prototype and a crowdfunding campaign.',
    'Firmware updates arrive over the air, so it keeps getting better after you buy it.',
    'Spare parts and repair guides are available, so it does not end up in a drawer.',
    'It was designed to work for years without a subscription or a company server.',
  ],
  game: [
    "It's made by a small team who met at a game jam.",
    'It spent a year in early access, shaped by player feedback on Discord.',
    'The soundtrack was written for the game and is available on its own.',
    'It works just as well in short sessions as in long evenings.',
    'There are no microtransactions: you buy it once and get everything.',
  ],
};

export interface Price {
  summary: string;
  sentence: string;
}

/** The pricing summary and the sentence a description ends with, from the model and the kind of product. */
export function price(
  rnd: Random,
  model: string,
  kind: ProductKind,
  openSource: boolean,
  /** Sold to people rather than companies: cheaper plans. */
  consumer: boolean,
  /** Bought by teams: prices per seat and "teams pay" make sense. */
  teams: boolean,
): Price {
  const dollars = (options: number[]) => rnd.pick(options);
  switch (model) {
    case 'free':
      return openSource
        ? {
            summary: 'Free and open source',
            sentence: "It's free; the makers fund it through sponsorships and support contracts.",
          }
        : kind === 'game'
          ? { summary: 'Free to play', sentence: "It's free to play, with no ads." }
          : rnd.pick([
              { summary: 'Free', sentence: "It's free to use." },
              { summary: 'Free', sentence: "It's free, and it's staying that way." },
            ]);
    case 'freemium': {
      const p = dollars(consumer ? [3, 4, 5, 7, 9] : [5, 7, 9, 12, 15, 19, 24, 29]);
      const plain = {
        summary: `Free plan; paid plans from $${p}/month`,
        sentence: `There's a free plan that's enough to try it properly; paid plans start at $${p} a month.`,
      };
      return !teams
        ? plain
        : rnd.pick([
            plain,
            {
              summary: `Free for one person; teams from $${p}/month`,
              sentence: `It's free for one person, and teams pay from $${p} a month.`,
            },
          ]);
    }
    case 'subscription': {
      if (kind === 'hardware') {
        const p = dollars([4, 6, 9]);
        return {
          summary: `$${p}/month, device included`,
          sentence: `The device comes with the plan, which costs $${p} a month.`,
        };
      }
      const p = dollars(consumer ? [3, 5, 7, 9, 12] : [5, 8, 9, 12, 15, 19, 24, 29, 39, 49]);
      return !teams || rnd.next() < 0.5
        ? { summary: `From $${p}/month`, sentence: `Plans start at $${p} a month, with a 14-day free trial.` }
        : { summary: `$${p} per user/month`, sentence: `It costs $${p} per user a month, billed monthly or yearly.` };
    }
    case 'one-time': {
      if (kind === 'hardware') {
        const p = dollars([39, 59, 79, 129, 149, 199, 249]);
        return { summary: `$${p}`, sentence: `It costs $${p}, and there's no subscription.` };
      }
      if (kind === 'game') {
        const p = dollars([9, 12, 15, 18, 20, 25]);
        return { summary: `$${p}`, sentence: `It's $${p} on Steam and itch.io.` };
      }
      const p = dollars([19, 29, 39, 49, 79]);
      return {
        summary: `$${p} one-time`,
        sentence: `It's a one-time purchase of $${p}, with a year of updates included.`,
      };
    }
    case 'usage-based': {
      const p = dollars([10, 20, 25, 50]);
      const who = teams ? 'most small teams' : 'most people';
      return {
        summary: `Usage-based, with a free allowance; ${who} pay under $${p}/month`,
        sentence: `Pricing is usage-based: there's a free allowance each month, and ${who} pay under $${p}.`,
      };
    }
    case 'pay-what-you-want': {
      const p = dollars([5, 8, 10, 15]);
      return {
        summary: `Pay what you want (suggested $${p})`,
        sentence: `It's pay-what-you-want, with a suggested price of $${p}.`,
      };
    }
    default:
      return {
        summary: 'Contact sales',
        sentence: "Pricing depends on the size of the team, and there's a free pilot to start.",
      };
  }
}

/** The attributes a listing has, and which of them its own copy already says. */
export function attributesOf(
  rnd: Random,
  names: readonly string[],
  idea: ProductIdea,
  model: string,
): { values: Record<string, boolean>; unsaid: string[] } {
  const text = [idea.tagline, idea.does, ...idea.features].join(' ');
  const values: Record<string, boolean> = {};
  const unsaid: string[] = [];
  for (const name of names) {
    const copy = attributeCopy[name];
    const implied = copy?.implied?.test(text) ?? false;
    const value =
      name === 'Free plan'
        ? model === 'free' || model === 'freemium'
        : name === 'Hosted option'
          ? model !== 'free'
          : name === 'License'
            ? true
            : implied || (!copy?.excluded?.test(text) && rnd.next() < (copy?.odds ?? 0));
    values[name] = value;
    if (value && !implied && copy && name !== 'Free plan') unsaid.push(copy.clause);
  }
  return { values, unsaid };
}

/**
 * The listing's short description (what it does, shown first and in bold) and
 * its description, which goes on from there without repeating it: who it is
 * for, why it exists or what else it has, and its price, in two paragraphs.
 */
export function describe(
  rnd: Random,
  idea: ProductIdea,
  kind: ProductKind,
  unsaidAttributes: string[],
  priceSentence: string,
): { short: string; long: string } {
  const first = [rnd.pick(audienceSentences)(idea.name, idea.audience)];
  const second: string[] = [];
  const roll = rnd.next();
  const attributes = () => {
    const [a, b] = rnd.sample(unsaidAttributes, 2);
    return b ? `${cap(a!)}, and ${b}.` : `${cap(a!)}.`;
  };
  if (roll < 0.35 || unsaidAttributes.length === 0) first.push(rnd.pick(whySentences[kind]));
  if (roll >= 0.2 && unsaidAttributes.length > 0) second.push(attributes());
  second.push(priceSentence);
  return { short: `${idea.name} ${idea.does}`, long: `${first.join(' ')}\n\n${second.join(' ')}` };
}

/** Two questions a buyer asks first, answered for this pricing and kind of product. */
export function listingFaqs(
  model: string,
  kind: ProductKind,
  openSource: boolean,
  consumer: boolean,
): [string, string][] {
  const pricing: Record<string, [string, string]> = {
    free: openSource
      ? ['Is it really free?', 'Yes. The code is open source, and the hosted version is free for personal use.']
      : ['Is it really free?', 'Yes. There is no paid plan, and no limits on the core features.'],
    freemium: consumer
      ? ['What does the free plan include?', 'The core features, with no time limit. The paid plan adds the extras.']
      : [
          'What does the free plan include?',
          'Everything you need to try it properly, for one person. Paid plans add team features and higher limits.',
        ],
    subscription: ['Is there a free trial?', 'Yes, 14 days with every feature, and no card needed to start.'],
    'one-time':
      kind === 'hardware'
        ? ['Is there a subscription?', 'No. The device and the app work without one.']
        : kind === 'game'
          ? ['Are there in-game purchases?', 'No. You buy the game once and get everything.']
          : ['Is it really a one-time payment?', 'Yes. You pay once and keep it, with a year of updates included.'],
    'usage-based': [
      'How is usage billed?',
      'Monthly, for what you used the month before. You can set a spending cap in the billing settings.',
    ],
    'pay-what-you-want': [
      'What if I cannot pay?',
      'Pay what you can, including nothing. The suggested price keeps the project going.',
    ],
    'contact sales': [
      'Why is there no public price?',
      'It depends on the size of the team. Ask for a quote: it takes a day.',
    ],
  };
  const second: Record<ProductKind, [string, string]> = {
    software: ['Can I export my data?', 'Yes, at any time, as CSV or JSON.'],
    hardware: ['Which countries do you ship to?', 'Most of Europe and North America, with more to come.'],
    game: ['Which platforms is it on?', 'Windows, macOS and Linux, and it plays well on the Steam Deck.'],
  };
  return [pricing[model] ?? pricing.subscription!, second[kind]];
}

interface StoryWords {
  story: string[];
  why_started: string[];
  problem: string[];
  journey: string[];
  challenges: string[];
  achievements: string[];
  lessons: string[];
  whats_next: string[];
}

const softwareStory: StoryWords = {
  story: [
    '{name} started as a weekend project to fix our own workflow. A few friends asked to use it, then their friends did.',
    'We kept hearing the same complaint from {audience}, and none of the tools they tried fitted how they worked.',
    'The idea came out of a conversation over lunch: why is this still so hard? {name} is our answer.',
    'It began as a tool we built for a client. When three other clients asked for the same thing, we made it a product.',
  ],
  why_started: [
    'We kept losing time to the same manual steps.',
    'We were tired of paying for a big suite and using a tenth of it.',
    'A friend showed us the spreadsheet they used to hold it all together, and we knew there had to be a better way.',
  ],
  problem: [
    'The existing tools were built for large companies, with prices and setup to match.',
    'Everything out there tried to do too much, and the one thing we needed was buried three menus deep.',
    'People were stitching together three or four tools with a lot of copy and paste.',
  ],
  journey: [
    '{months} months of evenings, then a private beta with twenty friends.',
    'We built the first version in {months} months, threw most of it away after talking to users, and rebuilt it in two.',
    'A year of part-time work, a private beta, and a lot of calls with early users.',
  ],
  challenges: [
    'Pricing, and saying no to features.',
    'Staying small and focused while early users asked for everything.',
    'Getting the first hundred people to try it at all.',
  ],
  achievements: [
    '$ Our first hundred paying customers.',
    'A thousand sign-ups in the first month, mostly by word of mouth.',
    '$ Profitable within a year, with no outside funding.',
  ],
  lessons: [
    'Talk to users every week, even when it feels like there is no time.',
    'Ship small and often; nobody misses the features you did not build.',
    '$ Charge from day one. People take a product they pay for more seriously.',
    'Write the docs before the feature. If it is hard to explain, it is hard to use.',
  ],
  whats_next: [
    'A public API and better mobile support.',
    'Team features, and a few integrations people keep asking for.',
    'Better onboarding, and a version for larger teams.',
  ],
};

const stories: Record<ProductKind, StoryWords> = {
  software: softwareStory,
  hardware: {
    ...softwareStory,
    story: [
      '{name} started on a kitchen table with a soldering iron and a 3D printer.',
      'We wanted a device that did one thing well, worked without an account and lasted for years.',
    ],
    problem: [
      'The devices on the market needed a cloud account and a subscription to do simple things.',
      'Everything we found was either a toy or priced for professionals.',
    ],
    achievements: [
      'Our first production run sold out in two weeks.',
      'A crowdfunding campaign that met its goal in three days.',
    ],
    whats_next: ['A second model, and support for more smart home platforms.', 'Shipping to more countries.'],
  },
  game: {
    ...softwareStory,
    story: [
      'We met at a game jam and kept working on the prototype long after the jam ended.',
      '{name} began as a tiny prototype one of us made on holiday, and we could not stop playing it.',
    ],
    why_started: ['We wanted to make the kind of game we loved playing as kids.'],
    problem: ['Small games struggle to be seen, so we needed players to find it before launch.'],
    journey: ['{months} months of evenings, a demo at a festival, then a year of full-time work.'],
    challenges: ['Scope. Every idea seemed essential until we had to build it.'],
    achievements: ['Ten thousand wishlists before launch.', 'A spot in a festival showcase.'],
    lessons: ['Put the game in front of players early, even when it looks rough.'],
    whats_next: ['A free content update and a console version.', 'Translations into six languages.'],
  },
};

/** Only what holds for this product: lines marked "$ " talk about paying customers or pricing. */
const holding = (lines: string[], paid: boolean) =>
  lines.filter((l) => paid || !l.startsWith('$ ')).map((l) => l.replace(/^\$ /, ''));

/** A founder story: one sentence or two for each of its sections. */
export function founderStory(
  rnd: Random,
  name: string,
  audience: string,
  kind: ProductKind,
  months: number,
  paid: boolean,
) {
  const words = stories[kind];
  const fill = (s: string) =>
    s.replaceAll('{name}', name).replaceAll('{audience}', audience).replaceAll('{months}', String(months));
  const one = (options: string[]) => fill(rnd.pick(holding(options, paid)));
  return {
    title: rnd.pick([`Why we built ${name}`, `How ${name} started`, `The story behind ${name}`]),
    story: one(words.story),
    why_started: one(words.why_started),
    problem: one(words.problem),
    journey: one(words.journey),
    challenges: one(words.challenges),
    achievements: one(words.achievements),
    lessons: one(words.lessons),
    whats_next: one(words.whats_next),
  };
}

const updates: Record<ProductKind, [string, string][]> = {
  software: [
    [
      'New: a public API',
      'The API is live on every plan. You can read and write everything you see in the app, and the docs have examples in four languages.',
    ],
    [
      'Dark mode is here',
      'The most requested feature since launch week is out. It follows your system setting, or you can choose in preferences.',
    ],
    [
      'Thank you for launch week',
      'Thanks to everyone who tried {name} in launch week. We read every comment and fixed the eleven small bugs you reported; the changelog has the details.',
    ],
    [
      'Faster everywhere',
      'We rewrote the slowest parts of the app. Pages that took a second now load in a fraction of that.',
    ],
    [
      '$ Simpler pricing',
      'We cut pricing down to two plans. Existing customers keep their current price for as long as they stay.',
    ],
  ],
  hardware: [
    ['Firmware 1.2 is out', 'Better battery life and faster pairing. Update from the app; it takes about two minutes.'],
    ['The second batch is shipping', 'The second production run is on its way to you. Thank you for your patience.'],
    [
      'Thank you for launch week',
      'Thanks to everyone who ordered {name} in launch week. The first orders ship on Monday.',
    ],
  ],
  game: [
    ['Patch 1.0.3', 'Fixes for a rare crash at start-up, better controller mapping and a handful of typos.'],
    ['Free update: new levels', 'Ten new levels and a photo mode, free for everyone who owns the game.'],
    [
      'Thank you for launch week',
      'Thanks to everyone who played {name} in launch week. Your reviews mean the world to a small studio.',
    ],
  ],
};

export function listingUpdate(
  rnd: Random,
  name: string,
  kind: ProductKind,
  paid: boolean,
): { title: string; body: string } {
  const [title, body] = rnd.pick(updates[kind].filter(([t]) => paid || !t.startsWith('$ ')));
  return { title: title.replace(/^\$ /, ''), body: body.replaceAll('{name}', name) };
}

/** Milestones before a launch, oldest first. */
export const milestoneTitles: Record<ProductKind, string[]> = {
  software: ['Started building', 'First prototype', 'Private beta'],
  hardware: ['First working prototype', 'Crowdfunding campaign', 'First production run'],
  game: ['Game jam prototype', 'Playable demo', 'Festival showcase'],
};

const bios = [
  '{first} spent {years} years as {role} before starting {product}, and lives in {city}.',
  'Before {product}, {first} worked as {role} for {years} years. Based in {city}.',
  '{first} started {product} after {years} years as {role}, and still answers most support emails personally.',
  'Former {bare} from {city}, now building {product} full time.',
  '{first} builds {product} from {city}. Previously {role} for {years} years.',
];

export function founderBio(rnd: Random, first: string, role: string, product: string, city: string): string {
  return rnd
    .pick(bios)
    .replaceAll('{first}', first)
    .replaceAll('{years}', String(rnd.int(3, 12)))
    .replaceAll('{role}', role)
    .replaceAll('{bare}', role.replace(/^(a|an|the) /, ''))
    .replaceAll('{product}', product)
    .replaceAll('{city}', city);
}
