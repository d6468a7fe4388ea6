// The four separate ranking systems (SPEC Part 1, ARCHITECTURE §5): community
// votes (weekly, all time), the billboard (PAID, always labelled so), and the
// admin-imported Domain Rating and revenue boards. Each response says which
// kind of ranking it is, so a paid order is never mistaken for a community one.
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database, ListingsTable } from '../../db/schema.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { categoryFilterIds, listingIdsInCategories } from '../directory/categories.js';
import { listingSummary, summariesBySlug } from '../listings/summary.js';
import { resolveWeek, weekKind } from './weeks.js';

export const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Board = (typeof BOARDS)[number];

export const leaderboardMetric = z.object({
  name: z.string().describe('votes, billboard_cents, domain_rating or revenue_cents'),
  value: z.number(),
  previous: z.number().nullable().optional().describe('domain-rating: the value before the latest import'),
  trend: z.enum(['up', 'down', 'same', 'new']).optional().describe('domain-rating: change since the previous value'),
  as_of: z.string().nullable().optional().describe('Third-party boards: when the value was measured'),
  source: z.string().nullable().optional().describe('Third-party boards: where the value comes from'),
});
/** What the domain builds: the contract's `name` is any string, but only these four are ever written. */
export type Metric = z.infer<typeof leaderboardMetric> & {
  name: 'votes' | 'domain_rating' | 'revenue_cents' | 'billboard_cents';
};

export const leaderboardItem = z.object({
  rank: z.number().int(),
  listing: listingSummary,
  metric: leaderboardMetric,
});
export type LeaderboardItem = z.infer<typeof leaderboardItem>;

export const leaderboardSchema = z.object({
  board: z.enum(BOARDS),
  paid: z.boolean().describe('True for the billboard: a ranking bought with money, not earned by votes'),
  label: z.string().describe('What kind of ranking this is, to show alongside it'),
  week: z.string().optional().describe('community-weekly: Monday (YYYY-MM-DD) of the ranked week'),
  category: z.string().optional().describe('The category asked for: only its listings (and its subcategories’) rank'),
  items: z.array(leaderboardItem),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const BOARD_LABELS: Record<Board, string> = {
  'community-weekly':
    'Community ranking: the live launches of this week, by community votes. Paid placements never change it.',
  'community-all-time': 'Community ranking: all live listings, by community votes. Paid placements never change it.',
  billboard:
    'Paid ranking: listings ordered by money paid for the billboard. This is advertising, not a community vote.',
  'domain-rating':
    'Third-party data: Domain Rating imported by the site admin, with its date and source. Not a community ranking.',
  revenue: 'Third-party data: revenue imported by the site admin, with its date and source. Not a community ranking.',
};

interface BoardQuery {
  where: (eb: ExpressionBuilder<Database, 'listings'>) => Expression<SqlBool>;
  order: [Expression<unknown>, 'asc' | 'desc'][];
  metric: (row: MetricRow) => Metric;
}

type MetricRow = Pick<
  Selectable<ListingsTable>,
  | 'id'
  | 'slug'
  | 'votes_count'
  | 'domain_rating'
  | 'domain_rating_previous'
  | 'domain_rating_at'
  | 'domain_rating_source'
  | 'revenue_cents'
  | 'revenue_at'
  | 'revenue_source'
>;

const byVotes: BoardQuery['order'] = [
  [sql`listings.votes_count`, 'desc'],
  [sql`coalesce(listings.launched_at, listings.created_at)`, 'asc'],
  [sql`listings.id`, 'asc'],
];
const votesMetric = (row: MetricRow): Metric => ({ name: 'votes', value: Number(row.votes_count) });

/**
 * A board of an imported figure: live listings that have it, highest first
 * (ties by name); its metric is the figure plus what `details` adds.
 */
function importedFigureBoard(
  column: 'domain_rating' | 'revenue_cents',
  details: (row: MetricRow) => Omit<Metric, 'name' | 'value'>,
): BoardQuery {
  return {
    where: (eb) => eb.and([eb('listings.status', '=', 'live'), eb(`listings.${column}`, 'is not', null)]),
    order: [
      [sql.ref(`listings.${column}`), 'desc'],
      [sql`listings.name`, 'asc'],
      [sql`listings.id`, 'asc'],
    ],
    metric: (row) => ({ name: column, value: Number(row[column]), ...details(row) }),
  };
}

function trend(value: number, previous: number | null): Metric['trend'] {
  if (previous === null) return 'new';
  return value > previous ? 'up' : value < previous ? 'down' : 'same';
}

function boardQuery(board: Exclude<Board, 'billboard'>, week: string | undefined): BoardQuery {
  switch (board) {
    case 'community-weekly':
      return {
        where: (eb) => eb.and([eb('listings.status', '=', 'live'), eb('listings.launch_week', '=', week!)]),
        order: byVotes,
        metric: votesMetric,
      };
    case 'community-all-time':
      return { where: (eb) => eb('listings.status', '=', 'live'), order: byVotes, metric: votesMetric };
    case 'domain-rating':
      return importedFigureBoard('domain_rating', (row) => {
        const previous = row.domain_rating_previous === null ? null : Number(row.domain_rating_previous);
        return {
          previous,
          trend: trend(Number(row.domain_rating), previous),
          as_of: row.domain_rating_at,
          source: row.domain_rating_source,
        };
      });
    case 'revenue':
      return importedFigureBoard('revenue_cents', (row) => ({ as_of: row.revenue_at, source: row.revenue_source }));
  }
}

/**
 * The `week` of community-weekly: `this`, `last` or a date of a week that has
 * started (a future week has no votes to rank). Other boards take no week.
 */
function boardWeek(ctx: Context, board: Board, week: string | undefined): string | undefined {
  if (board !== 'community-weekly') {
    if (week === undefined) return undefined;
    const message = 'only the community-weekly board takes a week; leave it out for this board';
    throw new AppError('invalid', `week: ${message}.`, { errors: [{ path: 'week', message }] });
  }
  const now = ctx.clock.now();
  if (week?.trim().toLowerCase() === 'next') {
    const message =
      'must be this, last or a date; next week has not started, see get_launch_week for its scheduled launches';
    throw new AppError('invalid', `week: ${message}.`, { errors: [{ path: 'week', message }] });
  }
  const monday = resolveWeek(week ?? 'this', now);
  if (weekKind(monday, now) === 'future') {
    const message = 'that week has not started; use this, last or a date up to today';
    throw new AppError('invalid', `week: ${message}.`, { errors: [{ path: 'week', message }] });
  }
  return monday;
}

export async function leaderboard(
  ctx: Context,
  input: { board: Board; week?: string; category?: string; page: number; per_page: number },
): Promise<Leaderboard> {
  const week = boardWeek(ctx, input.board, input.week);
  const categoryIds = input.category === undefined ? null : await categoryFilterIds(ctx, input.category);
  const head = {
    board: input.board,
    paid: input.board === 'billboard',
    label: BOARD_LABELS[input.board],
    ...(week === undefined ? {} : { week }),
    ...(input.category === undefined ? {} : { category: input.category }),
    page: input.page,
    per_page: input.per_page,
  };
  const offset = (input.page - 1) * input.per_page;

  if (input.board === 'billboard') {
    const { items, total } = await billboard(ctx, offset, input.per_page, categoryIds);
    return { ...head, items, total };
  }

  const board = boardQuery(input.board, week);
  const { order, metric } = board;
  const where: BoardQuery['where'] = categoryIds
    ? (eb) => eb.and([board.where(eb), eb('listings.id', 'in', listingIdsInCategories(ctx.db, categoryIds))])
    : board.where;
  let query = ctx.db
    .selectFrom('listings')
    .select([
      'listings.id',
      'slug',
      'votes_count',
      'domain_rating',
      'domain_rating_previous',
      'domain_rating_at',
      'domain_rating_source',
      'revenue_cents',
      'revenue_at',
      'revenue_source',
    ])
    .where(where);
  for (const [expr, direction] of order) query = query.orderBy(expr, direction);
  const [count, rows] = await Promise.all([
    ctx.db.selectFrom('listings').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirstOrThrow(),
    query.limit(input.per_page).offset(offset).execute(),
  ]);
  // By slug, so a listing deleted between the two reads cannot shift metrics onto its neighbours.
  const summaries = await summariesBySlug(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    ...head,
    items: rows.flatMap((row, i) => {
      const listing = summaries.get(row.slug);
      return listing ? [{ rank: offset + i + 1, listing, metric: metric(row) }] : [];
    }),
    total: Number(count.n),
  };
}

/**
 * The billboard: live listings by the total of their paid, fulfilled
 * `billboard` order lines (refunded orders drop out); ties go to whoever paid
 * first. Money only ever ranks here, never on a community board.
 */
async function billboard(
  ctx: Context,
  offset: number,
  limit: number,
  categoryIds: readonly number[] | null,
): Promise<{ items: LeaderboardItem[]; total: number }> {
  let paidLines = ctx.db
    .selectFrom('order_lines as ol')
    .innerJoin('orders as o', 'o.id', 'ol.order_id')
    .innerJoin('listings', 'listings.id', 'ol.listing_id')
    .where('ol.product', '=', 'billboard')
    .where('ol.fulfilled_at', 'is not', null)
    .where('o.status', 'in', ['paid', 'fulfilled'])
    .where('listings.status', '=', 'live');
  if (categoryIds) paidLines = paidLines.where('listings.id', 'in', listingIdsInCategories(ctx.db, categoryIds));
  const [count, rows] = await Promise.all([
    paidLines.select(sql<number>`count(distinct ol.listing_id)`.as('n')).executeTakeFirstOrThrow(),
    paidLines
      .select([
        'listings.id',
        'listings.slug',
        sql<number>`sum(ol.amount_cents)`.as('cents'),
        sql<string>`min(o.paid_at)`.as('first_paid'),
      ])
      .groupBy(['listings.id', 'listings.slug'])
      .orderBy(sql`sum(ol.amount_cents)`, 'desc')
      .orderBy(sql`min(o.paid_at)`, 'asc')
      .orderBy('listings.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const summaries = await summariesBySlug(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.flatMap((row, i) => {
      const listing = summaries.get(row.slug);
      return listing
        ? [{ rank: offset + i + 1, listing, metric: { name: 'billboard_cents' as const, value: Number(row.cents) } }]
        : [];
    }),
    total: Number(count.n),
  };
}
