import { describe, expect, it } from 'vitest';
import { northAmericanWmi, normalizeVin, vinCheckDigit, vinModelYear, vinProblem } from './vehicles.api';

// Published examples with a correct check digit: the worked example of the check-digit method in
// Wikipedia's "Vehicle identification number" article (a 1989 bus, check digit X), and a 2003 Honda
// Accord VIN printed in many VIN decoders' documentation.
const PUBLISHED = ['1M8GDM9AXKP042788', '1HGCM82633A004352'];

describe('VIN check digit (49 CFR 565.15)', () => {
  it('accepts published VINs, including a check digit of X', () => {
    for (const vin of PUBLISHED) expect(vinProblem(vin)).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('refuses every single mistyped character that changes its value', () => {
    const vin = '1HGCM82633A004352';
    const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
    const value = (c: string) => vinCheckDigit(`${c}0000000000000000`);
    for (let i = 0; i < vin.length; i += 1) {
      for (const c of alphabet) {
        if (i === 8 || value(c) === value(vin[i]!)) continue; // A and J (and others) share a value
        const typo = vin.slice(0, i) + c + vin.slice(i + 1);
        if (!northAmericanWmi(typo)) continue; // other markets' VINs carry no check digit

        expect(vinProblem(typo), typo).toMatch(/check digit/);
      }
    }
  });

  it('names what is wrong in a sentence', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('A VIN has 17 characters; this one has 16.');
    expect(vinProblem('1HGCM82633A0O4352')).toBe('A VIN never contains the letters I, O or Q; this one has O.');
    expect(vinProblem('1HGCM8263#A004352')).toBe('A VIN holds only letters and digits; this one has "#".');
    expect(vinProblem('1HGCM82643A004352')).toBe(
      'The check digit (9th character) should be 3, not 4: a character is mistyped.',
    );
  });

  it('reads pasted VINs the way people type them', () => {
    expect(normalizeVin(' 1hgcm8-2633a 004352\n')).toBe('1HGCM82633A004352');
  });
});

describe('VIN model year', () => {
  const today = new Date('2026-06-01');
  it('reads the model year from position 10, using position 7 for the thirty-year cycle', () => {
    expect(vinModelYear('1HGCM82633A004352', today)).toBe(2003);
    expect(vinModelYear('1M8GDM9AXKP042788', today)).toBe(1989);
    expect(vinModelYear('5YJ3E1EA2JF000316', today)).toBe(2018); // letter in position 7: 2010 on
    expect(vinModelYear('2T3P1RFV1MC123456', today)).toBe(2021);
  });
});
