import type { z } from 'zod';
import { REQUEST_TEXTS } from '@rpg/game';

/** Longest message a 400 carries. */
export const MAX_INPUT_MESSAGE = 200;

/** Field names we repeat in a message: ours look like this; anything else may be the sender's text. */
const SAFE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** The issue to report: the first one, or inside a union the branch that got furthest. */
function pick(issue: z.core.$ZodIssue): { issue: z.core.$ZodIssue; path: PropertyKey[] } {
  if (issue.code === 'invalid_union' && issue.message === 'Invalid input') {
    const inner = issue.errors.flat().find((i) => i.code !== 'invalid_type' || i.path.length > 0);
    if (inner) {
      const deeper = pick(inner);
      return { issue: deeper.issue, path: [...issue.path, ...deeper.path] };
    }
  }
  return { issue, path: issue.path };
}

/** Our own full sentences ('Please enter a valid email address') stand alone; zod's terse defaults and 'must be ...' get the field. */
const isSentence = (message: string) => /^[A-Z]/.test(message) && !/^(Invalid|Too (big|small)|Unrecognized)\b/.test(message);

/**
 * A clear message for refused input that never repeats what was sent (issue "Security": long
 * strings came back inside 400 answers): the field path when it is one of ours, and the rule
 * the value broke.
 */
export function inputErrorMessage(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return REQUEST_TEXTS.invalidInput;
  const { issue, path } = pick(first);
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.filter((k) => SAFE_KEY.test(k));
    message = keys.length === issue.keys.length ? message : REQUEST_TEXTS.unrecognizedField;
  } else if (message === 'Invalid input') {
    message = REQUEST_TEXTS.notValid;
  }
  const safePath = path.every((p) => typeof p === 'number' || (typeof p === 'string' && SAFE_KEY.test(p)));
  let where = '';
  if (!isSentence(message)) {
    if (path.length > 0) where = safePath ? `${path.join('.')}: ` : REQUEST_TEXTS.aFieldPrefix;
    else if (/^[a-z]/.test(message)) where = REQUEST_TEXTS.inputPrefix;
  }
  const text = `${where}${message}`;
  return text.length > MAX_INPUT_MESSAGE ? `${text.slice(0, MAX_INPUT_MESSAGE - 1)}…` : text;
}
