// mark_notifications_read (website only): the person has seen their
// notifications, so the bell stops counting them.
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { markNotificationsRead } from '../../src/community/notifications.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'mark_notifications_read',
  title: 'Mark my notifications read',
  description: 'Marks every unread notification of the signed-in person read.',
  scope: null,
  input: z.strictObject({}),
  output: z.object({ marked: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, _input, caller) => ({ marked: await markNotificationsRead(ctx, webUserId(caller)) }),
});
