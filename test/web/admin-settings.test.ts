// The admin's site settings and product prices: changes round-trip through
// the form, invalid values are refused by name with nothing saved, prices
// show up in list_products at once, and a post without the CSRF token is 403.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSetting, settingDefaults } from '../../src/directory/settings.js';
import { servedTestContext } from '../helpers/server.js';
import { Browser, formFor, signUpThroughPages } from '../oauth/browser.js';

const served = servedTestContext();
let admin: Browser;
beforeAll(async () => {
  admin = new Browser(served.server.url);
  await signUpThroughPages(admin, 'boss@example.com', 'long enough pw');
  await served.ctx.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'boss@example.com').execute();
});

/** Every setting as the form shows it (checkbox: present when ticked). */
function settingsForm(overrides: Record<string, string | null> = {}): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...settingDefaults })) if (value !== false) form[key] = String(value);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) delete form[key];
    else form[key] = value;
  }
  return form;
}

async function csrfOf(path: string, action: string): Promise<string> {
  return formFor(await (await admin.request(path)).text(), action).hidden._csrf;
}

describe('/admin/settings', () => {
  it('shows every setting with its current value', async () => {
    const page = await (await admin.request('/admin/settings')).text();
    for (const key of Object.keys(settingDefaults)) expect(page, key).toContain(`name="${key}"`);
    expect(page).toContain(`value="${settingDefaults.free_weekly_capacity}"`);
    expect(page).toMatch(
      /<input id="setting-paid_links_follow" type="checkbox" name="paid_links_follow" value="true"(?! checked)/,
    );
  });

  it('saves changed settings and shows them on the form again', async () => {
    const _csrf = await csrfOf('/admin/settings', '/admin/settings');
    const res = await admin.request('/admin/settings', {
      form: {
        _csrf,
        ...settingsForm({
          site_name: 'Launch <Corner>',
          free_weekly_capacity: '40',
          free_launch_weeks_max: '9',
          paid_links_follow: 'true',
        }),
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/settings?done=saved&n=4');
    expect(await getSetting(served.ctx.db, 'site_name')).toBe('Launch <Corner>');
    expect(await getSetting(served.ctx.db, 'free_weekly_capacity')).toBe(40);
    expect(await getSetting(served.ctx.db, 'free_launch_weeks_max')).toBe(9);
    expect(await getSetting(served.ctx.db, 'paid_links_follow')).toBe(true);
    const page = await (await admin.request(res.headers.get('location')!)).text();
    expect(page).toContain('Saved 4 settings.');
    expect(page).toContain('value="Launch &lt;Corner&gt;"');
    expect(page).toContain('value="40"');
    expect(page).toMatch(/name="paid_links_follow" value="true" checked/);
  });

  it('keeps a site name that looks like a number as text, and unticking a checkbox saves false', async () => {
    const _csrf = await csrfOf('/admin/settings', '/admin/settings');
    const form = settingsForm({
      site_name: '2048',
      free_weekly_capacity: '40',
      free_launch_weeks_max: '9',
      paid_links_follow: null,
    });
    expect((await admin.request('/admin/settings', { form: { _csrf, ...form } })).status).toBe(303);
    expect(await getSetting(served.ctx.db, 'site_name')).toBe('2048');
    expect(await getSetting(served.ctx.db, 'paid_links_follow')).toBe(false);
  });

  it('refuses invalid values, naming each setting, and saves nothing', async () => {
    const before = await served.ctx.db.selectFrom('settings').selectAll().orderBy('key').execute();
    const _csrf = await csrfOf('/admin/settings', '/admin/settings');
    const res = await admin.request('/admin/settings', {
      form: {
        _csrf,
        ...settingsForm({
          site_name: 'Valid new name',
          free_weekly_capacity: '-3',
          booking_horizon_weeks: 'soon',
          billboard_minimum_cents: '10.5',
        }),
      },
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    for (const phrase of [
      'role="alert"',
      'Nothing was saved',
      'free_weekly_capacity',
      'booking_horizon_weeks',
      'billboard_minimum_cents',
      'value="Valid new name"',
      'value="soon"',
    ])
      expect(page).toContain(phrase);
    expect(await served.ctx.db.selectFrom('settings').selectAll().orderBy('key').execute()).toEqual(before);
    expect(await getSetting(served.ctx.db, 'site_name')).toBe('2048');
  });

  it('refuses an earliest free launch week later than the latest', async () => {
    const _csrf = await csrfOf('/admin/settings', '/admin/settings');
    const res = await admin.request('/admin/settings', {
      form: { _csrf, ...settingsForm({ free_launch_weeks_min: '10', free_launch_weeks_max: '7' }) },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/free_launch_weeks_min.*free_launch_weeks_max/);
    expect(await getSetting(served.ctx.db, 'free_launch_weeks_min')).toBe(settingDefaults.free_launch_weeks_min);
  });

  it('refuses a post without a valid CSRF token (403) and saves nothing', async () => {
    for (const form of [
      settingsForm({ site_name: 'Forged' }),
      { _csrf: 'x'.repeat(43), ...settingsForm({ site_name: 'Forged' }) },
    ]) {
      const res = await admin.request('/admin/settings', { form });
      expect(res.status).toBe(403);
    }
    expect(await getSetting(served.ctx.db, 'site_name')).toBe('2048');
  });
});

describe('/admin/products', () => {
  const products = async () =>
    (await (await fetch(`${served.server.url}/api/v1/products`)).json()) as {
      items: { key: string; price_cents: number }[];
    };

  it('adds a product and changes its price, which list_products shows at once', async () => {
    let _csrf = await csrfOf('/admin/products', '/admin/products');
    const added = await admin.request('/admin/products', {
      form: { _csrf, key: 'launch', name: 'Launch', cents: '4900', needs_listing: 'true' },
    });
    expect(added.status).toBe(303);
    expect((await products()).items).toEqual([expect.objectContaining({ key: 'launch', price_cents: 4900 })]);

    const page = await (await admin.request('/admin/products')).text();
    expect(page).toContain('4900 ¢ ($49.00)');
    _csrf = formFor(page, '/admin/products/launch/price').hidden._csrf;
    const changed = await admin.request('/admin/products/launch/price', { form: { _csrf, cents: '12345' } });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/admin/products?done=priced');
    expect((await products()).items).toEqual([expect.objectContaining({ key: 'launch', price_cents: 12345 })]);
    const after = await (await admin.request('/admin/products?done=priced')).text();
    expect(after).toContain('12345 ¢ ($123.45)');
    expect(after).toContain('Price saved');
  });

  it('refuses a price that is not whole cents, with the reason on the page', async () => {
    const _csrf = await csrfOf('/admin/products', '/admin/products/launch/price');
    for (const cents of ['12.50', '-1', '', 'free']) {
      const res = await admin.request('/admin/products/launch/price', { form: { _csrf, cents } });
      expect(res.status, cents).toBe(400);
      expect(await res.text()).toContain('whole number of USD cents');
    }
    expect((await products()).items).toEqual([expect.objectContaining({ key: 'launch', price_cents: 12345 })]);
  });

  it('answers an unknown product or a taken key with a message, not a 500', async () => {
    const _csrf = await csrfOf('/admin/products', '/admin/products');
    const unknown = await admin.request('/admin/products/nothing/price', { form: { _csrf, cents: '100' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is no product nothing.');
    const taken = await admin.request('/admin/products', { form: { _csrf, key: 'launch', name: 'Again', cents: '1' } });
    expect(taken.status).toBe(409);
    const bad = await admin.request('/admin/products', { form: { _csrf, key: 'Not A Slug', name: 'Bad', cents: '1' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('key: Lowercase letters, digits and dashes');
  });

  it('refuses a price change without a valid CSRF token (403)', async () => {
    const res = await admin.request('/admin/products/launch/price', { form: { cents: '1' } });
    expect(res.status).toBe(403);
    expect((await products()).items).toEqual([expect.objectContaining({ key: 'launch', price_cents: 12345 })]);
  });
});
