// The draft review page: GET /drafts/:id shows the draft (get_draft) and each
// form posts to its own route, which calls update_draft (or invite_cofounder,
// submit_draft) as the signed-in person and answers 303 back to the page with
// a notice, or the page again with the input kept and each problem on its
// control. A draft of someone else, or an id that is no draft id, is a 404.
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { categoryNames } from '../../drafts/job.js';
import type { DraftView } from '../../drafts/views.js';
import { AppError } from '../../errors.js';
import { draftId } from '../../../tools/drafts/schemas.js';
import { act, type Problem, read } from '../ui/act.js';
import { field, queryString, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { html, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import {
  changedFields,
  changedStory,
  founderInput,
  type Kept,
  milestoneInput,
  readFaqs,
  readFounders,
  readMilestones,
  readProfile,
  readSocials,
  readStory,
  text,
} from './draft-forms.js';
import { isFieldName, noticeOf } from './draft-labels.js';
import { sendDraftPage } from './draft-view.js';
import { signedIn } from './signed-in.js';
import { withScheme } from './submit-page.js';

/** Form posts one person may make to their drafts a minute. */
const EDITS_PER_MINUTE = 60;

const FIELD_ACTIONS = ['lock', 'restore', 'regenerate'] as const;
type FieldAction = (typeof FIELD_ACTIONS)[number];
const ACTION_INPUT: Record<FieldAction, string> = { lock: 'lock_fields', restore: 'restore', regenerate: 'regenerate' };

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
];

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
    opts: { problem?: Problem; kept?: Kept; done?: string; autoRefresh?: boolean } = {},
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

  /** update_draft with a form's input: back to the page with a notice, or the page again with the problem. */
  async function update(
    req: Request,
    res: Response,
    session: WebSession,
    id: string,
    input: Record<string, unknown>,
    opts: { kept: Kept; done: (view: DraftView) => string; anchor: string; rewrite?: (p: Problem) => Problem },
  ) {
    const outcome = await act<DraftView>(
      ctx,
      session,
      'update_draft',
      { id, ...input },
      { idempotencyKey: field(req, '_idem', 255) || undefined },
    );
    if (!outcome.ok) {
      const problem = opts.rewrite ? opts.rewrite(outcome.problem) : outcome.problem;
      return show(res, session, await getDraft(session, id), { problem, kept: opts.kept });
    }
    res.redirect(303, `/drafts/${id}?done=${encodeURIComponent(opts.done(outcome.body))}#${opts.anchor}`);
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

  // The profile: "Save changes" sends only the fields whose text changed; a
  // field's Lock / Restore / Redraft button sends its action with them (a
  // restored or redrafted field is left out of `fields`: one operation a field).
  router.post(
    '/drafts/:id',
    forDraft('form', async (req, res, session, id) => {
      const view = await getDraft(session, id);
      const typed = readProfile(req);
      const [action, name] = field(req, 'intent', 100).split(':');
      const target =
        name && isFieldName(name) && FIELD_ACTIONS.includes(action as FieldAction)
          ? { action: action as FieldAction, field: name }
          : null;
      const changed = changedFields(view, typed);
      if (target && target.action !== 'lock') delete changed[target.field];
      const saved = Object.keys(changed).length > 0;
      if (!target && !saved) return res.redirect(303, `/drafts/${id}?done=unchanged#profile`);
      const input: Record<string, unknown> = {};
      if (saved) input.fields = changed;
      if (target) input[ACTION_INPUT[target.action]] = [target.field];
      await update(req, res, session, id, input, {
        kept: { profile: typed },
        anchor: target ? `field-${target.field}` : 'profile',
        done: (after) => {
          if (!target) return 'saved';
          const none = target.action === 'regenerate' && after.fields[target.field].value === null;
          return `${saved ? 'saved,' : ''}${none ? 'regenerate-none' : target.action}:${target.field}`;
        },
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
        { idempotencyKey: field(req, '_idem', 255) || undefined },
      );
      if (!outcome.ok) return show(res, session, view, { problem: outcome.problem });
      res.redirect(303, `/drafts/${id}`);
    }),
  );

  router.post(
    '/drafts/:id/faqs',
    forDraft('form', async (req, res, session, id) => {
      const faqs = readFaqs(req);
      await update(req, res, session, id, { faqs }, { kept: { faqs }, done: () => 'faqs', anchor: 'faqs' });
    }),
  );

  router.post(
    '/drafts/:id/founders',
    forDraft('form', async (req, res, session, id) => {
      const founders = readFounders(req);
      await update(
        req,
        res,
        session,
        id,
        { founders: founderInput(founders) },
        { kept: { founders }, done: () => 'founders', anchor: 'founders' },
      );
    }),
  );

  router.post(
    '/drafts/:id/invite',
    forDraft('form', async (req, res, session, id) => {
      const email = text(req, 'email').trim();
      let problem: Problem | null = null;
      let resent = false;
      try {
        const outcome = await act<{ resent: boolean }>(
          ctx,
          session,
          'invite_cofounder',
          { id, email },
          { idempotencyKey: field(req, '_idem', 255) || undefined },
        );
        if (outcome.ok) resent = outcome.body.resent;
        else problem = outcome.problem;
      } catch (err) {
        // The one 403 here is an account that has not confirmed its email: the form says so.
        if (!(err instanceof AppError && err.status === 403)) throw err;
        problem = { status: 403, message: err.message, errors: [{ path: 'email', message: err.message }] };
      }
      if (problem) return show(res, session, await getDraft(session, id), { problem, kept: { email } });
      res.redirect(303, `/drafts/${id}?done=${resent ? 're-invite' : 'invite'}#invite`);
    }),
  );

  router.post(
    ['/drafts/:id/socials/company', '/drafts/:id/socials/founder'],
    forDraft('form', async (req, res, session, id) => {
      const group = req.path.endsWith('/company') ? 'company_socials' : 'founder_socials';
      const links = readSocials(req, group);
      await update(
        req,
        res,
        session,
        id,
        { [group]: links },
        { kept: { [group]: links }, done: () => group, anchor: group },
      );
    }),
  );

  router.post(
    '/drafts/:id/story',
    forDraft('form', async (req, res, session, id) => {
      const typed = readStory(req);
      const story = changedStory(await getDraft(session, id), typed);
      await update(req, res, session, id, { story }, { kept: { story: typed }, done: () => 'story', anchor: 'story' });
    }),
  );

  router.post(
    '/drafts/:id/milestones',
    forDraft('form', async (req, res, session, id) => {
      const milestones = readMilestones(req);
      await update(
        req,
        res,
        session,
        id,
        { milestones: milestoneInput(milestones) },
        { kept: { milestones }, done: () => 'milestones', anchor: 'milestones' },
      );
    }),
  );

  router.post(
    '/drafts/:id/seo',
    forDraft('form', async (req, res, session, id) => {
      const seo = { title: text(req, 'seo.title').trim(), meta: text(req, 'seo.meta').trim() };
      await update(req, res, session, id, { seo }, { kept: { seo }, done: () => 'seo', anchor: 'seo' });
    }),
  );

  router.post(
    '/drafts/:id/competitor',
    forDraft('form', async (req, res, session, id) => {
      const url = withScheme(text(req, 'competitor_url'));
      await update(
        req,
        res,
        session,
        id,
        { competitor_url: url },
        {
          kept: { competitor_url: url },
          done: (after) =>
            url === '' ? 'competitor-cleared' : after.competitor?.status === 'reading' ? 'competitor' : '',
          anchor: 'competitor',
        },
      );
    }),
  );

  router.post(
    '/drafts/:id/submit',
    forDraft('form', async (req, res, session, id) => {
      const outcome = await act<{ listing_id: number; warnings: { field: string }[] }>(
        ctx,
        session,
        'submit_draft',
        { id },
        { idempotencyKey: field(req, '_idem', 255) || undefined },
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
