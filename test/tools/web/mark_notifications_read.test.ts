// mark_notifications_read as the website runs it: the person's unread
// notifications become read, and only theirs.
import { describe, expect, it } from 'vitest';
import { notify, unreadNotifications } from '../../../src/community/notifications.js';
import { userWithKey } from '../../helpers/users.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('mark_notifications_read', () => {
  it('marks the signed-in person’s notifications read, leaving everyone else’s', async () => {
    const other = await userWithKey(bed.served.ctx, ['account:read']);
    await notify(
      bed.served.ctx,
      [bed.person.userId, bed.person.userId, other.userId].map((userId) => ({
        userId,
        kind: 'follow' as const,
        listingId: bed.listingId,
        title: 'A new follower',
        body: '',
        mail: false,
      })),
    );
    expect(await bed.run('mark_notifications_read', {})).toEqual({ marked: 2 });
    expect(await unreadNotifications(bed.served.ctx, bed.person.userId)).toBe(0);
    expect(await unreadNotifications(bed.served.ctx, other.userId)).toBe(1);
    expect(await bed.run('mark_notifications_read', {})).toEqual({ marked: 0 });
  });
});
