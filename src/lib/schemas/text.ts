import { z } from 'zod';
import { TEXT_FIELD_MAX } from '../limits';
import { messages } from '../messages';

/** Tab, line feed and carriage return: the controls multi-line text may hold. */
const LINE_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/**
 * True when `text` holds a control character its kind of field may not (issue 8): any C0
 * control (NUL included) or DEL; tab and newlines are allowed in multi-line text.
 */
export function hasForbiddenControl(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 || c === 0x7f) && !(multiline && LINE_CONTROLS.has(c))) return true;
  }
  return false;
}

export interface TextOptions {
  /** Longest accepted length, before trimming; TEXT_FIELD_MAX when the field sets none. */
  max?: number;
  /** Tab and newlines allowed (review, bio, descriptions). */
  multiline?: boolean;
  /** The message when the value is not a string at all. */
  error?: string;
  /** The message when it is longer than `max`. */
  tooLong?: string;
}

/**
 * The one rule for request text (issue 8): a string of at most `max` characters with no NUL or
 * other control character (tab and newlines only where multi-line), each refusal in our own
 * words. Chain `.trim()`, `.min()` and the like after it as on any string.
 */
export function text(options: TextOptions = {}) {
  const { max = TEXT_FIELD_MAX, multiline = false } = options;
  return z
    .string({ error: options.error ?? messages.generic.badRequest })
    .max(max, options.tooLong ?? messages.generic.textTooLong)
    .refine((value) => !hasForbiddenControl(value, multiline), {
      error: messages.generic.controlCharacters,
    });
}
