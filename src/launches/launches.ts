// Launch weeks and launch feeds (get_launch_week, list_launches). A week's
// live launches are ranked by community votes, ties going to the earlier
// launch (ARCHITECTURE §5); paid plans never change an order here.
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { categoryFilterIds, listingIdsInCategories } from '../directory/categories.js';
import { listingSummary, summariesByIds, type ListingSummary } from '../listings/summary.js';
import { trending } from './trending.js';
import { addWeeks, DAY_MS, mondayOf, resolveWeek, sundayOf, weekKind } from './weeks.js';

export const LAUNCH_SECTIONS = [
  'today',
  'this-week',
  'trending',
  'most-voted',
  'recent',
  'most-viewed',
  'most-followed',
  'upcoming',
] as const;
export type LaunchSection = (typeof LAUNCH_SECTIONS)[number];

export interface Page {
  page: number;
  per_page: number;
}

type Where = (eb: ExpressionBuilder<Database, 'listings'>) => Expression<SqlBool>;
type Order = [Expression<unknown>, 'asc' | 'desc'][];

/** Votes first; on a tie the earlier launch wins, then the older listing. */
const BY_VOTES: Order = [
  [sql`listings.votes_count`, 'desc'],
  [sql`coalesce(listings.launched_at, listings.created_at)`, 'asc'],
  [sql`listings.id`, 'asc'],
];

/** Ids of listings matching `where`, ordered, one page, with the total. */
async function rankedPage(
  ctx: Context,
  where: Where,
  order: Order,
  page: Page,
): Promise<{ ids: number[]; total: number }> {
  let query = ctx.db.selectFrom('listings').select('listings.id').where(where);
  for (const [expr, direction] of order) query = query.orderBy(expr, direction);
  const [count, rows] = await Promise.all([
    ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirstOrThrow(),
    query
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

const date = z.string().describe('YYYY-MM-DD');

export const launchWeekItem = z.object({
  rank: z
    .number()
    .int()
    .nullable()
    .describe('Position by community votes; null for scheduled launches of a future week'),
  listing: listingSummary,
});
export type LaunchWeekItem = z.infer<typeof launchWeekItem>;

export const launchWeekSchema = z.object({
  week: date.describe("Monday of the week (YYYY-MM-DD), the week's name"),
  starts_on: date.describe('Monday, the first day'),
  ends_on: date.describe('Sunday, the last day'),
  kind: z.enum(['past', 'current', 'future']),
  previous_week: date.describe('Monday of the week before'),
  next_week: date.describe('Monday of the week after'),
  category: z.string().optional().describe('The category asked for: only its launches (and its subcategories’) rank'),
  items: z.array(launchWeekItem),
  total: z.number().int(),
});
export type LaunchWeek = z.infer<typeof launchWeekSchema>;

/**
 * The Monday-to-Sunday week named by `this`, `next`, `last` or a date: its live
 * launches ranked by votes, or for a week still to come its scheduled
 * launches (in the order they were submitted). `slice` keeps only that part
 * of the ranked items (the web page's pages); `total` still counts them all.
 * `category` ranks only the launches in that category and its subcategories.
 */
export async function launchWeek(
  ctx: Context,
  weekInput: string,
  slice?: { offset: number; limit: number },
  category?: string,
): Promise<LaunchWeek> {
  const now = ctx.clock.now();
  const week = resolveWeek(weekInput, now);
  const kind = weekKind(week, now);
  const status = kind === 'future' ? 'scheduled' : 'live';
  const categoryIds = category === undefined ? null : await categoryFilterIds(ctx, category);
  let query = ctx.db
    .selectFrom('listings')
    .select('listings.id')
    .where('launch_week', '=', week)
    .where('status', '=', status);
  if (categoryIds) query = query.where('listings.id', 'in', listingIdsInCategories(ctx.db, categoryIds));
  // Scheduled launches are not ranked yet: listed in the order they were submitted, as in `upcoming`.
  const order: Order = kind === 'future' ? [[sql`listings.id`, 'asc']] : BY_VOTES;
  for (const [expr, direction] of order) query = query.orderBy(expr, direction);
  const ids = (await query.execute()).map((r) => r.id);
  const first = slice?.offset ?? 0;
  const summaries = await summariesByIds(ctx, slice ? ids.slice(first, first + slice.limit) : ids);
  return {
    week,
    starts_on: week,
    ends_on: sundayOf(week),
    kind,
    previous_week: addWeeks(week, -1),
    next_week: addWeeks(week, 1),
    ...(category === undefined ? {} : { category }),
    items: summaries.map((listing, i) => ({ rank: kind === 'future' ? null : first + i + 1, listing })),
    total: ids.length,
  };
}

/** Each section but trending: which listings, in which order. */
function sectionQuery(section: Exclude<LaunchSection, 'trending'>, now: Date): { where: Where; order: Order } {
  const live: Where = (eb) => eb('listings.status', '=', 'live');
  switch (section) {
    case 'today': {
      const start = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
      const end = new Date(start.getTime() + DAY_MS);
      return {
        where: (eb) =>
          eb.and([
            live(eb),
            eb('listings.launched_at', '>=', start.toISOString()),
            eb('listings.launched_at', '<', end.toISOString()),
          ]),
        order: BY_VOTES,
      };
    }
    case 'this-week':
      return { where: (eb) => eb.and([live(eb), eb('listings.launch_week', '=', mondayOf(now))]), order: BY_VOTES };
    case 'most-voted':
      return { where: live, order: BY_VOTES };
    case 'recent':
      return {
        where: live,
        // coalesce: NULLs sort first in PostgreSQL but last in SQLite.
        order: [
          [sql`coalesce(listings.launched_at, listings.created_at)`, 'desc'],
          [sql`listings.id`, 'desc'],
        ],
      };
    case 'most-viewed':
      return { where: live, order: [[sql`listings.views_count`, 'desc'], ...BY_VOTES] };
    case 'most-followed':
      return { where: live, order: [[sql`listings.followers_count`, 'desc'], ...BY_VOTES] };
    case 'upcoming':
      return {
        where: (eb) => eb.and([eb('listings.status', '=', 'scheduled'), eb('listings.launch_week', 'is not', null)]),
        order: [
          [sql`listings.launch_week`, 'asc'],
          [sql`listings.id`, 'asc'],
        ],
      };
  }
}

/** Live listings with votes in the trending window, by trending score (see trending.ts). */
async function trendingPage(ctx: Context, page: Page): Promise<{ ids: number[]; total: number }> {
  const { live } = await trending(ctx);
  const offset = (page.page - 1) * page.per_page;
  return { ids: live.slice(offset, offset + page.per_page), total: live.length };
}

/** One page of a list_launches section, as listing summaries. */
export async function launchFeed(
  ctx: Context,
  section: LaunchSection,
  page: Page,
): Promise<{ items: ListingSummary[]; total: number }> {
  let ranked: { ids: number[]; total: number };
  if (section === 'trending') {
    ranked = await trendingPage(ctx, page);
  } else {
    const { where, order } = sectionQuery(section, ctx.clock.now());
    ranked = await rankedPage(ctx, where, order, page);
  }
  const { ids, total } = ranked;
  return { items: await summariesByIds(ctx, ids), total };
}
