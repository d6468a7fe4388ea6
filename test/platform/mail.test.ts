// The mailer: every message lands in the outbox; with SMTP_URL it is then
// delivered in the background and the outcome recorded, without blocking.
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/platform/jobs.js';
import { sendMail } from '../../src/platform/mail.js';
import { jobHandlers } from '../../src/scheduler.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { fakeSmtp } from '../helpers/smtp.js';

/** Runs the queued send_mail job (what the workers of `serve` do) and reads the row. */
async function settled(ctx: TestContext, id: number) {
  expect(
    (await ctx.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  ).toBe('queued');
  await runDueJobs(ctx, jobHandlers, 'test-worker');
  return ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('sendMail', () => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const ctx = await testContext();
    try {
      const id = await sendMail(ctx, { to: 'a@example.com', subject: 'Hello\r\nBcc: x@y', text: 'Hi' });
      const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ to: 'a@example.com', subject: 'Hello Bcc: x@y', text: 'Hi', status: 'stored' });
    } finally {
      await ctx.close();
    }
  });

  describe('with SMTP_URL', () => {
    const received: string[] = [];
    let smtp: Server;
    let port: number;
    beforeAll(async () => {
      smtp = fakeSmtp(received);
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
      port = (smtp.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((r) => smtp?.close(r));
    });

    it('delivers in the background and records it as sent', async () => {
      const ctx = await testContext({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Launchboard <no-reply@example.com>',
      });
      try {
        const id = await sendMail(ctx, { to: 'b@example.com', subject: 'Delivered', text: 'Body text' });
        const row = await settled(ctx, id);
        expect(row.status).toBe('sent');
        expect(row.sent_at).not.toBeNull();
        expect(received.some((m) => m.includes('Subject: Delivered') && m.includes('Body text'))).toBe(true);
      } finally {
        await ctx.close();
      }
    });

    it('records a failed delivery with its reason, without failing the caller', async () => {
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const deadPort = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
      const ctx = await testContext({ smtpUrl: `smtp://127.0.0.1:${deadPort}` });
      try {
        const id = await sendMail(ctx, { to: 'c@example.com', subject: 'Bounced', text: 'x' });
        const row = await settled(ctx, id);
        expect(row.status).toBe('failed');
        expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      } finally {
        await ctx.close();
      }
    });
  });
});
