// The one rule for text anyone sends us, on every face and form: Unicode text
// without control characters (tab, line feed and carriage return excepted) and
// without unpaired surrogates. PostgreSQL refuses NUL in text and UTF-8 has no
// encoding for a lone surrogate, so such input would fail (500) or be stored
// differently per database; it is refused up front with a 400 naming the field.
// Also how text is cut to a length for showing (`ellipsize`).
import type { FieldError } from '../errors.js';

/** At most `max` characters: cut text ends in an ellipsis, which counts as one. */
export const ellipsize = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

// C0 controls but \t \n \r, DEL and C1 controls.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is not acceptable text, or null when it is. */
export function textProblem(value: string): string | null {
  if (CONTROL.test(value))
    return 'must not contain control characters (NUL and the like); tab and line breaks are fine';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it has an unpaired surrogate)';
  return null;
}

/** Levels of lists and objects input may nest: no operation takes more than a few; deeper input only costs stack. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Every string (and object key) in a JSON-like value that is not acceptable text, by dot path; and input nested
 * deeper than MAX_INPUT_DEPTH, named where it goes too deep (walked no further, so no depth overflows the stack).
 */
export function textProblems(value: unknown, path = '', depth = 0): FieldError[] {
  if (depth > MAX_INPUT_DEPTH && value !== null && typeof value === 'object')
    return [
      {
        path: path || '(body)',
        message: `is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of lists and objects`,
      },
    ];
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? [{ path: path || '(body)', message: problem }] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, i) => textProblems(item, path ? `${path}.${i}` : String(i), depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      const at = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key);
      return keyProblem ? [{ path: at, message: `the field name ${keyProblem}` }] : textProblems(item, at, depth + 1);
    });
  }
  return [];
}
