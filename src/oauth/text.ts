// The site-wide text rule (src/platform/text.ts) in OAuth's error format:
// a parameter with a control character or an unpaired surrogate is an
// invalid request (or invalid client metadata), named, never a 500.
import { textProblems } from '../platform/text.js';
import { type OAuthErrorCode, oauthError } from './errors.js';

export function rejectUnacceptableText(params: unknown, code: OAuthErrorCode = 'invalid_request'): void {
  const [first] = textProblems(params);
  if (first) throw oauthError(code, `${first.path} ${first.message}`);
}
