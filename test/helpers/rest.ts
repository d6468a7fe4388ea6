// Assertions on REST answers shared by the tool tests.
import { expect } from 'vitest';

/** The answer is a 400 whose first field error names `field`. */
export async function expectFieldRefused(answer: Response | Promise<Response>, field: string): Promise<void> {
  const res = await answer;
  expect(res.status).toBe(400);
  expect((await res.json()).errors[0].path).toBe(field);
}
