// Reports from signed-in people about a listing, a review or a comment (spam,
// broken link, wrong category, misleading, other) into the site team's
// moderation queue. Reporting the same thing twice while the first report is open adds
// nothing.
import { sql } from 'kysely';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../platform/db.js';
import { commentListing, setCommentHidden } from './comments.js';
import { publicListing } from './follows.js';
import { reviewListing } from './reviews.js';

export const REPORT_REASONS = ['spam', 'broken_link', 'wrong_category', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  broken_link: 'Broken link',
  wrong_category: 'Wrong category',
  misleading: 'Misleading',
  other: 'Other',
};
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_TARGETS = ['listing', 'review', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export interface ReportView {
  id: number;
  target_kind: ReportTarget;
  target_id: number;
  listing: { slug: string; name: string } | null;
  review_body: string | null;
  /** The reported comment: its text and whether it is hidden (null once deleted, or for other targets). */
  comment: { body: string; hidden: boolean } | null;
  reason: string;
  details: string;
  status: 'open' | 'resolved' | 'dismissed';
  reporter: string | null;
  created_at: string;
  resolved_at: string | null;
}

const isReason = (v: unknown): v is ReportReason =>
  typeof v === 'string' && (REPORT_REASONS as readonly string[]).includes(v);

/** Files a report; returns its id (the open one already filed, if any). */
export async function fileReport(
  ctx: Context,
  args: { reporterId: number; targetKind: unknown; targetId: unknown; reason: unknown; details: unknown },
): Promise<number> {
  if (!(REPORT_TARGETS as readonly unknown[]).includes(args.targetKind))
    throw new AppError('invalid', 'Report a listing, a review or a comment.', {
      errors: [{ path: 'target_kind', message: REPORT_TARGETS.join(', ') }],
    });
  const targetId =
    typeof args.targetId === 'string' && /^\d{1,10}$/.test(args.targetId) ? Number(args.targetId) : args.targetId;
  if (typeof targetId !== 'number' || !Number.isInteger(targetId) || targetId < 1)
    throw new AppError('invalid', 'The report names nothing to report.', {
      errors: [{ path: 'target_id', message: 'a positive integer' }],
    });
  if (!isReason(args.reason))
    throw new AppError('invalid', `Choose a reason: ${REPORT_REASONS.join(', ')}.`, {
      errors: [{ path: 'reason', message: `one of ${REPORT_REASONS.join(', ')}` }],
    });
  const details = typeof args.details === 'string' ? args.details.trim() : '';
  if (details.length > REPORT_DETAILS_MAX)
    throw new AppError('invalid', `Keep the details under ${REPORT_DETAILS_MAX} characters.`, {
      errors: [{ path: 'details', message: `at most ${REPORT_DETAILS_MAX} characters` }],
    });

  let listingId: number;
  if (args.targetKind === 'review') {
    const review = await reviewListing(ctx, targetId);
    if (!review) throw new AppError('not_found', 'No such review.');
    listingId = review.listingId;
  } else if (args.targetKind === 'comment') {
    const comment = await commentListing(ctx, targetId);
    if (!comment) throw new AppError('not_found', 'No such comment.');
    listingId = comment.listingId;
  } else {
    listingId = targetId;
  }
  const listing = await publicListing(ctx, listingId);

  return ctx.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', args.reporterId)
      .where('target_kind', '=', args.targetKind as ReportTarget)
      .where('target_id', '=', targetId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open) return open.id;
    const row = await trx
      .insertInto('reports')
      .values({
        reporter_id: args.reporterId,
        target_kind: args.targetKind as ReportTarget,
        target_id: targetId,
        listing_id: listing.id,
        reason: args.reason as ReportReason,
        details,
        created_at: ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function reportQueue(
  ctx: Context,
  opts: { status: ReportView['status']; limit: number },
): Promise<ReportView[]> {
  const rows = await ctx.db
    .selectFrom('reports as r')
    .leftJoin('listings as l', 'l.id', 'r.listing_id')
    .leftJoin('users as u', 'u.id', 'r.reporter_id')
    .leftJoin('reviews as rv', (join) => join.onRef('rv.id', '=', 'r.target_id').on('r.target_kind', '=', 'review'))
    .leftJoin('comments as cm', (join) => join.onRef('cm.id', '=', 'r.target_id').on('r.target_kind', '=', 'comment'))
    .select([
      'r.id',
      'r.target_kind',
      'r.target_id',
      'l.slug',
      'l.name',
      'rv.body as review_body',
      'cm.body as comment_body',
      'cm.hidden_at as comment_hidden_at',
      'r.reason',
      'r.details',
      'r.status',
      'u.email',
      'r.created_at',
      'r.resolved_at',
    ])
    .where('r.status', '=', opts.status)
    .orderBy('r.id', opts.status === 'open' ? 'asc' : 'desc')
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    target_kind: r.target_kind,
    target_id: r.target_id,
    listing: r.slug && r.name ? { slug: r.slug, name: r.name } : null,
    review_body: r.review_body ?? null,
    comment: r.comment_body == null ? null : { body: r.comment_body, hidden: r.comment_hidden_at != null },
    reason: r.reason,
    details: r.details,
    status: r.status,
    reporter: r.email ?? null,
    created_at: r.created_at,
    resolved_at: r.resolved_at,
  }));
}

export async function countOpenReports(ctx: Context): Promise<number> {
  const row = await ctx.db
    .selectFrom('reports')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function closeReport(
  ctx: Context,
  args: { reportId: number; adminId: number; outcome: 'resolved' | 'dismissed' },
): Promise<void> {
  const report = await ctx.db.selectFrom('reports').select('status').where('id', '=', args.reportId).executeTakeFirst();
  if (!report) throw new AppError('not_found', 'No such report.');
  const result = await ctx.db
    .updateTable('reports')
    .set({ status: args.outcome, resolved_at: ctx.clock.now().toISOString(), resolved_by: args.adminId })
    .where('id', '=', args.reportId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('conflict', `This report is already ${report.status}.`);
}

/** What a report is about. */
export async function reportTarget(
  ctx: Context,
  reportId: number,
): Promise<{ target_kind: ReportTarget; target_id: number; status: ReportView['status'] }> {
  const row = await ctx.db
    .selectFrom('reports')
    .select(['target_kind', 'target_id', 'status'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'No such report.');
  return row;
}

/** Resolves every open report about one thing (the admin acted on it); returns how many. */
export async function resolveReportsAbout(
  ctx: Context,
  args: { targetKind: ReportTarget; targetId: number; adminId: number },
): Promise<number> {
  const result = await ctx.db
    .updateTable('reports')
    .set({ status: 'resolved', resolved_at: ctx.clock.now().toISOString(), resolved_by: args.adminId })
    .where('target_kind', '=', args.targetKind)
    .where('target_id', '=', args.targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Hides the comment a report is about and resolves every open report about
 * it, both or neither; the comment and how many reports were resolved.
 */
export async function hideReportedComment(
  ctx: Context,
  args: { reportId: number; adminId: number; reason: string },
): Promise<{ commentId: number; reportsResolved: number }> {
  const report = await reportTarget(ctx, args.reportId);
  if (report.target_kind !== 'comment')
    throw new AppError('invalid', `Report #${args.reportId} is not about a comment.`, {
      errors: [{ path: 'report_id', message: 'not a report about a comment' }],
    });
  const reportsResolved = await inTransaction(ctx, async (tx) => {
    await setCommentHidden(tx, {
      commentId: report.target_id,
      adminId: args.adminId,
      hidden: true,
      reason: args.reason,
    });
    return resolveReportsAbout(tx, { targetKind: 'comment', targetId: report.target_id, adminId: args.adminId });
  });
  return { commentId: report.target_id, reportsResolved };
}
