import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeVin } from './vpic.db';
import { vinModelYear, vinNote, vinProblem } from './vehicles.api';

/**
 * 405 public VINs (1984 to 2026, 45 makes) with the make, model and year their test suites hold:
 * python-libvin's test data and @cardog/corgi's test fixtures (fixtures/public-vins.json says which
 * commit of which repository each entry comes from). Nothing in it was computed by this project.
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/public-vins.json', import.meta.url), 'utf8')) as {
  vins: [string, string, string, number, string][];
};

/** Names compared without case, spaces or punctuation; "&" reads "and" (Town & Country). */
const norm = (s: string | null) =>
  (s ?? '')
    .toUpperCase()
    .replace(/&/g, 'AND')
    .replace(/[^A-Z0-9]/g, '');
/** A model agrees when one name holds the other: "Q60" and "Q60 Convertible", "Ram 1500" and "1500". */
const sameModel = (decoded: string | null, expected: string) => {
  const [a, b] = [norm(decoded), norm(expected)];
  return !!a && !!b && (a.includes(b) || b.includes(a));
};

/**
 * Where the sample names a vehicle by another name than NHTSA's: python-libvin's entries carry the
 * EPA's (fueleconomy.gov) names, and NHTSA names some of the same vehicles otherwise. Each entry is
 * the sample's name and NHTSA's name for that vehicle, from vPIC's Model table (no decoding involved).
 * Counted as agreeing with NHTSA's decoding only when the decoder gives NHTSA's name.
 */
const NHTSA_NAME: Record<string, { sample: string; nhtsa: string; why: string }> = {
  '1C6RR6GG1FS674987': { sample: 'Ram', nhtsa: '1500', why: 'the sample repeats the make; NHTSA names the truck 1500' },
  '5GADS13S072592644': { sample: 'Ranier', nhtsa: 'Rainier', why: "the sample misspells Buick's Rainier" },
  '5UMDU93436L421092': { sample: 'M', nhtsa: 'Z4', why: 'the Z4 M Coupe: NHTSA names the Z4, the EPA its M trim' },
  JTNKARJE7HJ524249: {
    sample: 'Scion iM',
    nhtsa: 'Corolla iM',
    why: 'sold as the Toyota Corolla iM from model year 2017',
  },
  SBM11RAA3GW675286: { sample: 'P11', nhtsa: '675LT', why: "P11 is McLaren's project code of the 675LT's family" },
  WDCYC7DF3FX109287: { sample: 'G63', nhtsa: 'G-Class', why: 'NHTSA names the class, the EPA the G63 model' },
  WDDNG7BB4AA522219: { sample: 'S550', nhtsa: 'S-Class', why: 'NHTSA names the class, the EPA the S550 model' },
  WMEEK3BA1EK730262: { sample: 'smart', nhtsa: 'Fortwo', why: 'the sample repeats the make; NHTSA names the fortwo' },
  WMWXU1C50G2E16676: { sample: 'Cooper', nhtsa: 'Hardtop', why: 'the MINI Cooper Hardtop: NHTSA names the body line' },
  YV4612UM8G2001277: { sample: 'S60CC', nhtsa: 'S60 Cross Country', why: "the EPA's abbreviation of Cross Country" },
  '1GT4UVEY9SF358134': {
    sample: 'Sierra 3500HD',
    nhtsa: 'Sierra HD',
    why: 'NHTSA names the HD line, the sample its 3500',
  },
  WBA3R5C57EK186393: {
    sample: '4-Series',
    nhtsa: '435i',
    why: 'NHTSA names BMW models by the badge, 435i of the 4 Series',
  },
};

// The sample's dates are up to model year 2026: decode as of mid-2026.
const TODAY = new Date('2026-06-01T12:00:00Z');

describe('VIN decoding from NHTSA vPIC (405 public VINs)', () => {
  const results = fixture.vins.map(([vin, make, model, year]) => ({
    vin,
    make,
    model,
    year,
    got: decodeVin(vin, TODAY),
  }));
  const share = (n: number) => n / results.length;
  const makes = results.filter((r) => norm(r.got.make) === norm(r.make));
  const asSpelt = results.filter((r) => sameModel(r.got.model, r.model));
  const models = results.filter((r) => sameModel(r.got.model, NHTSA_NAME[r.vin]?.nhtsa ?? r.model));
  const years = results.filter((r) => r.got.year === r.year);

  it('holds a sample of at least 400 VINs', () => {
    expect(results.length).toBeGreaterThanOrEqual(400);
  });

  it('agrees on the make for at least 98% of them', () => {
    console.log(
      `vPIC decoding of ${results.length} public VINs: make ${makes.length} (${(share(makes.length) * 100).toFixed(1)}%), ` +
        `model ${models.length} (${(share(models.length) * 100).toFixed(1)}%; ${asSpelt.length} as the sample spells them), ` +
        `year ${years.length}`,
    );
    expect(share(makes.length)).toBeGreaterThanOrEqual(0.98);
  });

  it("agrees with NHTSA's model for at least 98% of them (the rest: VINs vPIC has no pattern for)", () => {
    expect(share(models.length)).toBeGreaterThanOrEqual(0.98);
  });

  it("names each renamed vehicle as the sample's entry does", () => {
    for (const [vin, { sample }] of Object.entries(NHTSA_NAME))
      expect(fixture.vins.find((v) => v[0] === vin)?.[2], vin).toBe(sample);
  });

  it('agrees on every model year', () => {
    expect(years.map((r) => r.vin)).toEqual(results.map((r) => r.vin));
  });

  it("decodes the issue's examples as NHTSA does", () => {
    const got = (vin: string) => {
      const d = decodeVin(vin, TODAY);
      return `${d.year} ${d.make} ${d.model}`;
    };
    expect(got('JN1FV7AP1GM421263')).toBe('2016 Infiniti Q50');
    expect(got('5XYZT3LB5GG318570')).toBe('2016 Hyundai Santa Fe Sport');
    expect(got('3C4PDCBG3ET296933')).toBe('2014 Dodge Journey');
    expect(got('KMHGN4JF9HU181321')).toBe('2017 Genesis G80');
    expect(decodeVin('19XFC2F58GE223856', TODAY)).toMatchObject({
      make: 'Honda',
      model: 'Civic',
      body: expect.any(String),
    });
    expect(decodeVin('1HGCM82633A004352', TODAY)).toMatchObject({
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      plantCountry: 'UNITED STATES (USA)',
    });
  });
});

describe('VINs built for other markets', () => {
  // A 2005 Renault Mégane (VF1, France): its 9th character is no check digit, and position 7 is a letter.
  const renault = 'VF14SRAP451234567';

  it('are taken without a check digit, with a note to say so', () => {
    expect(vinProblem(renault)).toBeNull();
    expect(vinNote(renault)).toMatch(/no check digit/);
    // A North American VIN still needs its check digit.
    expect(vinProblem('1HGCM82643A004352')).toMatch(/check digit/);
  });

  it('never name a model year more than a year ahead', () => {
    expect(vinModelYear(renault, new Date('2026-06-01'))).toBe(2005);
    expect(decodeVin(renault, new Date('2026-06-01')).year).toBe(2005);
    // A US VIN's position 7 still decides: 2021, not 1991.
    expect(vinModelYear('2T3P1RFV1MC123456', new Date('2026-06-01'))).toBe(2021);
  });
});
