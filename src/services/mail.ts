// The mailer every feature uses. sendMail always writes the message to the
// outbox table first (admins read it there; tests read it directly). With
// SMTP_URL set, it is then delivered through nodemailer in the background,
// never inside the request, and the outcome recorded on the row (sent or
// failed with the reason). Without SMTP_URL the row stays `stored`.
import nodemailer from 'nodemailer';
import type { Context } from '../context.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
      status: smtp ? 'queued' : 'stored',
      error: null,
      created_at: ctx.clock.now().toISOString(),
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (smtp) {
    setImmediate(() => {
      deliver(ctx, smtp, row.id, message).catch((err) => ctx.logger.error({ err, outboxId: row.id }, 'recording mail delivery failed'));
    });
  }
  return row.id;
}

async function deliver(ctx: Context, smtpUrl: string, id: number, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl, { from: ctx.config.mailFrom });
  try {
    await transport.sendMail({ from: ctx.config.mailFrom, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
    await ctx.db.updateTable('outbox').set({ status: 'sent', sent_at: ctx.clock.now().toISOString(), error: null }).where('id', '=', id).execute();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    ctx.logger.warn({ outboxId: id, reason }, 'mail delivery failed');
    await ctx.db.updateTable('outbox').set({ status: 'failed', error: reason.slice(0, 500) }).where('id', '=', id).execute();
  } finally {
    transport.close();
  }
}

/** The newest mail to an address (tests and the admin outbox page). */
export async function latestMailTo(ctx: Context, to: string) {
  return ctx.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id', 'desc').executeTakeFirst();
}
