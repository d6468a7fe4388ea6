// A draft's background run (read the site, then draft it) followed as a task:
// MCP's tasks extension hands one to clients that accept it. The store is the
// drafts table itself: a task id names a draft and the moment its run began,
// and the task's status is the draft's, so tasks survive a restart and every
// process (`serve --workers N`) answers for them alike. Only the draft's owner
// sees its tasks; anyone else gets "not found", as with the draft.
import type { Context } from '../context.js';
import { type Draft, draftById, draftNextSteps, viewOf } from './drafts.js';

export type DraftTaskStatus = 'working' | 'completed' | 'cancelled';

export interface DraftTask {
  taskId: string;
  status: DraftTaskStatus;
  statusMessage: string;
  /** When the run began (ISO 8601). */
  createdAt: string;
  lastUpdatedAt: string;
  draft: Draft;
}

/** What a cancelled run leaves in the draft's failure_reason: the draft is `failed`, and regenerate starts it again. */
export const CANCELLED_REASON = 'Cancelled at your request.';

/**
 * The id of the task following the run a draft is in: its id and the moment
 * the run began (`updated_at` when submit_listing created it or update_draft's
 * regenerate restarted it), so a later run of the same draft is another task.
 */
export function draftTaskId(draft: { id: string; updated_at: string }): string {
  return `${draft.id}.${Date.parse(draft.updated_at).toString(36)}`;
}

/** The draft id and start of a task id; undefined for anything that is not one. */
function parseTaskId(taskId: string): { draftId: string; startedAt: Date } | undefined {
  const match = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})$/.exec(taskId);
  if (!match) return undefined;
  const startedAt = new Date(Number.parseInt(match[2]!, 36));
  return Number.isNaN(startedAt.getTime()) ? undefined : { draftId: match[1]!, startedAt };
}

function statusOf(draft: Draft): { status: DraftTaskStatus; statusMessage: string } {
  switch (draft.status) {
    case 'crawling':
      return { status: 'working', statusMessage: 'Reading the website.' };
    case 'drafting':
      return { status: 'working', statusMessage: 'Drafting the profile from what the website says.' };
    case 'ready':
      return { status: 'completed', statusMessage: 'The draft is ready to review.' };
    default:
      // A site that could not be read is an answer (the draft says why), not a task failure.
      return draft.failure_reason === CANCELLED_REASON
        ? { status: 'cancelled', statusMessage: CANCELLED_REASON }
        : {
            status: 'completed',
            statusMessage: `Reading the site failed: ${draft.failure_reason ?? 'unknown reason'}`,
          };
  }
}

/**
 * The task as it stands, or null when the user has no such task. A task whose
 * run failed and was then restarted by regenerate follows the new run: the
 * drafts table keeps only a draft's latest run.
 */
export async function ownDraftTask(ctx: Context, userId: number, taskId: string): Promise<DraftTask | null> {
  const parsed = parseTaskId(taskId);
  if (!parsed) return null;
  const draft = await draftById(ctx, ctx.db, parsed.draftId);
  if (!draft || draft.user_id !== userId || parsed.startedAt < new Date(draft.created_at)) return null;
  const lastUpdated = Math.max(parsed.startedAt.getTime(), Date.parse(draft.updated_at));
  const createdAt = parsed.startedAt.toISOString();
  return { taskId, ...statusOf(draft), createdAt, lastUpdatedAt: new Date(lastUpdated).toISOString(), draft };
}

/**
 * Cancels a task's run: the draft becomes `failed` with CANCELLED_REASON, and
 * the draft job, which checks the status before each step and each write,
 * stops at its next step (a crawl under way finishes, and its pages are kept
 * as evidence, but nothing is drafted). A finished task is left as it is.
 * Null when the user has no such task.
 */
export async function cancelDraftTask(ctx: Context, userId: number, taskId: string): Promise<DraftTask | null> {
  const task = await ownDraftTask(ctx, userId, taskId);
  if (task?.status !== 'working') return task;
  await ctx.db
    .updateTable('drafts')
    .set({ status: 'failed', failure_reason: CANCELLED_REASON, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', task.draft.id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['crawling', 'drafting'])
    .execute();
  return ownDraftTask(ctx, userId, taskId);
}

/** A finished task's result: the draft exactly as get_draft returns it. */
export async function draftTaskResult(ctx: Context, task: DraftTask) {
  return { ...(await viewOf(ctx, task.draft)), next_steps: await draftNextSteps(ctx, task.draft) };
}
