// Site settings the admin can change (stored as JSON in `settings`), with the
// defaults a fresh install starts from. No price lives here: prices are rows
// in `products`, set with `launchboard admin price set`.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';

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
} as const;

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

/** Stores several settings at once, all or none (values as JSON text, as an admin's form sends them). */
export async function setSettings(
  db: Kysely<Database>,
  values: Partial<Record<SettingKey, string>>,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [key, raw] of Object.entries(values) as [SettingKey, string][]) await setSetting(trx, key, raw, now);
  });
}
