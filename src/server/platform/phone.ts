import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { parsePhoneNumberFromString as parseMax } from 'libphonenumber-js/max';

/** A phone number in E.164 (+15055550100), or null when it is not a valid number. US by default. */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * What kind of number it is, from the full numbering plan: a US or Canadian geographic number may be a mobile
 * or a landline (the plan cannot tell them apart), toll-free, or something no text reaches.
 */
export function phoneKind(value: string): { number: string; kind: 'geographic' | 'toll-free' | 'other' } | null {
  const parsed = parseMax(value, 'US');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  const kind =
    type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === 'FIXED_LINE'
      ? 'geographic'
      : type === 'TOLL_FREE'
        ? 'toll-free'
        : 'other';
  return { number: parsed.number, kind };
}

/**
 * The digits of a search term typed as a phone number ("(505) 555-01", "+1 505"): only digits and
 * the marks people type between them, at least `minDigits` of them. Null for any other text.
 */
export function typedNumber(term: string, minDigits = 3): string | null {
  const digits = term.replace(/\D/g, '');
  return digits.length >= minDigits && /^[\d\s().+-]+$/.test(term) ? digits : null;
}
