/** Deterministic data for the scale profile: one seed, the same rows on every run. */

/** mulberry32: small, fast, and good enough for test data. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}
export type Random = ReturnType<typeof seededRandom>;

/** Area codes of the group's states (NM, CO, AZ, TX, NV, UT), for E.164 numbers that look local. */
export const areaCodes = ['505', '575', '303', '720', '719', '970', '602', '480', '623', '520', '928', '915', '806', '702', '775', '801', '385'];

/** A US number in E.164: valid area code, exchange 2-9xx, never the 555-01xx fiction range. */
export function usPhone(random: Random): string {
  return `+1${random.pick(areaCodes)}${random.int(2, 9)}${String(random.int(0, 99)).padStart(2, '0')}${String(random.int(0, 9999)).padStart(4, '0')}`;
}

const vinChars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const transliteration: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) of a 17-character VIN, per 49 CFR 565. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    const value = /\d/.test(c) ? Number(c) : transliteration[c];
    sum += value * weights[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** A VIN with a valid check digit. */
export function vin(random: Random): string {
  const chars = Array.from({ length: 17 }, () => vinChars[Math.floor(random.next() * vinChars.length)]);
  chars[9] = 'ABCDEFGHJKLMNPRSTVWXY123456789'[random.int(0, 29)]; // model year code
  chars[8] = '0';
  const draft = chars.join('');
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}
