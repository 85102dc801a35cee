/**
 * Vehicle identification numbers (49 CFR 565), checked and decoded offline. Isomorphic: the server
 * refuses a bad VIN with the same sentence a form shows as it is typed.
 */

export const VIN_LENGTH = 17;

/** Section 565.15(c): the value of each character; I, O and Q are never used. */
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
  0: 0,
  1: 1,
  2: 2,
  3: 3,
  4: 4,
  5: 5,
  6: 6,
  7: 7,
  8: 8,
  9: 9,
};

/** Section 565.15(d): the weight of each position; the ninth is the check digit itself. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Upper-cases and drops spaces and dashes, as people type or paste a VIN. */
export function normalizeVin(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, '');
}

/** The check digit the other sixteen characters call for ('X' for ten); null when a character is not allowed. */
export function vinCheckDigit(vin: string): string | null {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const value = VALUES[vin[i] ?? ''];
    if (value === undefined) return null;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Whether the world manufacturer identifier is North American (ISO 3780: 1 to 5, and 7F to 7Z, the
 * codes SAE now gives United States makers). Only VINs of vehicles built for North America carry the
 * check digit of 49 CFR 565.15; a European, Russian or Asian maker's VIN for its home market need not
 * (its 9th character is often a filler or a plant code).
 */
export function northAmericanWmi(vin: string): boolean {
  return /^[1-5]/.test(vin) || /^7[F-Z0-9]/.test(vin);
}

/** Why a VIN cannot be right, as a sentence, or null when it passes every check. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return `A VIN has 17 characters; this one has ${vin.length}.`;
  const bad = [...vin].find((c) => VALUES[c] === undefined);
  if (bad !== undefined) {
    return /[IOQ]/.test(bad)
      ? `A VIN never contains the letters I, O or Q; this one has ${bad}.`
      : `A VIN holds only letters and digits; this one has "${bad}".`;
  }
  const expected = vinCheckDigit(vin);
  if (expected !== vin[8] && northAmericanWmi(vin))
    return `The check digit (9th character) should be ${expected}, not ${vin[8]}: a character is mistyped.`;
  return null;
}

/**
 * What a form shows beside a VIN that passes, when there is something to know: a VIN from a maker
 * outside North America is taken without its check digit, so a mistyped character cannot be caught.
 */
export function vinNote(vin: string): string | null {
  if (vin.length !== VIN_LENGTH || vinProblem(vin) || northAmericanWmi(vin) || vinCheckDigit(vin) === vin[8])
    return null;
  return 'Built for a market outside North America: this VIN has no check digit, so a mistyped character cannot be caught. Compare it with the vehicle.';
}

/** Position 10, section 565.15(b): the code repeats every thirty years. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The newest model year a VIN can name: makers sell next year's models from the spring before. */
export const newestVinYear = (today = new Date()) => today.getFullYear() + 1;

/**
 * Whether a VIN follows 49 CFR 565, as every vehicle sold in the United States does whoever built
 * it: a North American WMI, or a check digit that holds (a Kia or a BMW for the US market).
 */
export function followsPart565(vin: string): boolean {
  return northAmericanWmi(vin) || (vin.length === VIN_LENGTH && vinCheckDigit(vin) === vin[8]);
}

/**
 * The model years position 10 can name, the likeliest first, none later than next year. Under 49 CFR
 * 565 position 7 of a car, light truck or multipurpose vehicle is a letter from 2010 on and a digit
 * before (section 565.15(b)), so that reading comes first; other VINs are read as the latest year
 * that is not in the future.
 */
export function vinYearCandidates(vin: string, today = new Date()): number[] {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return [];
  const newest = newestVinYear(today);
  const years: number[] = [];
  for (let year = 1980 + index; year <= newest; year += 30) years.unshift(year);
  if (!followsPart565(vin)) return years;
  const byPosition7 = /[A-Z]/.test(vin[6] ?? '') ? 2010 + index : 1980 + index;
  return years.includes(byPosition7) ? [byPosition7, ...years.filter((y) => y !== byPosition7)] : years;
}

/** The model year a VIN names on its own (`vinYearCandidates`' first), or null. */
export function vinModelYear(vin: string, today = new Date()): number | null {
  return vinYearCandidates(vin, today)[0] ?? null;
}

/** What a VIN says, decoded from NHTSA's vPIC data (vehicles/decode-vin; `vpic.db.ts` on the server). */
export interface DecodedVin {
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
  body: string | null;
  plantCountry: string | null;
}

/**
 * A VIN assembled from its parts with the check digit it calls for: the maker's WMI (3), the
 * vehicle descriptor (5; its fourth character a letter from 2010 on), the model year (2010 to
 * 2039), the plant (1) and the serial (6). For demo and scale data.
 */
export function makeVin(wmi: string, descriptor: string, year: number, plant: string, serial: number): string {
  const draft = `${wmi}${descriptor}0${YEAR_CODES[year - 2010]}${plant}${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/**
 * The vehicle page (docs/vehicles.md, "One vehicle"): every record of every module that carries the
 * VIN. Its screen belongs to the vehicle-page module; the address is here, beside the VIN rules, so a
 * screen that opens a vehicle (an inventory row) needs no import of that module.
 */
export const VEHICLE_PAGE_PATH = 'vehicles/vehicle';
export const vehiclePageHref = (vin: string) => `/${VEHICLE_PAGE_PATH}?vin=${encodeURIComponent(vin)}`;

/**
 * A VIN's last characters as people read them off a windshield or a title (six to sixteen letters
 * and digits), or the whole VIN: what a search by VIN accepts. Null for anything else.
 */
export function vinTail(typed: string): string | null {
  const vin = normalizeVin(typed);
  return /^[A-HJ-NPR-Z0-9]{6,17}$/.test(vin) ? vin : null;
}
