/**
 * Input primitives shared by every request schema: text that is capped and free of control
 * characters (PostgreSQL refuses U+0000; the others have no place in a name or a command), and
 * integers that are safe. Messages are about the field, never a copy of what was sent.
 */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/** U+0000-U+001F and U+007F. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL = /^[^\u0000-\u001F\u007F]*$/;
/** The same, but a tab, a line feed or a carriage return is allowed (multi-line fields). */
// eslint-disable-next-line no-control-regex -- as above
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export interface TextOptions {
  /** Allow tab, line feed and carriage return. */
  multiline?: boolean;
  /** Replaces 'must be at most N characters'. */
  tooLong?: string;
}

const typeError = (expected: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${expected}`);

/** A string of at most `max` UTF-16 units, without control characters. */
export function text(max: number, { multiline = false, tooLong }: TextOptions = {}) {
  return z
    .string({ error: typeError('text') })
    .max(max, tooLong ?? `must be at most ${max} characters`)
    .regex(multiline ? NO_CONTROL_BUT_LINES : NO_CONTROL, CONTROL_CHARACTERS_MESSAGE);
}

/** A whole number in [min, max] (both within the safe integer range): refuses 1.5, 1e308 and 2**53. */
export function int(min: number, max: number) {
  return z
    .number({ error: typeError('a number') })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

/** An e-mail address as sign-up and sign-in take it (RFC 5321: at most 254 characters). */
export const emailInput = lazySchema(() => text(254).pipe(z.email('Please enter a valid email address')));

/** A UUID-shaped row id in a URL or a body; malformed ones are told apart by the route (404). */
export const idInput = lazySchema(() => text(64));

/** A body that must be empty: nothing, or `{}`. */
export const emptyBody = lazySchema(() => z.strictObject({}, { error: 'This request takes no body.' }).nullish());

/** A query string with nothing the route reads (extra keys are ignored). */
export const emptyQuery = lazySchema(() => z.object({}));
