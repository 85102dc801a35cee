/**
 * Seed 002, section 5: what a repair order's value and hour inputs accept. Shared by the item table
 * (as people type) and the server (what it stores), so both read a typed value the same way.
 */
import { centsToDecimal } from '../../shared/format';

/** An input's value as the rules read it: minus signs removed, other characters but digits and the first point stripped, empty as 0. */
export function cleanAmount(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const digits = point === -1 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
  return digits === '' || digits === '.' ? '0' : digits;
}

/** A cleaned amount as a whole number of `10^-scale` units, exactly (a BigInt: no floating point). */
function scaled(value: string, scale: number): bigint {
  const [whole, fraction = ''] = cleanAmount(value).split('.');
  return BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
}

/** A whole number of `10^-scale` units, rounded half up to hundredths when it has more decimals. */
function hundredths(units: bigint, scale: number): bigint {
  if (scale <= 2) return units * 10n ** BigInt(2 - scale);
  const step = 10n ** BigInt(scale - 2);
  return (units + step / 2n) / step;
}

/** An amount in hundredths (cents, or hundredths of an hour), rounded half up: what the server stores. */
export function toHundredths(raw: string): number {
  const value = cleanAmount(raw);
  const scale = value.split('.')[1]?.length ?? 0;
  return Number(hundredths(scaled(value, scale), scale));
}

/**
 * The sum of the inputs as the screen shows it: exact, and rounded to 2 decimals only when it has
 * more ("0.1" and "0.2" make "0.3"; "1.005" and "1" make "2.01").
 */
export function sumAmounts(values: readonly string[]): string {
  const cleaned = values.map(cleanAmount);
  const scale = Math.max(0, ...cleaned.map((v) => v.split('.')[1]?.length ?? 0));
  const total = cleaned.reduce((sum, v) => sum + scaled(v, scale), 0n);
  if (scale > 2) return centsToDecimal(Number(hundredths(total, scale)));
  if (scale === 0) return total.toString();
  const text = total.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}
