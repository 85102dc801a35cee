import { fieldLabel } from '../../shared/validation';
import { AppError } from './errors';

/** The sentence for a body the platform will not read at all. */
export const UNREADABLE = 'The request could not be read; check the form and try again.';

/**
 * NUL, which PostgreSQL's text columns refuse, and a UTF-16 surrogate without its other half, which
 * its jsonb refuses (the audit log keeps every change's input as jsonb). Neither is ever typed by a person.
 */
const BAD_CHARACTER = /\0|\p{Cs}/u;

/** Bodies are flat forms or shallow JSON: deeper than this is no form of ours. */
const MAX_DEPTH = 32;

export const hasBadCharacter = (text: string) => BAD_CHARACTER.test(text);

/**
 * A name a client may not use for a field: `prototype` and every name an object inherits
 * (`__proto__`, `constructor`, `toString`, `hasOwnProperty`…), bracketed or not. Objects built
 * from such keys would reach the prototype instead of a field.
 */
function isReservedKey(key: string): boolean {
  const name = key.endsWith('[]') ? key.slice(0, -2) : key;
  return name === 'prototype' || name in Object.prototype;
}

/**
 * Checks a body (or a query string, or a webhook's parameters) before anything reads it: no
 * reserved key at any depth, no NUL or unpaired surrogate in any key or text. A bad text is
 * refused with a sentence naming its field; anything else as unreadable.
 */
export function screenInput(value: unknown): void {
  walk(value, [], 0);
}

function walk(value: unknown, path: (string | number)[], depth: number): void {
  if (typeof value === 'string') {
    if (BAD_CHARACTER.test(value)) {
      throw AppError.invalid(
        `${fieldLabel(path)} contains a character that is not allowed.`,
        path.length ? [String(path[0])] : [],
      );
    }
    return;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth >= MAX_DEPTH) throw AppError.invalid(UNREADABLE);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], [...path, i], depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    if (isReservedKey(key) || BAD_CHARACTER.test(key)) throw AppError.invalid(UNREADABLE);
    walk((value as Record<string, unknown>)[key], [...path, key.endsWith('[]') ? key.slice(0, -2) : key], depth + 1);
  }
}
