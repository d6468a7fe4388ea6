// Editing every site setting in one form. All values are checked against the
// settings schemas first; if any is wrong, the page names each bad setting and
// nothing is saved. Otherwise the changed ones are written in one transaction.
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { getSetting, isSettingKey, settingSchemas, type SettingKey } from '../../directory/settings.js';
import { AppError } from '../../errors.js';
import { perform } from '../ui/act.js';
import { field, OPERATION_FIELD_MAX } from '../ui/forms.js';
import { csrfField, html, type SafeHtml, plural } from '../ui/html.js';
import { adminGet, adminOf, adminPost, noticeOf, sendAdminPage } from './common.js';

const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];

/** Words for each setting; a new setting without a label shows its key. */
const LABELS: Partial<Record<SettingKey, [label: string, hint: string]>> = {
  site_name: ['Site name', 'Shown in page titles, feeds and get_site_info.'],
  site_purpose: ['Site purpose', 'One or two sentences on what the directory is for (get_site_info, the home page).'],
  free_launch_weeks_min: ['Free launch: earliest week', 'How many weeks ahead a free launch is queued at the soonest.'],
  free_launch_weeks_max: ['Free launch: latest week', 'How many weeks ahead a free launch is queued at the latest.'],
  free_weekly_capacity: ['Free launches per week', 'How many free launches one week takes.'],
  paid_weekly_capacity: ['Paid launches per week', 'How many paid launches one week takes.'],
  booking_horizon_weeks: ['Booking horizon (weeks)', 'How far ahead a paid launch or featured week may be booked.'],
  billboard_minimum_cents: [
    'Billboard minimum (USD cents)',
    'The smallest billboard contribution, in cents, excluding VAT.',
  ],
  paid_links_follow: [
    'Paid listings’ links are followed',
    'When ticked, paid listings’ outbound links drop rel="nofollow" (free listings always carry nofollow ugc).',
  ],
  seller_name: ['Seller name', 'Who sells paid launches, as receipts name them. Empty: the site name.'],
  seller_address: ['Seller address', 'The postal address receipts show.'],
  seller_vat_id: ['Seller VAT id', 'The VAT identification number receipts show.'],
  terms_markdown: ['Terms (Markdown)', 'The text of the Terms page (/terms).'],
  privacy_markdown: ['Privacy (Markdown)', 'The text of the Privacy page (/privacy).'],
};

const labelOf = (key: SettingKey) => LABELS[key]?.[0] ?? key;

type Values = Record<SettingKey, unknown>;

async function currentValues(ctx: Context): Promise<Values> {
  const entries = await Promise.all(SETTING_KEYS.map(async (key) => [key, await getSetting(ctx.db, key)] as const));
  return Object.fromEntries(entries) as Values;
}

function settingInput(key: SettingKey, value: unknown): SafeHtml {
  const schema = settingSchemas[key] as z.ZodType;
  const [label, hint] = LABELS[key] ?? [key, ''];
  const id = `setting-${key}`;
  const hintEl = hint ? html`<span class="muted" id="${id}-hint">${hint}</span>` : '';
  const describedBy = hint ? html` aria-describedby="${id}-hint"` : '';
  if (schema instanceof z.ZodBoolean) {
    return html`<label for="${id}"><input id="${id}" type="checkbox" name="${key}" value="true"${value === true ? ' checked' : ''}${describedBy}> ${label} <code>${key}</code></label>${hintEl}`;
  }
  if (schema instanceof z.ZodNumber) {
    const min = schema.minValue;
    const max = schema.maxValue;
    const bounds = html`${min !== null && Number.isFinite(min) ? html` min="${min}"` : ''}${max !== null && Number.isFinite(max) ? html` max="${max}"` : ''}`;
    return html`<label for="${id}">${label} <code>${key}</code></label>${hintEl}
<input id="${id}" type="number" name="${key}" step="1"${bounds} required value="${String(value ?? '')}"${describedBy}>`;
  }
  const max = schema instanceof z.ZodString ? schema.maxLength : null;
  const maxAttr = max === null ? '' : html` maxlength="${max}"`;
  // An optional text (the seller's VAT id) may be left empty.
  const required = schema instanceof z.ZodString && (schema.minLength ?? 0) > 0 ? html` required` : '';
  if (max !== null && max > 200) {
    return html`<label for="${id}">${label} <code>${key}</code></label>${hintEl}
<textarea id="${id}" name="${key}" rows="${max > 2000 ? 14 : 3}"${required}${maxAttr}${describedBy}>${String(value ?? '')}</textarea>`;
  }
  return html`<label for="${id}">${label} <code>${key}</code></label>${hintEl}
<input id="${id}" type="text" name="${key}"${required}${maxAttr} value="${String(value ?? '')}"${describedBy}>`;
}

/** One setting as the form sends it, in its type (a number, a tick); the operation checks its bounds. */
function readSetting(req: Request, key: SettingKey): { ok: true; value: unknown } | { ok: false; message: string } {
  const schema = settingSchemas[key] as z.ZodType;
  const raw = field(req, key, OPERATION_FIELD_MAX);
  if (schema instanceof z.ZodBoolean) {
    if (raw !== '' && raw !== 'true') return { ok: false, message: 'is a checkbox: ticked or not' };
    return { ok: true, value: raw === 'true' };
  }
  if (schema instanceof z.ZodNumber) {
    const text = raw.trim();
    if (!/^-?\d{1,15}$/.test(text)) return { ok: false, message: 'must be a whole number' };
    return { ok: true, value: Number(text) };
  }
  return { ok: true, value: raw.trim() };
}

const NOTICES = {
  saved: (n: number) => (n === 0 ? 'Nothing changed.' : `Saved ${plural(n, 'setting')}.`),
};

async function renderSettings(
  ctx: Context,
  req: Request,
  res: Response,
  opts: { error?: string | SafeHtml; status?: number; values?: Values } = {},
) {
  const admin = adminOf(res);
  const values = opts.values ?? (await currentValues(ctx));
  sendAdminPage(res, {
    path: '/admin/settings',
    title: 'Site settings',
    status: opts.status,
    error: opts.error,
    notice: noticeOf(req, NOTICES),
    body: html`<p>Changes apply at once. Prices are not settings: they are on <a href="/admin/products">Products and prices</a>.</p>
<form method="post" action="/admin/settings">
${csrfField(admin.csrfToken)}
${SETTING_KEYS.map((key) => html`<div class="setting">${settingInput(key, values[key])}</div>`)}
<button type="submit">Save settings</button>
</form>`,
  });
}

export function settingsRoutes(ctx: Context): Router {
  const router = express.Router();
  const render = (req: Request, res: Response, opts?: { error?: string; status?: number }) =>
    renderSettings(ctx, req, res, opts);

  router.get('/admin/settings', adminGet(render));

  router.post(
    '/admin/settings',
    adminPost(render, async (req, res, admin) => {
      const submitted = {} as Values;
      let problems: string[] = [];
      for (const key of SETTING_KEYS) {
        const read = readSetting(req, key);
        submitted[key] = read.ok ? read.value : field(req, key, OPERATION_FIELD_MAX);
        if (!read.ok) problems.push(`${labelOf(key)} (${key}) ${read.message}.`);
      }
      if (problems.length === 0) {
        try {
          const { changed } = await perform<{ changed: string[] }>(ctx, admin.session, 'save_settings', submitted);
          return `/admin/settings?done=saved&n=${changed.length}`;
        } catch (err) {
          if (!(err instanceof AppError) || err.status !== 400) throw err;
          problems = err.errors.map((e) =>
            isSettingKey(e.path) ? `${labelOf(e.path)} (${e.path}): ${e.message}.` : `${e.path}: ${e.message}.`,
          );
        }
      }
      await renderSettings(ctx, req, res, {
        status: 400,
        values: submitted,
        error: html`<p>Nothing was saved. Fix these and send the form again:</p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>`,
      });
      return null;
    }),
  );
  return router;
}
