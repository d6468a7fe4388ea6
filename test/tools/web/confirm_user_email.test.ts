// confirm_user_email as the website runs it: admins only; once.
import { describe, expect, it } from 'vitest';
import { userWithKey } from '../../helpers/users.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('confirm_user_email', () => {
  it('confirms an address once, for an admin only', async () => {
    const other = await userWithKey(bed.served.ctx, ['account:read']);
    expect((await bed.refusal('confirm_user_email', { user_id: other.userId })).status).toBe(404);
    await bed.makeAdmin();
    expect(await bed.run('confirm_user_email', { user_id: other.userId })).toEqual({ changed: true });
    expect(await bed.run('confirm_user_email', { user_id: other.userId })).toEqual({ changed: false });
  });
});
