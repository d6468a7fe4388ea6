// Form controls that show what a tool said about them. A control's name is
// the input's dot path (`fields.tagline`, `faqs.0.question`), so a refusal's
// `errors[].path` finds its control, and its id is that path made safe
// (`f-fields-tagline`): the summary at the top links to each field, and the
// field itself carries its message (aria-describedby, aria-invalid).
import type { FieldError } from '../../errors.js';
import type { Problem } from './act.js';
import { html, SafeHtml } from './html.js';

export const controlId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The problems of one control: its own path or anything under it (an item of a list). */
export function errorsFor(problem: Problem | null | undefined, path: string): FieldError[] {
  if (!problem) return [];
  return problem.errors.filter((e) => e.path === path || e.path.startsWith(`${path}.`));
}

/** A validator's message in words a person acts on ("at most 500 characters: shorten it"). */
export function plainMessage(message: string): string {
  const tooLong = /^Too big: expected (?:string|array) to have <=\s*(\d+) (characters|items)/.exec(message);
  if (tooLong) return `Too long: at most ${tooLong[1]} ${tooLong[2]}. Shorten it.`;
  const tooShort = /^Too small: expected string to have >=\s*1 characters/.exec(message);
  if (tooShort) return 'Required: fill it in.';
  if (/^Invalid input: expected \w+, received undefined/.test(message)) return 'Required: fill it in.';
  return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');
}

/**
 * The box at the top of a form that was refused: the tool's message and a
 * link to each field it names. `labelOf` turns a path into the field's label.
 */
export function problemSummary(problem: Problem | null | undefined, labelOf: (path: string) => string): SafeHtml | '' {
  if (!problem) return '';
  return html`<div class="error" role="alert" id="form-problem" tabindex="-1"><p>${problem.errors.length > 0 ? 'Some fields need a change before this can be saved:' : problem.message}</p>
${problem.errors.length > 0 ? html`<ul>${problem.errors.map((e) => html`<li><a href="#${controlId(closestControl(e.path))}">${labelOf(e.path)}</a>: ${plainMessage(e.message)}</li>`)}</ul>` : ''}</div>`;
}

/** Lists are edited one item a line, so an error on `fields.features.3` belongs to `fields.features`. */
function closestControl(path: string): string {
  return path.replace(/\.\d+$/, '');
}

export interface ControlOptions {
  path: string;
  label: string;
  value: string | null | undefined;
  hint?: string | SafeHtml;
  problem?: Problem | null;
  kind?: 'text' | 'textarea' | 'url' | 'email' | 'date' | 'number' | 'file';
  /** A file control's offered types. */
  accept?: string;
  rows?: number;
  maxlength?: number;
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
}

/** A labelled input, textarea or file control, with its hint and its problems. */
export function control(opts: ControlOptions): SafeHtml {
  const id = controlId(opts.path);
  const errors = errorsFor(opts.problem, opts.path);
  const hintId = opts.hint ? `${id}-hint` : '';
  const errorId = errors.length > 0 ? `${id}-error` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const attrs = new SafeHtml(
    [
      `id="${id}"`,
      `name="${opts.path}"`,
      describedBy ? `aria-describedby="${describedBy}"` : '',
      errors.length > 0 ? 'aria-invalid="true"' : '',
      opts.maxlength ? `maxlength="${opts.maxlength}"` : '',
      opts.required ? 'required' : '',
      opts.autocomplete ? `autocomplete="${opts.autocomplete}"` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  const placeholder = opts.placeholder ? html` placeholder="${opts.placeholder}"` : '';
  const input =
    opts.kind === 'textarea'
      ? html`<textarea ${attrs} rows="${opts.rows ?? 3}"${placeholder}>${opts.value ?? ''}</textarea>`
      : opts.kind === 'file'
        ? html`<input ${attrs} type="file" accept="${opts.accept ?? ''}">`
        : html`<input ${attrs} type="${opts.kind ?? 'text'}" value="${opts.value ?? ''}"${placeholder}>`;
  return html`<div class="field${errors.length > 0 ? ' invalid' : ''}"><label for="${id}">${opts.label}</label>
${opts.hint ? html`<p class="hint" id="${hintId}">${opts.hint}</p>` : ''}
${errors.length > 0 ? html`<p class="field-error" id="${errorId}">${errors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
${input}</div>`;
}

/** A one-time key a form carries so a double click or a resent form runs its tool once. */
export const idempotencyField = (key: string) => html`<input type="hidden" name="_idem" value="${key}">`;
