// The demo's products planned before anything is written: each written product
// (demo-products.ts) with its status and launch, categories, pricing,
// attributes and copy, and its founders, people from the product's country
// whose names appear once. demo.ts writes the plans.
import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import { attributesOf, describe, founderBio, midSentence, price } from './demo-copy.js';
import * as data from './demo-data.js';
import { type ProductIdea, productIdeas } from './demo-products.js';
import type { Random } from './random.js';

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;
/** Audiences that buy for a team: per-seat prices and "teams pay from" fit them. */
const TEAMS = /team|compan|agenc|staff|organisation|business|managers|recruit|HR\b/i;

/** The Monday (UTC, YYYY-MM-DD) of the week holding `date`. */
export function mondayOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** "Save the Date" → "save-the-date", "Léa Müller" → "lea-muller". */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize(/[^\x00-\x7f]/.test(text) ? 'NFD' : 'NFC')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

export interface Person {
  first: string;
  name: string;
  country: string;
}

/** Someone from `country` (else one drawn by weight), first and family name from there. */
export function person(rnd: Random, country = rnd.weighted(data.countryWeights)): Person {
  const [firsts, lasts] = namesIn(country);
  const first = rnd.pick(firsts);
  return { first, name: `${first} ${rnd.pick(lasts)}`, country };
}

const names = new Map<string, [string[], string[]]>();
/** A country's first and family names as lists (split once). */
function namesIn(country: string): [string[], string[]] {
  let lists = names.get(country);
  if (!lists) {
    const [firsts, lasts] = data.namesByCountry[country]!;
    lists = [firsts.split(', '), lasts.split(', ')];
    names.set(country, lists);
  }
  return lists;
}

/** A founder: one row however many listings they are on; `maker` is their account's number, if they have one. */
export interface Founder extends Person {
  slug: string;
  title: string;
  role: string;
  city: string;
  bio: string;
  /** Their products, first launched first. */
  products: string[];
  maker: number | null;
}

/** One product to write: what the seed decided about it, and its listings row (owner and counts come later). */
export interface Plan {
  idea: ProductIdea;
  slug: string;
  sub: string;
  category: data.DemoCategory;
  kind: data.ProductKind;
  consumer: boolean;
  openSource: boolean;
  status: string;
  launchedAt: Date | null;
  categories: string[];
  pricing: string;
  attributes: Record<string, boolean>;
  founders: Founder[];
  row: Insertable<Database['listings']>;
}

/** Every written product as a plan, in shuffled order so status does not follow category, and their founders. */
export function planListings(
  rnd: Random,
  now: Date,
  sites: { main: number; eu: number },
): { plans: Plan[]; founders: Founder[] } {
  const thisMonday = new Date(`${mondayOf(now)}T00:00:00.000Z`);
  // Every written product becomes a listing; two of one name would be one page.
  const ideas = data.demoCategories.flatMap((category) =>
    category.subs.map(([sub]) => sub).flatMap((sub) => productIdeas(sub).map((idea) => ({ idea, sub, category }))),
  );
  const slugs = new Set<string>();
  for (const { idea } of ideas) {
    const slug = slugify(idea.name);
    if (slugs.has(slug)) throw new Error(`two demo products are named ${idea.name}`);
    slugs.add(slug);
  }

  // Founders: people from the product's country (mostly); a few makers have launched twice.
  const founders: Founder[] = [];
  const founderSlugs = new Set<string>();
  const makersByCategory = new Map<string, Founder[]>();
  let makers = 0;
  const founderNames = new Set<string>();
  /** A person not already among the founders (two founders of one name would read as a copy). */
  const newPerson = (country?: string) => {
    let p = person(rnd, country);
    for (let tries = 0; tries < 20 && founderNames.has(p.name); tries++) p = person(rnd, country);
    founderNames.add(p.name);
    return p;
  };
  const newFounder = (p: Person, title: string, role: string, product: string, owner: boolean): Founder => {
    let slug = slugify(p.name);
    if (founderSlugs.has(slug)) slug = `${slug}-${slugify(product)}`;
    founderSlugs.add(slug);
    const city = rnd.pick(data.cities[p.country]!);
    const f = {
      ...p,
      slug,
      title,
      role,
      city,
      bio: founderBio(rnd, p.first, role, product, city),
      products: [product],
      maker: owner ? ++makers : null,
    };
    founders.push(f);
    return f;
  };

  const plans: Plan[] = [];
  for (const { idea, sub, category } of rnd.sample(ideas, ideas.length)) {
    const slug = slugify(idea.name);
    const kind = data.subcategoryKinds[sub] ?? 'software';
    const roll = rnd.next();
    const status = roll < 0.8 ? 'live' : roll < 0.9 ? 'scheduled' : roll < 0.95 ? 'awaiting_badge' : 'draft';
    const launchedAt = status === 'live' ? new Date(now.getTime() - rnd.int(60, 84 * 24 * 60) * 60_000) : null;
    const launchWeek =
      status === 'live'
        ? mondayOf(launchedAt!)
        : status === 'scheduled'
          ? mondayOf(new Date(thisMonday.getTime() + rnd.int(1, 5) * WEEK))
          : status === 'awaiting_badge'
            ? mondayOf(new Date(thisMonday.getTime() + rnd.int(6, 8) * WEEK))
            : null;
    // A second category only where the product's own words put it, and only next to its first.
    const copy = [idea.tagline, idea.does, ...idea.features].join(' ');
    const second = category.subs.map(([s]) => s).find((s) => s !== sub && data.subcategoryWords[s]!.test(copy));
    const categories = second ? [sub, second] : [sub];
    const pricing = rnd.weighted(data.kindPricing[kind] ?? category.pricing);
    const { values: attributes, unsaid } = attributesOf(rnd, category.attributes, idea, pricing);
    const openSource = Boolean(attributes['Open source']) || category.slug === 'open-source';
    const consumer = data.consumerSubcategories.has(sub);
    const teams = !consumer && TEAMS.test(idea.audience);
    const cost = price(rnd, pricing, kind, openSource, consumer, teams);
    const { short, long } = describe(rnd, idea, kind, unsaid, cost.sentence);
    const stage = rnd.weighted(status === 'live' ? data.stagesLive : data.stagesUpcoming);
    const age = { 'pre-launch': [0, 1], beta: [0, 1], launched: [0, 2], growing: [1, 5], profitable: [2, 8] }[stage]!;
    const country = rnd.next() < 0.9 ? rnd.weighted(data.countryWeights) : null;

    // The owner: a new maker, or (now and then) one who already launched something in this category.
    const earlier = makersByCategory.get(category.slug) ?? [];
    const pair = rnd.next() < 0.35;
    const titles = pair ? rnd.pick(data.pairTitles) : [rnd.pick(data.soloTitles)];
    const roles = rnd.sample(category.roles, 2);
    const firstTimers = earlier.filter((f) => f.products.length === 1);
    const again = firstTimers.length > 0 && rnd.next() < 0.04 ? rnd.pick(firstTimers) : null;
    if (again) {
      again.bio = `${again.first} spent years as ${again.role} before making ${again.products[0]}, and followed it with ${idea.name}. Based in ${again.city}.`;
      again.products.push(idea.name);
    }
    const owner = again ?? newFounder(newPerson(country ?? undefined), titles[0]!, roles[0]!, idea.name, true);
    makersByCategory.set(category.slug, earlier);
    earlier.push(owner);
    const team = [owner];
    if (pair)
      team.push(
        newFounder(newPerson(rnd.next() < 0.7 ? owner.country : undefined), titles[1]!, roles[1]!, idea.name, false),
      );

    const plan =
      status === 'draft' ? 'none' : status === 'awaiting_badge' ? 'free' : rnd.next() < 0.15 ? 'paid' : 'free';
    const created = new Date((launchedAt ?? now).getTime() - rnd.int(7, 120) * DAY);
    const domain = `${slug}.example`;
    const usps = [
      `Made for ${idea.audience}`,
      ...(attributes['Self-hostable'] ? ['Runs on your own server'] : []),
      ...(pricing === 'free' ? ['Free to use'] : pricing === 'freemium' ? ['Free to start, no card needed'] : []),
      ...(pricing === 'one-time' ? ['Pay once, keep it'] : []),
      ...(pricing === 'subscription' && kind === 'software' ? ['14-day free trial'] : []),
    ].slice(0, 3);
    plans.push({
      idea,
      slug,
      sub,
      category,
      kind,
      consumer,
      openSource,
      status,
      launchedAt,
      categories,
      pricing,
      attributes,
      founders: team,
      row: {
        site_id: rnd.next() < 0.1 ? sites.eu : sites.main,
        owner_id: null,
        company_key: domain,
        slug,
        name: idea.name,
        url: `https://${domain}`,
        domain,
        tagline: idea.tagline,
        short_description: short,
        description: long,
        stage,
        pricing_model: pricing,
        pricing_summary: cost.summary,
        country,
        city: country && rnd.next() < 0.75 ? rnd.pick(data.cities[country]!) : null,
        founded_year: now.getUTCFullYear() - rnd.int(age[0]!, age[1]!),
        contact_email: `hello@${domain}`,
        logo_url: null,
        features: JSON.stringify(idea.features),
        usps: JSON.stringify(usps),
        keywords: JSON.stringify([
          category.subs.find(([s]) => s === sub)![1].toLowerCase(),
          category.name.toLowerCase(),
          ...idea.features.slice(0, 2).map(midSentence),
        ]),
        tags: JSON.stringify([
          slugify(category.subs.find(([s]) => s === sub)![1]),
          ...(openSource ? ['open-source'] : []),
          ...(attributes['Self-hostable'] ? ['self-hosted'] : []),
          ...(attributes['Mobile app'] ? ['ios', 'android'] : []),
        ]),
        attributes: JSON.stringify(attributes),
        not_found: JSON.stringify(
          rnd.sample(['founded_year', 'city', 'demo_video_url', 'contact_email'], rnd.int(0, 2)),
        ),
        status,
        plan,
        unlocked_sections: JSON.stringify(plan === 'paid' ? ['story', 'milestones', 'media'] : []),
        launch_week: launchWeek,
        launched_at: launchedAt?.toISOString() ?? null,
        views_count: status === 'live' ? rnd.int(50, 20_000) : 0,
        domain_rating: null,
        domain_rating_previous: null,
        domain_rating_at: null,
        domain_rating_source: null,
        revenue_cents: null,
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
      },
    });
  }
  return { plans, founders };
}
