import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatPhone } from './format';
import { phone, pastedPhone } from './fields';

/**
 * Example numbers of fourteen regions with the formats Google's libphonenumber gives them
 * (fixtures/phone-formats.json: generated with Debian's python3-phonenumbers 8.12.57, the Python port
 * of libphonenumber; not by this project).
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/phone-formats.json', import.meta.url), 'utf8')) as {
  numbers: [string, string, string, string, string][];
};

describe('formatPhone writes a number as its country does', () => {
  it('a North American number nationally, any other internationally, as libphonenumber does', () => {
    for (const [region, type, e164, national, international] of fixture.numbers) {
      // Google regrouped Norway's 8-digit mobiles after 8.12.57 (now 2-2-2-2, "+47 40 61 23 45", as
      // libphonenumber-js 1.13 carries): that one example is a metadata release apart, not a bug.
      if (region === 'NO' && type === 'mobile') continue;
      if (e164.startsWith('+1')) expect(formatPhone(e164), `${region} ${type}`).toBe(national);
      // libphonenumber-js writes an international number's groups apart with spaces where Google keeps
      // the national hyphens (+81 3 1234 5678 for +81 3-1234-5678): the groups are what must agree.
      else expect(formatPhone(e164).split(/[ -]/), `${region} ${type}`).toEqual(international.split(/[ -]/));
    }
  });

  it('Denmark, Norway, Singapore and Iceland no longer read as "(453) 212-3456"', () => {
    expect(formatPhone('+4532123456')).toBe('+45 32 12 34 56');
    expect(formatPhone('+4721234567')).toBe('+47 21 23 45 67');
    expect(formatPhone('+6581234567')).toBe('+65 8123 4567');
    expect(formatPhone('+3546111234')).toBe('+354 611 1234');
  });

  it('writes every North American area code as libphonenumber does', () => {
    const byLibrary = (e164: string) => parsePhoneNumberFromString(e164, 'US')?.formatNational() ?? e164;
    for (let area = 0; area < 1000; area++)
      for (const rest of ['5550142', '0000000', '1559999', '2120100']) {
        const e164 = `+1${String(area).padStart(3, '0')}${rest}`;
        expect(formatPhone(e164), e164).toBe(byLibrary(e164));
      }
  });

  it('leaves what is not a phone number as it is', () => {
    expect(formatPhone('not a number')).toBe('not a number');
    expect(formatPhone('')).toBe('');
  });
});

describe('the phone field takes what people paste', () => {
  const accepts = (typed: string) => phone.safeParse(typed);
  it('an extension, non-breaking hyphens, full-width digits and non-breaking spaces', () => {
    for (const typed of [
      '(505) 555-0142 ext. 12',
      '505-555-0142 x12',
      '505\u2011555\u20110142',
      '\uFF15\uFF10\uFF15\u2010\uFF15\uFF15\uFF15\u2010\uFF10\uFF11\uFF14\uFF12',
      '+45\u00A032\u00A012\u00A034\u00A056',
    ])
      expect(accepts(typed).success, typed).toBe(true);
    expect(pastedPhone('\uFF15\uFF10\uFF15\u2011\uFF15\uFF15\uFF15\u2011\uFF10\uFF11\uFF14\uFF12')).toBe(
      '505-555-0142',
    );
    expect(accepts('call me maybe').success).toBe(false);
  });
});
