import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, webCaller } from '../../../src/auth/caller.js';
import { AppError } from '../../../src/errors.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { webOperations } from '../../../tools/web/index.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';
import { confirmEmail, userWithKey } from '../../helpers/users.js';

const served = servedTestContext();
const _NAMES = webOperations.map((op) => op.name);
const operation = (name: string) => webOperations.find((op) => op.name === name)!;

let listingId: number;
let person: Awaited<ReturnType<typeof userWithKey>>;
beforeAll(async () => {
  listingId = await given(served.ctx).listing({ slug: 'acme', status: 'live' });
  person = await userWithKey(served.ctx, ['account:read', 'listings:write', 'orders:write']);
  await confirmEmail(served.ctx, person.userId);
});

async function refusal(name: string, input: Record<string, unknown>, caller: Caller): Promise<AppError> {
  try {
    await invokeTool(served.ctx, operation(name), input, caller);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

describe('file_report', () => {
  it('file_report answers its id, and over-long details are a 400 on the field, nothing written', async () => {
    const report = { target_kind: 'listing', target_id: String(listingId), reason: 'spam' };
    const tooLong = await refusal('file_report', { ...report, details: 'x'.repeat(1001) }, webCaller(person.userId));
    expect(tooLong.errors.map((e) => e.path)).toEqual(['details']);
    const count = async () =>
      Number(
        (
          await served.ctx.db
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
    const answer = await invokeTool(
      served.ctx,
      operation('file_report'),
      { ...report, details: '' },
      webCaller(person.userId),
    );
    expect((answer.body as { report_id: number }).report_id).toBeGreaterThan(0);
    expect(await count()).toBe(1);
  });
});
