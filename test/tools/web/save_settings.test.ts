// save_settings as the website runs it: admins only; each value within its
// setting's bounds and the free window in order, or nothing saved; what
// changed is named, and an unchanged value is not written again.
import { describe, expect, it } from 'vitest';
import { getSetting } from '../../../src/directory/settings.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const db = () => bed.served.ctx.db;

describe('save_settings', () => {
  it('saves the settings given, all or none, for an admin only', async () => {
    expect((await bed.refusal('save_settings', { site_name: 'Shipyard' })).status).toBe(404);
    await bed.makeAdmin();

    const outOfBounds = await bed.refusal('save_settings', { site_name: 'Shipyard', booking_horizon_weeks: 0 });
    expect(outOfBounds.errors.map((e) => e.path)).toEqual(['booking_horizon_weeks']);
    const backwards = await bed.refusal('save_settings', { site_name: 'Shipyard', free_launch_weeks_min: 9 });
    expect(backwards.errors.map((e) => e.path)).toEqual(['free_launch_weeks_min']);
    expect(await getSetting(db(), 'site_name')).toBe('Launchboard');

    expect(
      await bed.run('save_settings', { site_name: 'Shipyard', free_launch_weeks_min: 4, free_launch_weeks_max: 8 }),
    ).toEqual({ changed: ['site_name', 'free_launch_weeks_min'] });
    expect([await getSetting(db(), 'site_name'), await getSetting(db(), 'free_launch_weeks_min')]).toEqual([
      'Shipyard',
      4,
    ]);
    expect(await bed.run('save_settings', { site_name: 'Shipyard' })).toEqual({ changed: [] });
  });
});
