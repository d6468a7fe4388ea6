// The reason an admin gives for an action that touches someone else (hiding
// or editing a listing, disabling an account): required, kept with the
// record and shown to the person it concerns, so it is short plain text.
import { invalid } from '../errors.js';
import { textProblem } from '../platform/text.js';

export const REASON_MAX = 500;

/** The reason as stored (trimmed), or an `invalid` AppError naming `path`. */
export function adminReason(raw: string, path = 'reason'): string {
  const reason = raw.replace(/\r\n?/g, '\n').trim();
  if (reason === '')
    throw invalid('Give a reason: it is kept in the record and shown to the person concerned.', [
      { path, message: 'give a reason: it is kept in the record and shown to the person concerned' },
    ]);
  if (reason.length > REASON_MAX)
    throw invalid(`The reason is too long: at most ${REASON_MAX} characters (it has ${reason.length}). Shorten it.`, [
      { path, message: `at most ${REASON_MAX} characters` },
    ]);
  const problem = textProblem(reason);
  if (problem) throw invalid(`The reason ${problem}.`, [{ path, message: problem }]);
  return reason;
}
