// set_notification_mail as the website runs it: the kinds named come by mail,
// every other kind stops; an unknown kind is refused on the field.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('set_notification_mail', () => {
  it('mails the kinds named and no other', async () => {
    const settings = (await bed.run('set_notification_mail', { mail: ['review', 'order'] })) as Record<string, boolean>;
    expect(
      Object.entries(settings)
        .filter(([, mail]) => mail)
        .map(([kind]) => kind)
        .sort(),
    ).toEqual(['order', 'review']);
    const none = (await bed.run('set_notification_mail', { mail: [] })) as Record<string, boolean>;
    expect(Object.values(none).every((mail) => !mail)).toBe(true);
  });

  it('refuses a kind that does not exist', async () => {
    const err = await bed.refusal('set_notification_mail', { mail: ['gossip'] });
    expect(err.errors.map((e) => e.path)).toEqual(['mail.0']);
  });
});
