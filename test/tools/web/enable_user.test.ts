// enable_user as the website runs it: a disabled account is let back in.
import { describe, expect, it } from 'vitest';
import { userWithKey } from '../../helpers/users.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('enable_user', () => {
  it('lets a disabled account back in, for an admin only', async () => {
    const other = await userWithKey(bed.served.ctx, ['account:read']);
    await bed.makeAdmin();
    await bed.run('disable_user', { user_id: other.userId, reason: 'Mistake' });
    expect(await bed.run('enable_user', { user_id: other.userId, restore_votes: true })).toEqual({ votes_restored: 0 });
    const row = await bed.served.ctx.db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
  });
});
