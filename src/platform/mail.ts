// The mailer every feature uses. sendMail always writes the message to the
// outbox table first (admins read it on /admin/outbox; tests read it
// directly). With SMTP_URL set, a `send_mail` job then delivers it through
// nodemailer: never inside the request, retried with backoff when the server
// fails, and surviving a restart. The row records the outcome (sent, or failed
// with the reason). Without SMTP_URL the row stays `stored`. Activity mail
// (community/notifications.ts) carries List-Unsubscribe headers, kept with the row.
import type { Context } from '../context.js';
import { enqueue } from './jobs.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra headers for delivery (List-Unsubscribe, List-Unsubscribe-Post on
   * activity mail). Line breaks in a value are folded to spaces.
   */
  headers?: Record<string, string>;
}

/** Writes the message to the outbox; returns its id. Delivery (when configured) starts afterwards. */
export async function sendMail(ctx: Context, message: MailMessage): Promise<number> {
  const smtp = ctx.config.smtpUrl;
  const row = await ctx.db
    .insertInto('outbox')
    .values({
      to: message.to,
      subject: message.subject.replace(/[\r\n]+/g, ' ').slice(0, 300),
      text: message.text,
      html: message.html ?? null,
      headers: message.headers ? JSON.stringify(cleanHeaders(message.headers)) : null,
      status: smtp ? 'queued' : 'stored',
      error: null,
      created_at: ctx.clock.now().toISOString(),
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (smtp) await enqueue(ctx, SEND_MAIL, { outbox_id: row.id }, { maxAttempts: 5 });
  return row.id;
}

export const SEND_MAIL = 'send_mail';

/** Header names as RFC 5322 allows them, values on one line: nothing a caller passes can add a header. */
function cleanHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (/^[A-Za-z0-9-]{1,76}$/.test(name) && typeof value === 'string')
      out[name] = value.replace(/[\r\n]+/g, ' ').slice(0, 2000);
  return out;
}

/** The stored extra headers of an outbox row (an unreadable value is none). */
export function outboxHeaders(row: { headers: string | null }): Record<string, string> {
  if (!row.headers) return {};
  try {
    const parsed: unknown = JSON.parse(row.headers);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? cleanHeaders(parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** The send_mail job: delivers one outbox row; a failure is recorded and thrown so the queue retries. */
export async function deliverOutboxMail(ctx: Context, payload: unknown): Promise<void> {
  const id = Number((payload as { outbox_id?: unknown })?.outbox_id);
  const smtpUrl = ctx.config.smtpUrl;
  const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status === 'sent' || !smtpUrl) return;
  // Loaded at the first delivery, not with the server.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl, { from: ctx.config.mailFrom });
  try {
    await transport.sendMail({
      from: ctx.config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      headers: outboxHeaders(row),
    });
    await ctx.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: ctx.clock.now().toISOString(), error: null })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    ctx.logger.warn({ outboxId: id, reason }, 'mail delivery failed');
    await ctx.db
      .updateTable('outbox')
      .set({ status: 'failed', error: reason.slice(0, 500) })
      .where('id', '=', id)
      .execute();
    throw err;
  } finally {
    transport.close();
  }
}

/** The newest mail to an address (tests and the admin outbox page). */
export async function latestMailTo(ctx: Context, to: string) {
  return ctx.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

/** The newest messages of the outbox, for the admins' outbox page. */
export async function recentMail(ctx: Context, opts: { limit: number }) {
  return ctx.db
    .selectFrom('outbox')
    .select(['id', 'to', 'subject', 'text', 'status', 'error', 'created_at'])
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}
