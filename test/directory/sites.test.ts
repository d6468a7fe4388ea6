// The main site follows PUBLIC_URL, and the sites under it move with it: the
// demo's EU edition is `{main}/eu` whatever URL the server has, not the
// default's localhost.
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.js';
import { settingDefaults } from '../../src/directory/settings.js';
import { ensureMainSite } from '../../src/directory/sites.js';
import { testContext, type TestContext } from '../helpers/context.js';

let ctx: TestContext | undefined;
afterAll(() => ctx?.close());

const sites = async (c: TestContext) =>
  Object.fromEntries(
    (await c.db.selectFrom('sites').select(['key', 'base_url']).execute()).map((s) => [s.key, s.base_url]),
  );

describe('the sites of an installation', () => {
  it("seeds the EU edition under main's URL, and moves both when PUBLIC_URL changes", async () => {
    ctx = await testContext({ publicUrl: 'https://launch.example.org' });
    await ensureMainSite(ctx);
    await seedDemo(ctx.db, { now: ctx.clock.now(), settings: settingDefaults });
    expect(await sites(ctx)).toEqual({ main: 'https://launch.example.org', eu: 'https://launch.example.org/eu' });

    ctx.config.publicUrl = 'https://board.example.net';
    await ensureMainSite(ctx);
    expect(await sites(ctx)).toEqual({ main: 'https://board.example.net', eu: 'https://board.example.net/eu' });
  });
});
