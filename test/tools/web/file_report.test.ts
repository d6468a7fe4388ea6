// file_report as the website runs it: the report's id, and over-long details
// refused on the field with nothing written.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();
const count = async () =>
  Number(
    (
      await bed.served.ctx.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('file_report', () => {
  it('answers its id; over-long details are a 400 on the field, nothing written', async () => {
    const report = { target_kind: 'listing', target_id: String(bed.listingId), reason: 'spam' };
    const tooLong = await bed.refusal('file_report', { ...report, details: 'x'.repeat(1001) });
    expect(tooLong.errors.map((e) => e.path)).toEqual(['details']);
    expect(await count()).toBe(0);
    const answer = (await bed.run('file_report', { ...report, details: '' })) as { report_id: number };
    expect(answer.report_id).toBeGreaterThan(0);
    expect(await count()).toBe(1);
  });
});
