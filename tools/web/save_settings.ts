// save_settings (website only, admins): the site settings an admin changes
// on the settings page; each value is checked against its setting's schema.
import { z } from 'zod';
import { webAdminId } from '../../src/accounts/users.js';
import { saveSettings, settingSchemas } from '../../src/directory/settings.js';
import { defineWebOperation } from '../define.js';

export default defineWebOperation({
  name: 'save_settings',
  title: 'Save site settings',
  description:
    'Saves the site settings given (each checked against its bounds; the free window’s earliest week not after its latest), all or none. Admins only.',
  scope: null,
  input: z.strictObject(settingSchemas).partial(),
  output: z.object({ changed: z.array(z.string()) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const adminId = await webAdminId(ctx.db, caller);
    const changed = await saveSettings(ctx.db, input, ctx.clock.now());
    if (changed.length > 0) ctx.logger.info({ adminId, settings: changed }, 'site settings changed');
    return { changed };
  },
});
