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
  if (expected !== vin[8])
    return `The check digit (9th character) should be ${expected}, not ${vin[8]}: a character is mistyped.`;
  return null;
}

/** Position 10, section 565.15(b): the code repeats every thirty years. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year: position 10 names it within a thirty-year cycle; for cars, light trucks and
 * multipurpose vehicles position 7 is a letter from 2010 on and a digit before (section 565.15(b)).
 */
function vinModelYear(vin: string): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  return /[A-Z]/.test(vin[6] ?? '') ? 2010 + index : 1980 + index;
}

/**
 * World manufacturer identifiers (positions 1–3) of the makes sold new in the United States. The
 * first two characters are enough for most makers; three where one maker's codes differ by the third.
 */
const WMI: Record<string, string> = {
  // Acura, Honda
  '19U': 'Acura',
  JH4: 'Acura',
  '5J8': 'Acura',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  JHM: 'Honda',
  '7FA': 'Honda',
  '2HK': 'Honda',
  SHH: 'Honda',
  SHS: 'Honda',
  // Toyota, Lexus
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '4T4': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  '5YF': 'Toyota',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  '3TM': 'Toyota',
  '3TY': 'Toyota',
  '7MU': 'Toyota',
  JTH: 'Lexus',
  JTJ: 'Lexus',
  '2T2': 'Lexus',
  '58A': 'Lexus',
  // Nissan, Infiniti
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '3N1': 'Nissan',
  '3N6': 'Nissan',
  '5N1': 'Nissan',
  JN1: 'Nissan',
  JN8: 'Nissan',
  JNK: 'Infiniti',
  JNR: 'Infiniti',
  '5N3': 'Infiniti',
  // Mazda, Subaru, Mitsubishi
  JM1: 'Mazda',
  JM3: 'Mazda',
  '3MZ': 'Mazda',
  '3MV': 'Mazda',
  '7MM': 'Mazda',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  ML3: 'Mitsubishi',
  ML4: 'Mitsubishi',
  // Hyundai, Genesis, Kia
  KMH: 'Hyundai',
  KM8: 'Hyundai',
  '5NM': 'Hyundai',
  '5NP': 'Hyundai',
  '5NT': 'Hyundai',
  '7YA': 'Hyundai',
  KMT: 'Genesis',
  KMU: 'Genesis',
  KNA: 'Kia',
  KND: 'Kia',
  '5XX': 'Kia',
  '5XY': 'Kia',
  '3KP': 'Kia',
  // Ford, Lincoln
  '1FA': 'Ford',
  '1FB': 'Ford',
  '1FC': 'Ford',
  '1FD': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '1FV': 'Ford',
  '2FM': 'Ford',
  '3FA': 'Ford',
  '3FM': 'Ford',
  '3FT': 'Ford',
  '7A5': 'Ford',
  NM0: 'Ford',
  WF0: 'Ford',
  '1LN': 'Lincoln',
  '2LM': 'Lincoln',
  '5LM': 'Lincoln',
  '3LN': 'Lincoln',
  // General Motors
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '2G1': 'Chevrolet',
  '3G1': 'Chevrolet',
  '3GC': 'Chevrolet',
  '3GN': 'Chevrolet',
  KL7: 'Chevrolet',
  KL8: 'Chevrolet',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '2GT': 'GMC',
  '3GT': 'GMC',
  '3GK': 'GMC',
  '1G4': 'Buick',
  '2G4': 'Buick',
  KL4: 'Buick',
  LRB: 'Buick',
  '1G6': 'Cadillac',
  '1GY': 'Cadillac',
  '3GY': 'Cadillac',
  // Stellantis
  '1C3': 'Chrysler',
  '2C3': 'Chrysler',
  '2C4': 'Chrysler',
  '1C4': 'Jeep',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '3C4': 'Jeep',
  ZAC: 'Jeep',
  '1B3': 'Dodge',
  '2B3': 'Dodge',
  '2C7': 'Dodge',
  '3D4': 'Dodge',
  '1C6': 'Ram',
  '3C6': 'Ram',
  '3C7': 'Ram',
  '1D7': 'Ram',
  '3D7': 'Ram',
  ZFA: 'Fiat',
  ZAR: 'Alfa Romeo',
  // Tesla, Rivian, Lucid, Polestar
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  LRW: 'Tesla',
  '7G2': 'Tesla',
  '7PD': 'Rivian',
  '7FC': 'Rivian',
  '50E': 'Lucid',
  LPS: 'Polestar',
  YSM: 'Polestar',
  // European makes
  WBA: 'BMW',
  WBS: 'BMW',
  WBX: 'BMW',
  WBY: 'BMW',
  '5UX': 'BMW',
  '5YM': 'BMW',
  '5UJ': 'BMW',
  WMW: 'MINI',
  WDD: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  WDB: 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  W1V: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  '55S': 'Mercedes-Benz',
  WAU: 'Audi',
  WA1: 'Audi',
  WUA: 'Audi',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  '1VW': 'Volkswagen',
  '3VW': 'Volkswagen',
  '3VV': 'Volkswagen',
  WP0: 'Porsche',
  WP1: 'Porsche',
  YV1: 'Volvo',
  YV4: 'Volvo',
  '7JR': 'Volvo',
  '7JD': 'Volvo',
  LVY: 'Volvo',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  ZAM: 'Maserati',
  ZFF: 'Ferrari',
  ZHW: 'Lamborghini',
  SCF: 'Aston Martin',
  SCB: 'Bentley',
  SCA: 'Rolls-Royce',
  SBM: 'McLaren',
};

/** The make its world manufacturer identifier names, or null for a maker the table does not hold. */
function vinMake(vin: string): string | null {
  return WMI[vin.slice(0, 3)] ?? null;
}

export interface DecodedVin {
  vin: string;
  year: number | null;
  make: string | null;
}

/** What a VIN tells offline: its model year and make (null where it cannot tell). Check it first with `vinProblem`. */
export function decodeVin(vin: string): DecodedVin {
  return { vin, year: vinModelYear(vin), make: vinMake(vin) };
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
