// set_notification_mail (website only): which kinds of notification also come
// by mail; the kinds left out come only under the bell.
import { z } from 'zod';
import { webUserId } from '../../src/auth/caller.js';
import { mailSettingsOf, NOTIFICATION_KINDS, setMailSettings } from '../../src/community/notification-settings.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'set_notification_mail',
  title: 'Choose which notifications come by mail',
  description: 'Sets which kinds of notification are also mailed: the kinds named are, every other kind is not.',
  scope: null,
  input: z.strictObject({ mail: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length * 2) }),
  output: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const userId = webUserId(caller);
    const chosen = new Set(input.mail);
    await setMailSettings(ctx, userId, Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, chosen.has(k)])));
    return mailSettingsOf(ctx, userId);
  },
});
