// Recognising a unique-constraint violation in either dialect, for the few
// inserts that race on purpose (order numbers, one pending claim per listing)
// and retry instead of failing.
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs `attempt` again (up to `times` in all) while it fails on a unique constraint. */
export async function retryOnUniqueViolation<T>(times: number, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= times || !isUniqueViolation(err)) throw err;
    }
  }
}
