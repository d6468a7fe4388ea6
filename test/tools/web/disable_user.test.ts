// disable_user as the website runs it: admins only; never one's own account;
// the account's key stops working.
import { describe, expect, it } from 'vitest';
import { userWithKey } from '../../helpers/users.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('disable_user', () => {
  it('disables another account with a reason, for an admin only', async () => {
    const other = await userWithKey(bed.served.ctx, ['account:read']);
    const input = { user_id: other.userId, reason: 'Vote ring' };
    expect((await bed.refusal('disable_user', input)).status).toBe(404);
    await bed.makeAdmin();
    expect((await bed.refusal('disable_user', { user_id: bed.person.userId, reason: 'x' })).status).toBe(403);
    expect(await bed.run('disable_user', input)).toEqual({ disabled: true });
    expect((await fetch(`${bed.served.server.url}/api/v1/me`, { headers: other.auth })).status).toBe(401);
  });
});
