// The admin pages: the review feed of listing edits and the mail outbox, for
// admins only (everyone else gets 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../../src/services/mail.js';
import { updateMyListing } from '../../src/services/my-listings.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { Browser, signUpThroughPages } from '../oauth/browser.js';

let ctx: TestContext;
let server: TestServer;
beforeAll(async () => {
  ctx = await testContext();
  server = await startServer(ctx);
  ctx.config.publicUrl = server.url;
  const maker = await userWithKey(ctx, ['listings:write']);
  const id = await given(ctx).listing({ slug: 'acme', fields: { owner_id: maker.userId, name: 'Acme', tagline: 'Before <b>' } });
  await updateMyListing(ctx, maker.userId, id, { fields: { tagline: 'After <script>' } });
  await sendMail(ctx, { to: 'someone@example.com', subject: 'Hello there', text: 'Body' });
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('admin pages', () => {
  it('are 404 for visitors and for people who are not admins', async () => {
    expect((await new Browser(server.url).request('/admin/changes')).status).toBe(404);
    const person = new Browser(server.url);
    await signUpThroughPages(person, 'person@example.com', 'long enough pw');
    expect((await person.request('/admin/changes')).status).toBe(404);
    expect((await person.request('/admin/outbox')).status).toBe(404);
  });

  it('show an admin every edit with before/after, escaped, and the outbox', async () => {
    const admin = new Browser(server.url);
    await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
    const changes = await admin.request('/admin/changes');
    expect(changes.status).toBe(200);
    const page = await changes.text();
    expect(page).toContain('Before &lt;b&gt;');
    expect(page).toContain('After &lt;script&gt;');
    expect(page).not.toContain('<script>');
    expect(await (await admin.request('/admin/outbox')).text()).toContain('Hello there');
  });
});
