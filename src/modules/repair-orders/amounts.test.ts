import { describe, expect, it } from 'vitest';
import { cleanAmount, sumAmounts, toHundredths } from './amounts';

describe('repair order value and hour inputs (seed 002, section 5)', () => {
  it('reads an empty value as 0, removes minus signs and strips what is not a number', () => {
    expect(cleanAmount('')).toBe('0');
    expect(cleanAmount('-12.5')).toBe('12.5');
    expect(cleanAmount('$1,234.50 ')).toBe('1234.50');
    expect(cleanAmount('abc')).toBe('0');
    expect(cleanAmount('1.2.3')).toBe('1.23');
    expect(cleanAmount('2 hrs')).toBe('2');
  });

  it('sums exactly, rounding to 2 decimals only when the sum has more', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['10', '20'])).toBe('30');
    expect(sumAmounts(['1.005', '1'])).toBe('2.01');
    expect(sumAmounts(['-12.345abc', ''])).toBe('12.35');
    expect(sumAmounts(['1.5', '2.25'])).toBe('3.75');
    expect(sumAmounts([])).toBe('0');
    // Ten dimes are a dollar: floating point gives 0.9999999999999999.
    expect(sumAmounts(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
  });

  it('stores hundredths rounded half up', () => {
    expect(toHundredths('12.345')).toBe(1235);
    expect(toHundredths('12.344')).toBe(1234);
    expect(toHundredths('-3')).toBe(300);
    expect(toHundredths('')).toBe(0);
  });
});
