// Site settings the admin can change (stored as JSON in `settings`), with the
// defaults a fresh install starts from. No price lives here: prices are rows
// in `products`, set with `launchboard admin price set`.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../errors.js';

export const settingSchemas = {
  site_name: z.string().min(1).max(100),
  site_purpose: z.string().min(1).max(500),
  free_launch_weeks_min: z.number().int().min(1).max(52),
  free_launch_weeks_max: z.number().int().min(1).max(52),
  free_weekly_capacity: z.number().int().min(0),
  paid_weekly_capacity: z.number().int().min(0),
  booking_horizon_weeks: z.number().int().min(1).max(104),
  billboard_minimum_cents: z.number().int().min(0),
  /** Paid listings' outbound links drop `nofollow` (free listings always carry `nofollow ugc`). */
  paid_links_follow: z.boolean(),
  /** Who sells the paid launches, as receipts name them; an empty name means the site name. */
  seller_name: z.string().max(200),
  seller_address: z.string().max(1000),
  seller_vat_id: z.string().max(40),
  /** The Terms and Privacy pages, in Markdown. */
  terms_markdown: z.string().min(1).max(10000),
  privacy_markdown: z.string().min(1).max(10000),
} as const;

// What a fresh install says; the admin replaces both with their own text.
const DEFAULT_TERMS = `These terms were written for this software's defaults. The people who run this site should replace them with their own (Admin → Site settings).

# Listings
- List products you make or represent. A draft is made from your website; you check it and you answer for what your listing says.
- The site team may edit, hide or remove a listing that is misleading, unlawful or not a product.
- Ownership of a listing is shown by a DNS record, a meta tag, a file on the site or an email at the product's domain (claims).

# Launches
- A free launch is queued for the first week with room in the free window shown on the launch page, and goes live once the site's badge is on your homepage.
- A paid launch is live in the week you chose. The price is the one shown at checkout, in US dollars, plus VAT where it applies. The person pays on the checkout page; the API never takes payment.

# Votes and reviews
- One vote per person per listing, from confirmed accounts only; makers do not vote for their own products.
- Buying or trading votes, or voting from several accounts, is not allowed; such votes are removed.
- Reviews must be your own experience of the product. Anyone can report a listing or a review.

# The service
- The site is provided as it is. Rankings come from community votes; paid plans never change them.`;

const DEFAULT_PRIVACY = `This is what this software does with data in its default set-up. The people who run this site should replace this text with their own (Admin → Site settings), naming who they are and how to reach them.

# Your account
- Your email address, the name you give and a hash of your password (never the password itself).
- Two cookies: your session and a form security token. No advertising or tracking cookies.

# What is public
- Listings, founder profiles, vote counts, reviews and comments with their writer's name, and listing updates.
- Who voted is not shown publicly.

# Drafting from your website
- When you submit a website, the service reads a few of its public pages, obeying its robots.txt, and keeps the quotes it drafted from.
- If the site is configured with an AI model provider, the text of those pages is sent to that provider to draft the listing.

# Numbers makers see
- A listing's views, outbound clicks and badge clicks are counted once per person a day. People who are not signed in are told apart by a hash of their address and browser with a secret that changes daily; the hash is deleted once its day is over and is never shown.

# Payments
- Payments go through the payment provider's page. This site never sees card details; it keeps the order, its lines, the billing country and VAT number you give.

# Email
- Account emails (confirmation, password reset), receipts, claim links and co-founder invites.
- Once your address is confirmed: news of your listings (reviews, comments, new followers, votes if you ask for them, orders), replies to your comments, and updates of listings you follow. Choose which of these come by mail on your notification settings page; every such mail has a one-click unsubscribe link.

# Deleting
- Ask the site's operator to delete your account; your listings, drafts and keys go with it.`;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

export const settingDefaults: { [K in SettingKey]: SettingValue<K> } = {
  site_name: 'Launchboard',
  site_purpose:
    'A directory of products with a weekly launch calendar and community leaderboards. Makers submit by website URL, an AI drafts the profile from the site, and they launch free or paid.',
  free_launch_weeks_min: 6,
  free_launch_weeks_max: 8,
  free_weekly_capacity: 25,
  paid_weekly_capacity: 10,
  booking_horizon_weeks: 26,
  billboard_minimum_cents: 1000,
  paid_links_follow: false,
  seller_name: '',
  seller_address: '',
  seller_vat_id: '',
  terms_markdown: DEFAULT_TERMS,
  privacy_markdown: DEFAULT_PRIVACY,
};

export function isSettingKey(key: string): key is SettingKey {
  return key in settingSchemas;
}

export async function getSetting<K extends SettingKey>(db: Kysely<Database>, key: K): Promise<SettingValue<K>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return settingDefaults[key];
  const parsed = settingSchemas[key].safeParse(JSON.parse(row.value));
  return (parsed.success ? parsed.data : settingDefaults[key]) as SettingValue<K>;
}

/** Validates and stores a setting; `raw` is the text an admin typed. */
export async function setSetting(db: Kysely<Database>, key: SettingKey, raw: string, now: Date): Promise<unknown> {
  let candidate: unknown = raw;
  try {
    candidate = JSON.parse(raw);
  } catch {
    // plain text values (site name, purpose) need no JSON quoting
  }
  const value = settingSchemas[key].parse(candidate);
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now.toISOString() }))
    .execute();
  return value;
}

export type SettingValues = { [K in SettingKey]: SettingValue<K> };

/**
 * Stores the settings given (already checked against their schemas) that
 * differ from the current ones, all or none, after the rule between them: the
 * free window's earliest week is not after its latest. The keys changed.
 */
export async function saveSettings(
  db: Kysely<Database>,
  values: Partial<SettingValues>,
  now: Date,
): Promise<SettingKey[]> {
  return db.transaction().execute(async (trx) => {
    const keys = Object.keys(settingSchemas) as SettingKey[];
    const current = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key, await getSetting(trx, key)] as const)),
    ) as SettingValues;
    const next = { ...current, ...values };
    if (next.free_launch_weeks_min > next.free_launch_weeks_max)
      throw new AppError('invalid', 'The free window’s earliest week must not be later than its latest week.', {
        errors: [{ path: 'free_launch_weeks_min', message: 'must not be later than free_launch_weeks_max' }],
      });
    const changed = keys.filter((key) => key in values && JSON.stringify(current[key]) !== JSON.stringify(next[key]));
    for (const key of changed) await setSetting(trx, key, JSON.stringify(next[key]), now);
    return changed;
  });
}
