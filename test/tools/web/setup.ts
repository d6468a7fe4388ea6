// What the tests of the website's operations share: a served context with a
// live listing and a person with a confirmed email, and the operations run
// through the registry's invoke path as the website runs them.
import { beforeAll } from 'vitest';
import { webCaller } from '../../../src/auth/caller.js';
import { AppError } from '../../../src/errors.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { webOperations } from '../../../tools/web/index.js';
import { given } from '../../helpers/given.js';
import { type Served, servedTestContext } from '../../helpers/server.js';
import { confirmEmail, userWithKey } from '../../helpers/users.js';

export interface WebOperationsBed {
  served: Served;
  listingId: number;
  person: Awaited<ReturnType<typeof userWithKey>>;
  /** Runs `name` as the person signed in on the site; the answer's body. */
  run(name: string, input: Record<string, unknown>): Promise<unknown>;
  /** The refusal of running `name` as the person on the site. */
  refusal(name: string, input: Record<string, unknown>): Promise<AppError>;
  /** Makes the person one of the site's admins. */
  makeAdmin(): Promise<void>;
}

export function webOperationsBed(): WebOperationsBed {
  const served = servedTestContext();
  const bed = { served } as WebOperationsBed;
  const operation = (name: string) => webOperations.find((op) => op.name === name)!;
  bed.run = async (name, input) =>
    (await invokeTool(served.ctx, operation(name), input, webCaller(bed.person.userId, '203.0.113.7'))).body;
  bed.refusal = async (name, input) => {
    try {
      await bed.run(name, input);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error(`${name} was not refused`);
  };
  bed.makeAdmin = async () => {
    await served.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', bed.person.userId).execute();
  };
  beforeAll(async () => {
    bed.listingId = await given(served.ctx).listing({ slug: 'acme', status: 'live' });
    bed.person = await userWithKey(served.ctx, ['account:read']);
    await confirmEmail(served.ctx, bed.person.userId);
  });
  return bed;
}
