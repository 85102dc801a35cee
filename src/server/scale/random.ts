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
export const areaCodes = [
  '505',
  '575',
  '303',
  '720',
  '719',
  '970',
  '602',
  '480',
  '623',
  '520',
  '928',
  '915',
  '806',
  '702',
  '775',
  '801',
  '385',
];

/** A US number in E.164: valid area code, exchange 2-9xx, never the 555-01xx fiction range. */
export function usPhone(random: Random): string {
  return `+1${random.pick(areaCodes)}${random.int(2, 9)}${String(random.int(0, 99)).padStart(2, '0')}${String(random.int(0, 9999)).padStart(4, '0')}`;
}
