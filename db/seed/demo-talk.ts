// What people write on the demo directory: reviews (an opening and a detail,
// matched to the rating and the kind of product) and discussion threads (a
// question, the maker's answer and sometimes another member's reply), each
// written from the facts of the listing it is on so the answers hold; and
// how they are drawn for the live listings, in launch week, after the launch.
import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import { midSentence, nounFeatures } from './demo-copy.js';
import type { ProductKind } from './demo-data.js';
import type { Plan } from './demo-plan.js';
import type { Random } from './random.js';

/** What a thread or review may say about the listing it is on. */
export interface ListingFacts {
  name: string;
  audience: string;
  /** One of its features, as it would appear mid-sentence. */
  feature: string;
  kind: ProductKind;
  pricing: string;
  /** Sold to people rather than teams. */
  consumer: boolean;
  /** Another live listing in the same subcategory. */
  alternative: string | null;
  attributes: Record<string, boolean>;
  founders: number;
  /** Months from first commit to the private beta. */
  months: number;
}

type Say = (f: ListingFacts) => string;

export interface ThreadIdea {
  /** Whether the thread makes sense on this listing. */
  fits?: (f: ListingFacts) => boolean;
  ask: Say;
  maker?: Say;
  /** Another member joins in (before the maker answers). */
  other?: Say;
}

const has = (f: ListingFacts, ...attributes: string[]) => attributes.some((a) => f.attributes[a]);
const knows = (f: ListingFacts, attribute: string) => attribute in f.attributes;

const softwareThreads: ThreadIdea[] = [
  {
    ask: () => 'Congrats on the launch! How long did the first version take to build?',
    maker: (f) =>
      `Thank you! About ${f.months} months of evenings and weekends before the private beta, then a few more of polishing with the first users.`,
  },
  {
    fits: (f) => f.alternative !== null,
    ask: (f) => `How does this compare to ${f.alternative}? I've been using it for a while.`,
    maker: (f) =>
      `Fair question. ${f.alternative} is good, and if it works for you, keep it! We went narrower: ${f.name} is made for ${f.audience}, so there's less to set up and less to ignore.`,
  },
  {
    ask: () => 'Is there an API, or some way to get data out automatically?',
    maker: (f) =>
      has(f, 'API') || /\bAPI\b|webhook/i.test(f.feature)
        ? 'Yes, there is a REST API on every plan, and webhooks for the main events. The docs are linked from the footer.'
        : "Not yet, but it's the most requested thing so far and it's next on the list. CSV export works today in the meantime.",
    other: () => '+1, an API would make this an easy yes for our team.',
  },
  {
    fits: (f) => knows(f, 'Mobile app'),
    ask: () => 'Any plans for a phone app?',
    maker: (f) =>
      has(f, 'Mobile app')
        ? `There is one already! Search for ${f.name} in the App Store or on Google Play.`
        : "It's on the roadmap. The web app works well on a phone in the meantime.",
  },
  {
    fits: (f) => knows(f, 'Self-hostable') || knows(f, 'On-premise'),
    ask: () => 'Can I run this on my own server?',
    maker: (f) =>
      has(f, 'Self-hostable', 'On-premise')
        ? 'Yes: there is a Docker image and a one-page guide. Most people have it running in ten minutes.'
        : "Not at the moment. We'd rather get the hosted version right first, but it's something we want to offer.",
  },
  {
    fits: (f) => f.pricing === 'freemium',
    ask: () => 'What are the limits on the free plan?',
    maker: (f) =>
      f.consumer
        ? 'The core features, with no time limit. The paid plan adds the extras, and helps us keep the lights on.'
        : 'One person and the core features, with no time limit. The paid plans add team features and higher limits.',
  },
  {
    fits: (f) => f.pricing === 'subscription',
    ask: () => 'Any discount for nonprofits or students?',
    maker: () => "Yes, half price for both. Email us from your school or organisation address and we'll set it up.",
    other: () => 'Good to know, thanks for asking this.',
  },
  {
    fits: (f) => f.pricing === 'one-time',
    ask: () => 'Love that it is a one-time purchase. Will updates stay free?',
    maker: () =>
      'Everything in this version, yes. If we ever make a big new version, existing customers get it at a large discount.',
  },
  {
    fits: (f) => f.pricing === 'free',
    ask: () => 'How do you plan to keep this free?',
    maker: () =>
      "It costs very little to run, and a few companies sponsor it. If that ever changes we'll say so well in advance.",
  },
  {
    fits: (f) => f.pricing === 'usage-based',
    ask: () => 'Can I set a spending cap? Usage-based pricing makes me a bit nervous.',
    maker: () => 'Yes, in the billing settings. You get an email at 80% and nothing runs past the cap.',
  },
  {
    ask: (f) =>
      `Tried it this morning and went straight for the ${f.feature}. Exactly what I was missing. One request: dark mode, please!`,
    other: () => '+1 for dark mode.',
    maker: () => 'Thanks for trying it so quickly! Dark mode is half done; it should ship in the next few weeks.',
  },
  {
    ask: () => "Upvoted. Love how focused this is: it does one thing and doesn't try to be everything.",
    other: () => 'Same. Refreshing to see.',
    maker: () => "Thank you, that's exactly what we were going for.",
  },
  {
    ask: () => 'Is there an easy way to import from what I use now?',
    maker: () =>
      "Yes, there's a CSV import, plus one-click importers for the most common tools. If yours isn't there, send us an export and we'll help.",
  },
  {
    ask: () => 'How big is the team behind this?',
    maker: (f) =>
      f.founders === 1
        ? "Just me for now! I do the building and the support, so you're talking to the right person."
        : 'Two of us: one mostly building, one doing everything else. Plus a lot of help from early users.',
  },
  {
    ask: () => 'Where is the data stored?',
    maker: () => 'In the EU, on servers in Germany, encrypted at rest. There is more detail on our security page.',
  },
];

const hardwareThreads: ThreadIdea[] = [
  {
    ask: () => "What's the battery life like in practice?",
    maker: () => 'Close to what we advertise in normal use. Cold rooms and lots of notifications cut it a bit.',
  },
  {
    ask: () => 'Does it work with Home Assistant?',
    maker: () => 'Yes, there is an integration, and a local API if you want to build your own.',
    other: () => 'Local API is a big plus. Ordered one.',
  },
  {
    ask: () => 'Do you ship to Australia?',
    maker: (f) =>
      has(f, 'Ships worldwide')
        ? 'Yes, we ship worldwide, usually within a week.'
        : 'Not yet: Europe and North America for now. Australia is next, once the certification is done.',
  },
  {
    ask: () => 'Congrats on getting hardware out the door, that is no small thing. How big was the first batch?',
    maker: () => 'Thank you! Five hundred units. We tested every one by hand, which we may not do again.',
  },
  {
    ask: () => 'Does it need an account or the cloud to work?',
    maker: () =>
      'No. The app pairs over Bluetooth and everything works locally; an account is only for syncing between phones.',
  },
];

const gameThreads: ThreadIdea[] = [
  {
    ask: () => 'Will there be a Switch version?',
    maker: () => "We'd love to. It's on our list after the launch patches, but no promises on dates yet.",
    other: () => 'Would buy it twice for a Switch version.',
  },
  {
    ask: () => 'How long does a full playthrough take?',
    maker: () => 'Most people finish in six to ten hours, more if you go for everything.',
  },
  {
    ask: () => 'Controller support?',
    maker: () => 'Yes, full controller support, and it plays well on the Steam Deck.',
  },
  {
    ask: () => 'Played the demo last month and wishlisted it straight away. Congrats on launching!',
    maker: () => 'Thank you! The demo players shaped a lot of the final game.',
  },
  {
    ask: () => 'Is mod support planned?',
    maker: (f) =>
      has(f, 'Mod support')
        ? "It's in already: there is a folder for mods and a short guide on our site."
        : "Not at launch, but it's the most requested feature, so it's likely.",
  },
];

export const threadIdeas: Record<ProductKind, ThreadIdea[]> = {
  software: softwareThreads,
  hardware: hardwareThreads,
  game: gameThreads,
};

/**
 * Review openings and details by kind and by how it went: good (4–5), mixed
 * (3), bad (1–2). A line starting "$ " talks about the price: only for
 * products people pay for.
 */
interface ReviewWords {
  good: string[];
  goodDetail: string[];
  mixed: string[];
  bad: string[];
}

const softwareReviews: ReviewWords = {
  good: [
    'Been using it for about a month now.',
    "Switched from a spreadsheet and haven't looked back.",
    'Tried three alternatives before this one.',
    'Our whole team moved over in a week.',
    'I was sceptical, but it won me over.',
    'Found it through this launch and signed up the same day.',
    'I use it every single day.',
    '$ Tried it for free first, then happily paid.',
    'One of the nicer tools I have tried this year.',
    'Set it up on a Sunday evening and was using it properly by Monday.',
    'Does exactly what it says.',
    'Recommended it to two friends already.',
  ],
  goodDetail: [
    'I mostly use it for the {feature}, and it does that really well.',
    'Support answered within the hour when I got stuck.',
    "It's quick, and it doesn't try to do everything.",
    "I didn't expect to care about the {feature}, but I use it constantly.",
    'The onboarding was short and actually useful.',
    '$ Pricing is fair for what you get.',
    'Small team, but they listen: something I asked for shipped two weeks later.',
    'It replaced two other subscriptions for us.',
    'The docs are clear and the defaults are sensible.',
    'My only wish is a few more keyboard shortcuts.',
    "I'd pay for the {feature} alone.",
    "Nice to use something that's clearly made by people who care.",
  ],
  mixed: [
    'Good idea and the basics work, but it still feels early.',
    'Does the core job well. Getting the {feature} set up took longer than it should have.',
    '$ Nice product, though the price went up right after I signed up.',
    'Useful, but I hit a couple of bugs in the first week. Support fixed one quickly.',
    'Solid, but I miss some of the reporting I had before.',
    'Three stars for now. The roadmap looks promising.',
  ],
  bad: [
    "Couldn't get the import to work with my data and gave up after an hour.",
    'Too basic for what we needed. It might suit a smaller team.',
    'Sync was unreliable for me across two devices.',
    'Support took four days to reply.',
    'Not for me. The interface felt cluttered and I kept losing my place.',
  ],
};

const hardwareReviews: ReviewWords = {
  good: [
    'Arrived in four days, set up in ten minutes.',
    'Had it for two months now.',
    'Bought one, then bought two more.',
    'Well made and nicely packaged.',
    'Much better than the cheap ones I tried before.',
    'Gift for my partner, who now uses it daily.',
  ],
  goodDetail: [
    'The app is simple and the {feature} works as promised.',
    'Battery life has been better than advertised.',
    'No subscription, no nagging, it just works.',
    'Support swapped a faulty unit without any fuss.',
    'It feels solid and looks good on the shelf.',
    'Firmware updates keep adding small improvements.',
  ],
  mixed: [
    'Works well, but pairing took three attempts.',
    'Good device, though the app could use some polish.',
    '$ Does the job. A bit pricey for what it is.',
  ],
  bad: [
    'Stopped connecting after a week and support was slow.',
    'The app kept logging me out. Returned it.',
    'Shipping took over a month.',
  ],
};

const gameReviews: ReviewWords = {
  good: [
    'Finished it in one weekend.',
    'Forty hours in and still finding new things.',
    'Bought it on a whim and loved it.',
    'Played it with my kids and we all had a great time.',
    'A lovely little game.',
    'Exactly my kind of game.',
  ],
  goodDetail: [
    'The art and music are gorgeous.',
    'It runs perfectly on my Steam Deck.',
    '$ Great value for the price.',
    'The {feature} is what keeps me coming back.',
    'It respects your time: no grind, no daily login bonuses.',
    'You can tell a small team poured a lot into it.',
  ],
  mixed: [
    '$ Charming, but a bit short for the price.',
    'Fun for a few hours; the later levels got repetitive for me.',
    'Good game, but it crashed twice on my old laptop.',
  ],
  bad: [
    'Not for me. The controls felt floaty.',
    'Too easy; I finished it in an afternoon.',
    'Crashes on start on my machine and the patch did not fix it.',
  ],
};

export const reviewWords: Record<ProductKind, ReviewWords> = {
  software: softwareReviews,
  hardware: hardwareReviews,
  game: gameReviews,
};

const between = (rnd: Random, from: Date, to: Date) =>
  new Date(from.getTime() + rnd.next() * (to.getTime() - from.getTime()));

/**
 * A live listing's reviews by some of its voters: mostly good, each sentence
 * once per listing, matched to the kind of product and (lines about the
 * price) to whether people pay for it.
 */
export function reviewsFor(
  rnd: Random,
  now: Date,
  p: Plan,
  listing_id: number,
  voters: number[],
): Insertable<Database['reviews']>[] {
  const out: Insertable<Database['reviews']>[] = [];
  const paid = p.pricing !== 'free';
  const pool = (lines: string[]) => lines.filter((l) => paid || !l.startsWith('$ ')).map((l) => l.replace(/^\$ /, ''));
  const kindWords = reviewWords[p.kind];
  const words = {
    good: pool(kindWords.good),
    goodDetail: pool(kindWords.goodDetail),
    mixed: pool(kindWords.mixed),
    bad: pool(kindWords.bad),
  };
  // Each sentence once per listing: two reviews opening alike would read as a template.
  const fresh = {
    good: rnd.sample(words.good, 4),
    goodDetail: rnd.sample(words.goodDetail, 4),
    mixed: rnd.sample(words.mixed, 4),
    bad: rnd.sample(words.bad, 4),
  };
  for (const user_id of rnd.sample(voters, rnd.int(0, 4))) {
    const rating = rnd.next() < 0.8 ? rnd.int(4, 5) : rnd.int(1, 3);
    const body =
      rating >= 4
        ? `${fresh.good.pop()} ${fresh.goodDetail.pop()}`
        : ((rating === 3 ? fresh.mixed : fresh.bad).pop() ?? rnd.pick(words.mixed));
    out.push({
      listing_id,
      user_id,
      rating,
      body: body.replaceAll('{feature}', midSentence(rnd.pick(nounFeatures(p.idea.features)))),
      flagged: rnd.next() < 0.05 ? 1 : 0,
      created_at: between(rnd, p.launchedAt!, now).toISOString(),
    });
  }
  return out;
}

export interface DiscussionLinks {
  idOf: (p: Plan) => number;
  votersOf: Map<Plan, number[]>;
  makerOf: (p: Plan) => number;
  /** Names of live listings in the same subcategory that launched before it. */
  alternatives: (p: Plan) => string[];
}

/** A thread: its top-level comment and the replies, which get the comment's id once it is written. */
export interface Thread {
  top: Insertable<Database['comments']>;
  replies: Omit<Insertable<Database['comments']>, 'parent_id'>[];
}

/**
 * Discussion on about a third of the live listings (more often the most voted):
 * one to three threads each, asked by voters, most answered by the maker within
 * hours, in launch week.
 */
export function discussion(rnd: Random, now: Date, live: Plan[], links: DiscussionLinks): Thread[] {
  const most = Math.max(...live.map((p) => links.votersOf.get(p)!.length));
  const at = (from: Date, hours: number) =>
    new Date(Math.min(now.getTime() - 60_000, from.getTime() + hours * 3600_000));
  const threads: Thread[] = [];
  for (const p of live) {
    if (rnd.next() > 0.15 + 0.5 * (links.votersOf.get(p)!.length / most)) continue;
    const alternatives = links.alternatives(p);
    const facts: ListingFacts = {
      name: p.idea.name,
      audience: p.idea.audience,
      feature: midSentence(rnd.pick(nounFeatures(p.idea.features))),
      kind: p.kind,
      pricing: p.pricing,
      consumer: p.consumer,
      alternative: alternatives.length > 0 ? rnd.pick(alternatives) : null,
      attributes: p.attributes,
      founders: p.founders.length,
      months: rnd.int(3, 9),
    };
    const ideas = threadIdeas[p.kind].filter((t) => t.fits?.(facts) ?? true);
    const voters = rnd.sample(links.votersOf.get(p)!, 6);
    const span = (now.getTime() - p.launchedAt!.getTime()) / 3600_000;
    for (const [k, idea] of rnd.sample(ideas, rnd.int(1, 3)).entries()) {
      const asked = at(p.launchedAt!, rnd.next() * Math.min(span * 0.5, 72));
      const replies: Omit<Insertable<Database['comments']>, 'parent_id'>[] = [];
      let last = asked;
      if (idea.other && rnd.next() < 0.6) {
        last = at(last, 0.2 + rnd.next() * 5);
        replies.push({
          listing_id: links.idOf(p),
          user_id: voters[3 + k]!,
          body: idea.other(facts),
          created_at: last.toISOString(),
        });
      }
      if (idea.maker && rnd.next() < 0.9) {
        last = at(last, 0.1 + rnd.next() * 6);
        replies.push({
          listing_id: links.idOf(p),
          user_id: links.makerOf(p),
          body: idea.maker(facts),
          created_at: last.toISOString(),
        });
      }
      threads.push({
        top: {
          listing_id: links.idOf(p),
          user_id: voters[k]!,
          parent_id: null,
          body: idea.ask(facts),
          created_at: asked.toISOString(),
        },
        replies,
      });
    }
  }
  return threads;
}
