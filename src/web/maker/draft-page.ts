// The draft review page: GET /drafts/:id shows the draft (get_draft) as one
// form, so every button saves every edit on the page: a post calls
// update_draft with all that changed (then invite_cofounder or submit_draft
// when those were pressed) as the signed-in person and answers 303 back to
// the page with a notice, or the page again with everything as typed and
// each problem on its control. A draft of someone else, or an id that is no
// draft id, is a 404.
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import type { FieldName } from '../../drafts/drafter/fields.js';
import { categoryNames } from '../../drafts/job.js';
import type { DraftView } from '../../drafts/views.js';
import { AppError } from '../../errors.js';
import { draftId } from '../../../tools/drafts/schemas.js';
import { act, type Problem, read } from '../ui/act.js';
import { MAX_UPLOAD_BYTES } from '../../media/uploads.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { html, sendPage } from '../ui/html.js';
import { MAKER_FORMS } from '../ui/page.js';
import { csrfValid, webOf } from '../ui/session.js';
import { multipartForm, uploadedFile, uploadFormImage } from '../ui/uploads.js';
import {
  changedFields,
  type DraftSection,
  draftEdits,
  founderPhotoControl,
  isDraftSection,
  type Kept,
  MAX_FOUNDER_ROWS,
  readProfile,
  text,
} from './draft-forms.js';
import { isFieldName, LOGO_FILE, noticeOf } from './draft-labels.js';
import { sendDraftPage } from './draft-view.js';
import { signedIn } from './signed-in.js';

/** The draft form as multipart: every text control, and the logo's and each founder's file control. */
const DRAFT_FORM_LIMITS = {
  fields: MAKER_FORMS.parameterLimit,
  fieldBytes: 512 * 1024,
  fileBytes: MAX_UPLOAD_BYTES,
  files: 1 + MAX_FOUNDER_ROWS,
};

/** The founder row a photo post is for (a row number out of range is the last row's). */
const founderRow = (req: Request) =>
  Math.min(Math.max(Number.parseInt(String(req.params.row), 10) || 0, 0), MAX_FOUNDER_ROWS - 1);

/** Form posts one person may make to their drafts a minute. */
const EDITS_PER_MINUTE = 60;

const FIELD_ACTIONS = ['lock', 'restore', 'regenerate', 'undo'] as const;
type FieldAction = (typeof FIELD_ACTIONS)[number];
const ACTION_INPUT: Record<FieldAction, string> = {
  lock: 'lock_fields',
  restore: 'restore',
  regenerate: 'regenerate',
  undo: 'undo',
};

/** Sub-paths that only take posts; opened as pages (a reload, a shared link) they lead to the draft. */
const FORM_PATHS = [
  'faqs',
  'founders',
  'invite',
  'socials',
  'story',
  'milestones',
  'seo',
  'competitor',
  'retry',
  'submit',
  'logo',
  'founders/:row/photo',
];

/**
 * Whether redrafting a field would replace text of the maker's: a value they
 * saved (edited or removed) or text they typed and have not saved.
 */
function redraftReplacesText(view: DraftView, req: Request, f: FieldName): boolean {
  const state = view.fields[f].state;
  if (state === 'edited' || state === 'deleted') return true;
  return f in changedFields(view, readProfile(req));
}

function noDraftPage(res: Response, session: WebSession): void {
  sendPage(res, {
    status: 404,
    title: 'No such draft',
    csrfToken: webOf(res).csrfToken,
    signedInAs: session.email,
    body: html`<p>There is no draft at this address in your account. It may belong to another account, or the link was cut short.</p>
<p><a href="/my">Your dashboard</a> lists your drafts, or <a href="/submit">start a new one</a>.</p>`,
  });
}

export function draftRoutes(ctx: Context): Router {
  const router = express.Router();

  const getDraft = (session: WebSession, id: string) => read<DraftView>(ctx, session, 'get_draft', { id });

  async function show(
    res: Response,
    session: WebSession,
    view: DraftView,
    opts: { problem?: Problem; kept?: Kept; done?: string; autoRefresh?: boolean; confirmRedraft?: FieldName } = {},
  ) {
    sendDraftPage(
      res,
      session,
      {
        view,
        csrfToken: webOf(res).csrfToken,
        categories: view.status === 'ready' ? await categoryNames(ctx) : [],
        problem: opts.problem ?? null,
        kept: opts.kept,
        notice: opts.done ? noticeOf(opts.done) : null,
        autoRefresh: opts.autoRefresh,
        confirmRedraft: opts.confirmRedraft,
        publicUrl: ctx.config.publicUrl,
      },
      opts.problem?.status,
    );
  }

  /**
   * Runs a page or a form post for one of the person's drafts: signed in,
   * a draft id, and for posts a valid CSRF token and budget. A draft that is
   * not theirs (the tool's 404) is the page's 404.
   */
  function forDraft(
    kind: 'page' | 'form',
    handle: (req: Request, res: Response, session: WebSession, id: string) => Promise<void>,
  ) {
    return async (req: Request, res: Response) => {
      const session = signedIn(req, res);
      if (!session) return;
      const id = String(req.params.id);
      if (!draftId.safeParse(id).success) return noDraftPage(res, session);
      if (kind === 'form') {
        if (!csrfValid(req, res)) return staleFormPage(res);
        if (!(await withinBudget(ctx, `draft:${session.userId}`, EDITS_PER_MINUTE))) return tooManyPage(res);
      }
      try {
        await handle(req, res, session, id);
      } catch (err) {
        if (err instanceof AppError && err.status === 404 && !res.headersSent) return noDraftPage(res, session);
        throw err;
      }
    };
  }

  const idempotencyKey = (req: Request) => field(req, '_idem', 255) || undefined;

  /**
   * Saves every edit the form carries (draftEdits) with update_draft, plus
   * `extra` (a field action): the parts saved and the draft after (none and
   * null when there was nothing to send), or 'answered' when the tool refused
   * and the page was sent again with the problem and everything as typed.
   */
  async function saveEdits(
    req: Request,
    res: Response,
    session: WebSession,
    view: DraftView,
    opts: {
      pressed?: DraftSection;
      leaveOut?: FieldName;
      extra?: Record<string, unknown>;
      kept?: Kept;
      rewrite?: (p: Problem) => Problem;
    } = {},
  ): Promise<{ saved: string[]; after: DraftView | null } | 'answered'> {
    const edits = draftEdits(req, view, { pressed: opts.pressed, leaveOut: opts.leaveOut });
    const input = { ...edits.input, ...opts.extra };
    if (Object.keys(input).length === 0) return { saved: [], after: null };
    const outcome = await act<DraftView>(
      ctx,
      session,
      'update_draft',
      { id: view.id, ...input },
      { idempotencyKey: idempotencyKey(req) },
    );
    if (outcome.ok) return { saved: edits.saved, after: outcome.body };
    const problem = opts.rewrite ? opts.rewrite(outcome.problem) : outcome.problem;
    await show(res, session, await getDraft(session, view.id), { problem, kept: { ...edits.kept, ...opts.kept } });
    return 'answered';
  }

  /**
   * Back to the page at `anchor` with the notice `done`. A co-founder's email
   * typed but not sent (another button was pressed, or Enter in its box) is
   * not thrown away: the page is shown again with it, saying the invite waits.
   */
  async function back(req: Request, res: Response, session: WebSession, done: string, anchor: string) {
    const id = String(req.params.id);
    const email = text(req, 'email').trim();
    if (email) return show(res, session, await getDraft(session, id), { kept: { email }, done: 'invite-unsent' });
    res.redirect(303, `/drafts/${id}?done=${encodeURIComponent(done)}#${anchor}`);
  }

  /** A section's button: every edit saved, the notice on that section. */
  async function saveSection(req: Request, res: Response, session: WebSession, id: string, section: DraftSection) {
    const result = await saveEdits(req, res, session, await getDraft(session, id), { pressed: section });
    if (result === 'answered') return;
    const others = result.saved.some((s) => s !== section);
    let done: string = section;
    if (section === 'competitor') {
      const url = result.after?.competitor?.url ?? '';
      done =
        url === '' ? 'competitor-cleared' : result.after?.competitor?.status === 'reading' ? 'competitor' : 'saved';
    }
    await back(req, res, session, others && done !== 'saved' ? `saved,${done}` : done, section);
  }

  router.get(
    '/drafts/:id',
    forDraft('page', async (req, res, session, id) => {
      await show(res, session, await getDraft(session, id), {
        done: queryString(req, 'done', 100),
        autoRefresh: queryString(req, 'refresh', 10) !== 'off',
      });
    }),
  );

  router.get(
    FORM_PATHS.map((part) => `/drafts/:id/${part}`),
    forDraft('page', async (_req, res, _session, id) => res.redirect(303, `/drafts/${id}`)),
  );

  // The one form of the page: "Save changes" (or any section's button) sends
  // every edit on the page; a field's Lock / Restore / Redraft / Undo button
  // sends its action with them (the field itself is left out of `fields`: one
  // operation a field). Redrafting over the maker's own text asks first,
  // keeping everything typed, and Undo brings that text back.
  router.post(
    '/drafts/:id',
    forDraft('form', async (req, res, session, id) => {
      const [action, name, confirmed] = field(req, 'intent', 100).split(':');
      if (action === 'section' && name && isDraftSection(name)) return saveSection(req, res, session, id, name);
      const view = await getDraft(session, id);
      const target =
        name && isFieldName(name) && FIELD_ACTIONS.includes(action as FieldAction)
          ? { action: action as FieldAction, field: name }
          : null;
      if (target?.action === 'regenerate' && confirmed !== 'confirmed' && redraftReplacesText(view, req, target.field))
        return show(res, session, view, { kept: draftEdits(req, view).kept, confirmRedraft: target.field });
      const result = await saveEdits(req, res, session, view, {
        leaveOut: target && target.action !== 'lock' ? target.field : undefined,
        extra: target ? { [ACTION_INPUT[target.action]]: [target.field] } : undefined,
        // The action's own array (`regenerate.0`) is the field's control here.
        rewrite: (p) =>
          target
            ? {
                ...p,
                errors: p.errors.map((e) =>
                  e.path.startsWith(`${ACTION_INPUT[target.action]}.`) ? { ...e, path: `fields.${target.field}` } : e,
                ),
              }
            : p,
      });
      if (result === 'answered') return;
      const saved = result.saved.length > 0;
      if (!target) return back(req, res, session, saved ? 'saved' : 'unchanged', 'profile');
      const none = target.action === 'regenerate' && result.after?.fields[target.field].value === null;
      await back(
        req,
        res,
        session,
        `${saved ? 'saved,' : ''}${none ? 'regenerate-none' : target.action}:${target.field}`,
        `field-${target.field}`,
      );
    }),
  );

  // A draft whose site could not be read: regenerate on a failed draft reads the site again.
  router.post(
    '/drafts/:id/retry',
    forDraft('form', async (req, res, session, id) => {
      const view = await getDraft(session, id);
      const unlocked = Object.keys(view.fields).find((f) => !view.locked_fields.includes(f as never));
      if (view.status !== 'failed' || !unlocked) return res.redirect(303, `/drafts/${id}`);
      const outcome = await act(
        ctx,
        session,
        'update_draft',
        { id, regenerate: [unlocked] },
        { idempotencyKey: idempotencyKey(req) },
      );
      if (!outcome.ok) return show(res, session, view, { problem: outcome.problem });
      res.redirect(303, `/drafts/${id}`);
    }),
  );

  // Each section's address takes its button's post too (the page posts them to /drafts/:id with intent=section:…).
  for (const [path, section] of [
    ['faqs', 'faqs'],
    ['founders', 'founders'],
    ['socials/company', 'company_socials'],
    ['socials/founder', 'founder_socials'],
    ['story', 'story'],
    ['milestones', 'milestones'],
    ['seo', 'seo'],
    ['competitor', 'competitor'],
  ] as const)
    router.post(
      `/drafts/:id/${path}`,
      forDraft('form', (req, res, session, id) => saveSection(req, res, session, id, section)),
    );

  // Inviting and submitting save every edit on the page first.
  router.post(
    '/drafts/:id/invite',
    forDraft('form', async (req, res, session, id) => {
      const email = text(req, 'email').trim();
      const result = await saveEdits(req, res, session, await getDraft(session, id), { kept: { email } });
      if (result === 'answered') return;
      let problem: Problem | null = null;
      let resent = false;
      try {
        const outcome = await act<{ resent: boolean }>(
          ctx,
          session,
          'invite_cofounder',
          { id, email },
          { idempotencyKey: idempotencyKey(req) },
        );
        if (outcome.ok) resent = outcome.body.resent;
        else problem = outcome.problem;
      } catch (err) {
        // The one 403 here is an account that has not confirmed its email: the form says so.
        if (!(err instanceof AppError && err.status === 403)) throw err;
        problem = { status: 403, message: err.message, errors: [{ path: 'email', message: err.message }] };
      }
      if (problem) return show(res, session, await getDraft(session, id), { problem, kept: { email } });
      res.redirect(
        303,
        `/drafts/${id}?done=${encodeURIComponent(`${result.saved.length > 0 ? 'saved,' : ''}${resent ? 're-invite' : 'invite'}`)}#invite`,
      );
    }),
  );

  // "Upload logo" posts the whole form as multipart: the file is stored
  // (upload_image) and its address saved as the logo link with every other
  // edit; a refused file is said on its control, everything typed kept.
  router.post(
    '/drafts/:id/logo',
    multipartForm({ ...DRAFT_FORM_LIMITS, wanted: () => LOGO_FILE }),
    forDraft('form', async (req, res, session, id) => {
      const view = await getDraft(session, id);
      const refuse = (message: string) =>
        show(res, session, view, {
          problem: { status: 400, message: `Logo file: ${message}.`, errors: [{ path: LOGO_FILE, message }] },
          kept: draftEdits(req, view).kept,
        });
      const file = uploadedFile(res);
      if (!file) return refuse('choose an image file first');
      const upload = await uploadFormImage(ctx, session, file, 'logo');
      if ('refused' in upload) return refuse(upload.refused);
      // The upload's address stands in the logo link box, as if typed there.
      (req.body as Record<string, unknown>)['fields.logo_url'] = upload.url;
      const result = await saveEdits(req, res, session, view);
      if (result === 'answered') return;
      const others =
        result.saved.some((part) => part !== 'fields') || Object.keys(changedFields(view, readProfile(req))).length > 1;
      await back(req, res, session, `${others ? 'saved,' : ''}upload:logo_url`, 'field-logo_url');
    }),
  );

  // "Upload photo" on a founder row does the same for that founder's photo:
  // stored as a square and saved with the founders and every other edit.
  router.post(
    '/drafts/:id/founders/:row/photo',
    multipartForm({ ...DRAFT_FORM_LIMITS, wanted: (req) => founderPhotoControl(founderRow(req)) }),
    forDraft('form', async (req, res, session, id) => {
      const view = await getDraft(session, id);
      const row = founderRow(req);
      const control = founderPhotoControl(row);
      const refuse = (message: string) =>
        show(res, session, view, {
          problem: {
            status: 400,
            message: `Founder ${row + 1}'s photo: ${message}.`,
            errors: [{ path: control, message }],
          },
          kept: draftEdits(req, view).kept,
        });
      const file = uploadedFile(res);
      if (!file) return refuse('choose an image file first');
      const upload = await uploadFormImage(ctx, session, file, 'logo');
      if ('refused' in upload) return refuse(upload.refused);
      const body = req.body as Record<string, unknown>;
      body[`founders.${row}.avatar_url`] = upload.url;
      delete body[`founders.${row}.remove_photo`];
      const result = await saveEdits(req, res, session, view, { pressed: 'founders' });
      if (result === 'answered') return;
      const others = result.saved.some((part) => part !== 'founders');
      await back(req, res, session, `${others ? 'saved,' : ''}founder-photo`, 'founders');
    }),
  );

  router.post(
    '/drafts/:id/submit',
    forDraft('form', async (req, res, session, id) => {
      const result = await saveEdits(req, res, session, await getDraft(session, id));
      if (result === 'answered') return;
      const outcome = await act<{ listing_id: number; warnings: { field: string }[] }>(
        ctx,
        session,
        'submit_draft',
        { id },
        { idempotencyKey: idempotencyKey(req) },
      );
      if (!outcome.ok) return show(res, session, await getDraft(session, id), { problem: outcome.problem });
      // What the listing did not keep (submit_draft's warnings) is said on the launch page.
      const warned = [...new Set(outcome.body.warnings.map((w) => w.field))].join(',');
      res.redirect(
        303,
        `/my/listings/${outcome.body.listing_id}/launch?done=submitted${warned ? `&warned=${encodeURIComponent(warned)}` : ''}`,
      );
    }),
  );

  return router;
}
