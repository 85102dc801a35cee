import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  centsToDecimal,
  countText,
  dayFromToday,
  formatDate,
  formatDateTime,
  formatDecimalMoney,
  formatMoney,
  formatNumber,
  formatPhone,
  randomId,
} from './format';
import { date, flag, id, list, money } from './fields';
import { effectiveFlags } from './permissions';
import { formatCell } from './lists';

describe('formatting (seed 000, section 9)', () => {
  it('formats numbers with thousands commas', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(999)).toBe('999');
  });
  it('formats dates as YYYY-MM-DD', () => {
    expect(formatDate(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
    expect(formatDate('garbage')).toBe('');
    // A calendar day is the same day everywhere; a moment is a day on a clock.
    expect(formatDate('2026-11-24')).toBe('2026-11-24');
    expect(formatDate('2026-11-24T03:30:00Z', 'America/Denver')).toBe('2026-11-23');
    expect(formatDateTime('2026-11-24T03:30:00Z', 'America/Phoenix')).toBe('2026-11-23 20:30');
    expect(formatDateTime('2026-07-01T03:30:00Z', 'America/Denver')).toBe('2026-06-30 21:30');
  });
  it('writes cents as dollars, exactly', () => {
    expect(formatMoney(123_456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(centsToDecimal(123_450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1_235)).toBe('-12.35');
    // As written, beyond what a double holds to the cent.
    expect(formatDecimalMoney('436.64')).toBe('$436.64');
    expect(formatDecimalMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatDecimalMoney('90071992547409.93')).toBe('$90,071,992,547,409.93');
  });
  it('formats US phone numbers', () => {
    expect(formatPhone('+15052650100')).toBe('(505) 265-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
  it('makes 11-character random ids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
    for (const value of ids) expect(value).toMatch(/^[A-Za-z0-9]{11}$/);
  });
  it('counts characters, words and lines', () => {
    expect(countText('')).toEqual({ characters: 0, words: 0, lines: 0 });
    expect(countText('Oil change\nTire rotation  today')).toEqual({ characters: 31, words: 5, lines: 2 });
  });
  it('renders list cells', () => {
    expect(formatCell(true, 'flag')).toBe('Yes');
    expect(formatCell(12500, 'number')).toBe('12,500');
    expect(formatCell(['a', 'b'], 'list')).toBe('a, b');
    expect(formatCell(null)).toBe('');
  });
});

describe('days from today', () => {
  it('counts calendar days, also across the night the clocks go back', () => {
    vi.useFakeTimers();
    try {
      // 23:06 in Denver on 27 November, 26 days after the clocks went back: 30 × 24 hours before is
      // 00:06 on 29 October there, 30 days before is the 28th.
      vi.setSystemTime(new Date('2026-11-28T06:06:00Z'));
      expect(dayFromToday(-30, 'America/Denver')).toBe('2026-10-28');
      expect(dayFromToday(0, 'America/Denver')).toBe('2026-11-27');
      expect(dayFromToday(3, 'America/Denver')).toBe('2026-11-30');
      expect(dayFromToday(-30, 'UTC')).toBe('2026-10-29');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('form fields', () => {
  it('reads checkboxes as 1/0, true/false or on, missing as false', () => {
    const schema = z.object({ a: flag, b: flag, c: flag, d: flag });
    expect(schema.parse({ a: '1', b: 0, c: 'on' })).toEqual({ a: true, b: false, c: true, d: false });
    expect(schema.safeParse({ a: 'yes' }).success).toBe(false);
  });
  it('reads ids from digits and refuses anything else', () => {
    expect(id.parse('42')).toBe(42);
    for (const bad of ['4.2', '-1', '1 or 1=1', '99999999999', '']) expect(id.safeParse(bad).success).toBe(false);
  });
  it('reads a single value or a repeated field as a list', () => {
    const schema = list(z.string());
    expect(schema.parse('x')).toEqual(['x']);
    expect(schema.parse(['x', 'y'])).toEqual(['x', 'y']);
    expect(schema.parse(undefined)).toEqual([]);
  });
  it('reads dollars as cents, with commas only between groups of three digits', () => {
    const dollars = money();
    expect(['1,234.56', '$1234.5', '12', '1,234,567', '0.05'].map((v) => dollars.parse(v))).toEqual([
      123456, 123450, 1200, 123456700, 5,
    ]);
    for (const bad of ['1,0,0', '1,00', ',100', '100,', '12,34.5', '1.234', '-5'])
      expect(dollars.safeParse(bad).success, bad).toBe(false);
  });
  it('reads days from 1900 to 2100 only', () => {
    expect(date.parse('1900-01-01')).toBe('1900-01-01');
    expect(date.parse('2100-12-31')).toBe('2100-12-31');
    for (const bad of ['1899-12-31', '2101-01-01', '9999-12-31', '0001-01-01']) {
      expect(z.prettifyError(date.safeParse(bad).error!), bad).toContain('must be a date from 1900 to 2100');
    }
  });
});

describe('effective flags', () => {
  it("are the user's own OR the job code's, in catalogue order, ignoring unknown names", () => {
    expect(effectiveFlags(['messenger', 'bogus'], ['userAdmin', 'messenger'])).toEqual(['userAdmin', 'messenger']);
  });
});
