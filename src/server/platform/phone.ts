import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number in E.164 (+15055550100), or null when it is not a valid number. US by default. */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'US');
  return parsed?.isValid() ? parsed.number : null;
}
