import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, startsWith, toDay } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { reachesLocation } from '../../server/platform/reach';
import { containing } from '../../server/platform/search';
import { formatDate } from '../../shared/format';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { normalizeVin, vinProblem } from '../vehicles/vehicles.api';
import { decodeVin } from '../vehicles/vpic.db';
import { stockByNumber, stockNumbers as stock, stockRecords, stockSequences } from './stock.db';
import {
  addTrade,
  checkExisting,
  deleteStock,
  generateStock,
  loadReport,
  loadStock,
  loadStocks,
  MAX_BATCH,
  MAX_TRADE_ORDER,
  readStocks,
  reportColumns,
  matchSentence,
  readerTerms,
  splitLines,
  STOCK_EXPORT_LIMIT,
  stockColumns,
  updateStock,
  vinCheck,
  type AcquiredBy,
  type StockMatch,
  type StockNumber,
  type VinVerdict,
} from './stock.contract';

type Ctx = ActionContext<unknown>;

/** The VINs a form names: its batch box when `batchUpload` is on, otherwise its one VIN. */
function formVins(input: { batchUpload: boolean; vin?: string; vins?: string }): {
  vins: string[];
  field: 'vin' | 'vins';
} {
  if (!input.batchUpload) {
    if (!input.vin) throw AppError.invalid('VIN is required.', ['vin']);
    return { vins: [input.vin], field: 'vin' };
  }
  const vins = splitLines(input.vins);
  if (vins.length === 0) throw AppError.invalid('VINs: paste at least one VIN, one per line.', ['vins']);
  if (vins.length > MAX_BATCH)
    throw AppError.invalid(`A batch holds at most ${MAX_BATCH} VINs; this one has ${vins.length}.`, ['vins']);
  const tooLong = vins.findIndex((v) => v.length > 17 || !/^[A-Z0-9]+$/.test(v));
  if (tooLong >= 0)
    throw AppError.invalid(
      `Line ${tooLong + 1} (${vins[tooLong].slice(0, 24)}) is not a VIN: a VIN is 17 letters and digits.`,
      ['vins'],
    );
  const twice = vins.findIndex((v, i) => vins.indexOf(v) !== i);
  if (twice >= 0)
    throw AppError.invalid(
      `VIN ${vins[twice]} is in the batch twice (lines ${vins.indexOf(vins[twice]) + 1} and ${twice + 1}).`,
      ['vins'],
    );
  return { vins, field: 'vins' };
}

/** What the VIN check says of each VIN: its problem, or the year and make it names. */
function verdicts(vins: string[]): VinVerdict[] {
  return vins.map((vin, i) => {
    const problem = vinProblem(vin);
    const decoded = problem ? { year: null, make: null } : decodeVin(vin);
    return { vin, line: i + 1, problem, year: decoded.year, make: decoded.make };
  });
}

/** The problems overridden, as the audit keeps them. */
const problemsOf = (failed: VinVerdict[]) => failed.map((v) => `${v.vin}: ${v.problem}`);

/**
 * Refuses VINs that fail their check, unless the user saw the warning and chose to go on
 * (`vinOverride`, kept on the record and in the audit). Answers the problems overridden.
 */
function refuseFailedChecks(vins: string[], field: string, override: boolean, label = 'VIN'): VinVerdict[] {
  const failed = verdicts(vins).filter((v) => v.problem);
  if (failed.length === 0 || override) return failed;
  if (vins.length === 1)
    throw AppError.invalid(`${label} ${failed[0].vin}: ${failed[0].problem} Correct it, or generate anyway.`, [field]);
  const listed = failed
    .slice(0, 5)
    .map((v) => `line ${v.line}, ${v.vin}: ${v.problem}`)
    .join(' ');
  throw AppError.invalid(
    `${failed.length} VINs fail their check. ${listed}${failed.length > 5 ? ` And ${failed.length - 5} more.` : ''} Correct them, or generate anyway.`,
    [field],
  );
}

/**
 * Stock numbers whose VIN is one of these (perfect) or ends in the same eight characters (the
 * serial: a likely typo of the same vehicle). Records outside the caller's reach are named only as
 * "another store".
 */
async function existingFor(ctx: Pick<Ctx, 'db' | 'user'>, vins: string[], exceptId?: number): Promise<StockMatch[]> {
  const serials = [...new Set(vins.map((v) => v.slice(-8)))];
  const rows = await ctx.db
    .select({
      vin: stock.vin,
      stock: stock.stock,
      locationId: stock.locationId,
      locationName: locations.name,
      createdAt: stock.createdAt,
    })
    .from(stock)
    .innerJoin(locations, eq(locations.id, stock.locationId))
    .where(
      and(
        or(inArray(stock.vin, vins), inArray(sql`right(${stock.vin}, 8)`, serials)),
        exceptId ? ne(stock.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(stock.createdAt))
    .limit(100);
  return rows
    .map((r) => {
      const within = reachesLocation(ctx.user.reach, r.locationId);
      return {
        vin: r.vin,
        perfect: vins.includes(r.vin),
        elsewhere: !within,
        stock: within ? r.stock : null,
        locationName: within ? r.locationName : null,
        createdAt: within ? r.createdAt.toISOString() : null,
      };
    })
    .sort((a, b) => Number(b.perfect) - Number(a.perfect));
}

/** Refuses a VIN that has a stock number already (seed 002: a perfect match is an error on the field). */
async function refuseExisting(ctx: Ctx, vins: string[], field: string, exceptId?: number) {
  const perfect = (await existingFor(ctx, vins, exceptId)).filter((m) => m.perfect);
  if (perfect.length === 0) return;
  if (perfect.length === 1) throw AppError.conflict(matchSentence(perfect[0]), [field]);
  throw AppError.conflict(
    `${perfect.length} VINs already have stock numbers. ${perfect.slice(0, 5).map(matchSentence).join(' ')}`,
    [field],
  );
}

/** The matches as the old screens showed them under the VIN box. */
function matchesHtml(matches: StockMatch[]): string {
  if (matches.length === 0) return '';
  return renderToStaticMarkup(
    h(
      'table',
      { className: 'stock-matches' },
      h(
        'thead',
        null,
        h('tr', null, ...['VIN', 'Stock number', 'Location', 'Created', 'Match'].map((c) => h('th', { key: c }, c))),
      ),
      h(
        'tbody',
        null,
        ...matches.map((m, i) =>
          h(
            'tr',
            { key: i },
            h('td', null, m.vin),
            h('td', null, m.stock ?? 'Another store'),
            h('td', null, m.locationName ?? ''),
            h('td', null, m.createdAt ? formatDate(m.createdAt) : ''),
            h('td', null, m.perfect ? 'Same VIN' : 'Same last 8 characters'),
          ),
        ),
      ),
    ),
  );
}

/** The stock number of sequence `n` at a location: its code and five digits (ABG00042). */
const stockFor = (code: string, n: number) => `${code}${String(n).padStart(5, '0')}`;
/** A trade's number: its parent's with the trade's letter (ABG00042A for the first). */
const tradeStock = (parent: string, order: number) => `${parent}${String.fromCharCode(64 + order)}`;

/**
 * The next `count` numbers of a location. The sequence row stays locked until the transaction
 * ends: concurrent calls for one location queue here, and a call that fails gives its numbers back.
 */
async function takeNumbers(ctx: Ctx, locationId: number, count: number): Promise<number[]> {
  const [{ last }] = await ctx.db
    .insert(stockSequences)
    .values({ locationId, last: count })
    .onConflictDoUpdate({ target: stockSequences.locationId, set: { last: sql`${stockSequences.last} + ${count}` } })
    .returning({ last: stockSequences.last });
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

interface Vehicle {
  year?: number;
  make?: string;
  model?: string;
  trim?: string;
}

/** The vehicle as given, or as its VIN names it (year, make and model, NHTSA's vPIC) where the form left them out. */
function vehicleOf(vin: string, given: Vehicle, checked: boolean) {
  const decoded = checked && !vinProblem(vin) ? decodeVin(vin) : { year: null, make: null, model: null };
  // The decoded model only with the decoded make: never one maker's model under another's name.
  const sameMake = !given.make || given.make === decoded.make;
  return {
    year: given.year ?? decoded.year,
    make: given.make ?? decoded.make,
    model: given.model ?? (sameMake ? decoded.model : null),
    trim: given.trim ?? null,
  };
}

/** What each way of acquiring asks for beyond the VIN (seed 002, section 5): Early Trade the purchase VIN, Manual Entry the vehicle. */
function requireFieldsOf(input: Vehicle & { acquiredBy: AcquiredBy; purchaseVin?: string }) {
  if (input.acquiredBy === 'Early Trade' && !input.purchaseVin)
    throw AppError.invalid('Purchase VIN is required for an Early Trade.', ['purchaseVin']);
  if (input.acquiredBy !== 'Manual Entry') return;
  const missing = (['year', 'make', 'model'] as const).filter((f) => !input[f]);
  if (missing.length) {
    throw AppError.invalid(
      `Manual Entry needs the vehicle: ${missing.map((f) => f[0].toUpperCase() + f.slice(1)).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required.`,
      [...missing],
    );
  }
}

/**
 * A VIN holds one stock number (a unique index): when two requests for the same VIN pass the
 * existence check at once, the database refuses the second, answered here as the check would have.
 */
const vinTakenMeanwhile = (vins: string[], field: string) =>
  AppError.conflict(
    vins.length === 1
      ? `VIN ${vins[0]} was given a stock number a moment ago by another request; find it in Stock numbers.`
      : 'One of these VINs was given a stock number a moment ago by another request; check them in Stock numbers.',
    [field],
  );

/** A vehicle traded in on `parentStock`: numbered after it, at its location. */
async function createTrade(
  ctx: Ctx,
  input: Vehicle & { parent: string; tradeOrder?: number; vin: string; vinOverride: boolean },
): Promise<string> {
  const parent = await loadRecord(ctx, stockByNumber, input.parent);
  if (parent.parent)
    throw AppError.invalid(
      `${parent.stock} is itself a trade; a trade is numbered after the vehicle sold (${parent.parent}).`,
      ['parent'],
    );
  // Two trades on one deal at once must not take the same letter: the parent's row queues them.
  await ctx.db.execute(sql`select 1 from stock_numbers where id = ${parent.id} for update`);
  const taken = await ctx.db
    .select({ order: stock.tradeOrder, stock: stock.stock })
    .from(stock)
    .where(eq(stock.parent, parent.stock));
  const order = input.tradeOrder ?? Math.max(0, ...taken.map((t) => t.order ?? 0)) + 1;
  if (order > MAX_TRADE_ORDER)
    throw AppError.invalid(`${parent.stock} has ${MAX_TRADE_ORDER} trades already, the most one deal can have.`, [
      'tradeOrder',
    ]);
  const clash = taken.find((t) => t.order === order);
  if (clash) throw AppError.conflict(`${parent.stock} already has trade ${order} (${clash.stock}).`, ['tradeOrder']);
  const overridden = refuseFailedChecks([input.vin], 'vin', input.vinOverride);
  await refuseExisting(ctx, [input.vin], 'vin');
  const [row] = await refusingDuplicate(
    () =>
      ctx.db
        .insert(stock)
        .values({
          stock: tradeStock(parent.stock, order),
          locationId: parent.locationId,
          vin: input.vin,
          acquiredBy: 'Trade',
          parent: parent.stock,
          tradeOrder: order,
          ...vehicleOf(input.vin, input, true),
          vinOverride: overridden.length > 0,
          createdBy: ctx.user.id,
        })
        .returning(),
    () => vinTakenMeanwhile([input.vin], 'vin'),
  );
  ctx.audit({
    recordType: 'stockNumber',
    recordId: row.id,
    after: overridden.length ? { ...row, vinProblems: problemsOf(overridden) } : row,
  });
  return row.stock;
}

defineAction({
  contract: checkExisting,
  summary: 'Stock numbers that already hold these VINs (perfectMatch) or VINs ending alike, before generating.',
  permission: 'stockNumberManager',
  reach: 'query',
  readOnly: true,
  async handler(ctx) {
    const { vins } = formVins(ctx.input);
    const matches = await existingFor(ctx, vins);
    return { html: matchesHtml(matches), perfectMatch: matches.some((m) => m.perfect), matches };
  },
});

defineAction({
  contract: vinCheck,
  summary:
    "Checks each VIN (length, letters, check digit) and names the year and make it decodes to; not in the spec's detail (docs/stock.md).",
  permission: 'stockNumberManager',
  reach: 'group',
  readOnly: true,
  async handler(ctx) {
    const vins = verdicts(formVins(ctx.input).vins);
    return { vins, problemCount: vins.filter((v) => v.problem).length };
  },
});

type GenerateCtx = ActionContext<z.output<typeof generateStock.input>>;
type StockRow = typeof stock.$inferSelect;

/** A trade on the generate form: one vehicle at a time, after its parent stock number, with its VIN. */
function tradeOf(input: GenerateCtx['input']) {
  if (input.batchUpload)
    throw AppError.invalid('A trade is added one vehicle at a time, after its parent stock number.', ['batchUpload']);
  if (!input.parent) throw AppError.invalid('Parent stock number is required for a trade.', ['parent']);
  if (!input.vin) throw AppError.invalid('VIN is required.', ['vin']);
  return { ...input, parent: input.parent, vin: input.vin };
}

/**
 * The form's VINs, refused on the first rule they break: the fields the way of acquiring asks for,
 * the VINs themselves, their checks (unless overridden) and a stock number they have already.
 * Answers the VINs and the checks overridden.
 */
async function checkedVins(ctx: GenerateCtx, manual: boolean) {
  const { input } = ctx;
  if (manual && input.batchUpload)
    throw AppError.invalid('Manual Entry is one vehicle at a time, given by hand.', ['batchUpload']);
  requireFieldsOf(input);
  const { vins, field } = formVins(input);
  // A Manual Entry VIN is the one that cannot be checked; every other is, with the purchase VIN.
  const overridden = manual ? [] : refuseFailedChecks(vins, field, input.vinOverride);
  if (input.purchaseVin)
    overridden.push(...refuseFailedChecks([input.purchaseVin], 'purchaseVin', input.vinOverride, 'Purchase VIN'));
  await refuseExisting(ctx, vins, field);
  return { vins, overridden };
}

/** The location's next numbers, one per VIN in the form's order; a record keeps that its check (or its purchase VIN's) was overridden. */
async function insertNumbers(
  ctx: GenerateCtx,
  location: { id: number; code: string },
  { vins, overridden }: Awaited<ReturnType<typeof checkedVins>>,
  manual: boolean,
): Promise<StockRow[]> {
  const { input } = ctx;
  const numbers = await takeNumbers(ctx, location.id, vins.length);
  const failedVins = new Set(overridden.map((v) => v.vin));
  return refusingDuplicate(
    () =>
      ctx.db
        .insert(stock)
        .values(
          vins.map((vin, i) => ({
            stock: stockFor(location.code, numbers[i]),
            locationId: location.id,
            vin,
            acquiredBy: input.acquiredBy as AcquiredBy,
            purchaseVin: input.purchaseVin ?? null,
            ...vehicleOf(vin, vins.length === 1 ? input : {}, !manual),
            vinOverride: failedVins.has(vin) || (!!input.purchaseVin && failedVins.has(input.purchaseVin)),
            createdBy: ctx.user.id,
          })),
        )
        .returning(),
    () => vinTakenMeanwhile(vins, input.batchUpload ? 'vins' : 'vin'),
  );
}

/** The numbers of a batch are one batch, named by its first. */
async function markBatch(ctx: GenerateCtx, rows: StockRow[]) {
  await ctx.db
    .update(stock)
    .set({ batchId: rows[0].id })
    .where(
      inArray(
        stock.id,
        rows.map((r) => r.id),
      ),
    );
}

/** One audit entry for the call: the record, or a batch's numbers and VINs; with any checks overridden. */
function auditGenerated(ctx: GenerateCtx, locationId: number, rows: StockRow[], overridden: VinVerdict[]) {
  const after =
    rows.length > 1
      ? { locationId, acquiredBy: ctx.input.acquiredBy, stocks: rows.map((r) => `${r.stock} ${r.vin}`) }
      : rows[0];
  ctx.audit({
    recordType: rows.length > 1 ? 'stockNumberBatch' : 'stockNumber',
    recordId: rows[0].id,
    after: overridden.length ? { ...after, vinProblems: problemsOf(overridden) } : after,
  });
}

defineAction({
  contract: generateStock,
  summary: 'Generates the next stock number of a location for one VIN, or for a batch of up to 500 VINs (all or none).',
  permission: 'stockNumberManager',
  reach: {},
  async handler(ctx) {
    const { input } = ctx;
    if (input.acquiredBy === 'Trade') return { stock: await createTrade(ctx, tradeOf(input)) };
    const manual = input.acquiredBy === 'Manual Entry';
    const checked = await checkedVins(ctx, manual);

    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const rows = await insertNumbers(ctx, location, checked, manual);
    if (rows.length > 1) await markBatch(ctx, rows);
    auditGenerated(ctx, location.id, rows, checked.overridden);
    return { stock: input.batchUpload ? rows.map((r) => r.stock) : rows[0].stock };
  },
});

defineAction({
  contract: addTrade,
  summary:
    "Adds a vehicle traded in on a stock number: numbered after it with the trade's letter (ABG00042A), at its location.",
  permission: 'stockNumberManager',
  reach: {},
  async handler(ctx) {
    return { stock: await createTrade(ctx, ctx.input) };
  },
});

/** One stock number with its location, who generated it and its trades. */
async function stockNumberOf(ctx: Pick<Ctx, 'db'>, id: number): Promise<StockNumber> {
  const [[row], trades] = await Promise.all([
    ctx.db
      .select({ record: stock, locationName: locations.name, first: users.firstName, last: users.lastName })
      .from(stock)
      .innerJoin(locations, eq(locations.id, stock.locationId))
      .leftJoin(users, eq(users.id, stock.createdBy))
      .where(eq(stock.id, id)),
    ctx.db
      .select({ stock: stock.stock })
      .from(stock)
      .where(eq(stock.parent, sql`(select s.stock from stock_numbers s where s.id = ${id})`))
      .orderBy(asc(stock.tradeOrder)),
  ]);
  const r = row.record;
  return {
    id: r.id,
    stock: r.stock,
    locationId: r.locationId,
    locationName: row.locationName,
    vin: r.vin,
    acquiredBy: r.acquiredBy,
    purchaseVin: r.purchaseVin,
    parent: r.parent,
    tradeOrder: r.tradeOrder,
    year: r.year,
    make: r.make,
    model: r.model,
    trim: r.trim,
    vinOverride: r.vinOverride,
    batchId: r.batchId,
    createdByName: row.first ? `${row.first} ${row.last}` : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    trades: trades.map((t) => t.stock),
  };
}

defineAction({
  contract: loadStock,
  summary: 'One stock number by its number, with its vehicle, who generated it and its trades.',
  permission: 'stockNumberManager',
  reach: { stock: stockByNumber },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, stockByNumber, ctx.input.stock);
    return { stockNumber: await stockNumberOf(ctx, row.id) };
  },
});

defineAction({
  contract: updateStock,
  summary:
    "Corrects a stock number's VIN, how it was acquired and its vehicle; the number and its location stay (payload not in the spec: docs/stock.md).",
  permission: 'stockNumberManager',
  reach: { stockId: stockRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, stockRecords, input.stockId);
    if ((before.acquiredBy === 'Trade') !== (input.acquiredBy === 'Trade')) {
      throw AppError.invalid(
        before.acquiredBy === 'Trade'
          ? `${before.stock} is a trade on ${before.parent}; it stays a trade.`
          : 'A trade is numbered after the vehicle sold: use Add trade on that stock number.',
        ['acquiredBy'],
      );
    }
    requireFieldsOf(input);
    const manual = input.acquiredBy === 'Manual Entry';
    const overridden =
      input.vin === before.vin || manual ? [] : refuseFailedChecks([input.vin], 'vin', input.vinOverride);
    if (input.vin !== before.vin) await refuseExisting(ctx, [input.vin], 'vin', before.id);
    await refusingDuplicate(
      () =>
        updateRecord(ctx, stockRecords, before.id, {
          vin: input.vin,
          acquiredBy: input.acquiredBy,
          purchaseVin: input.acquiredBy === 'Early Trade' ? input.purchaseVin : null,
          year: input.year ?? null,
          make: input.make ?? null,
          model: input.model ?? null,
          trim: input.trim ?? null,
          ...(overridden.length ? { vinOverride: true } : input.vin !== before.vin ? { vinOverride: false } : {}),
        }),
      () => vinTakenMeanwhile([input.vin], 'vin'),
    );
    if (overridden.length)
      ctx.audit({ recordType: 'stockNumber', recordId: before.id, after: { vinProblems: problemsOf(overridden) } });
    return { stockNumber: await stockNumberOf(ctx, before.id) };
  },
});

defineAction({
  contract: deleteStock,
  summary: "Deletes a stock number (after the screen's confirmation); its number is never given again.",
  permission: 'stockNumberAdmin',
  reach: { stockId: stockRecords },
  async handler(ctx) {
    const row = await loadRecord(ctx, stockRecords, ctx.input.stockId);
    const trades = await ctx.db
      .select({ stock: stock.stock })
      .from(stock)
      .where(eq(stock.parent, row.stock))
      .orderBy(asc(stock.tradeOrder));
    if (trades.length)
      throw AppError.conflict(
        `${row.stock} has ${trades.length === 1 ? 'a trade' : 'trades'}, ${trades.map((t) => t.stock).join(', ')}; delete ${trades.length === 1 ? 'it' : 'them'} first.`,
        ['stockId'],
      );
    await deleteRecord(ctx, stockRecords, row.id);
    return {};
  },
});

/** The scale data's numbers (stock.scale.ts): `G`, the location id and the sequence, never a real location's code (letters first). */
export const scaleStock = (locationId: number, n: number) =>
  `G${String(locationId).padStart(2, '0')}${String(n).padStart(5, '0')}`;

/** The vehicle in words: "2024 Toyota Camry SE". */
const vehicleText = sql<string>`concat_ws(' ', ${stock.year}::text, ${stock.make}, ${stock.model}, ${stock.trim})`;
const rowFields = {
  id: stock.id,
  stock: stock.stock,
  vin: stock.vin,
  vehicle: vehicleText.as('vehicle'),
  acquiredBy: stock.acquiredBy,
  locationId: stock.locationId,
  locationName: locations.name,
  parent: stock.parent,
  createdAt: stock.createdAt,
};

defineListAction({
  contract: loadStocks,
  summary:
    'Stock numbers, newest first: by location, the start of the number, a VIN or its last eight characters, how acquired, or part of a number or VIN (query); also the CSV export.',
  permission: 'stockNumberManager',
  reach: stock.locationId,
  export: { filename: 'stock-numbers', defaultLimit: STOCK_EXPORT_LIMIT, bench: true },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    // The scale data's numbers (stock.scale.ts): the sample location's tens 1 to 19.
    { name: 'stock number', filters: { stock: scaleStock(s.locationId, 10).slice(0, -1) } },
    // The last six characters of a VIN, as read off a windshield.
    { name: 'search', filters: { query: '123457' } },
  ],
  columns: stockColumns,
  sorts: { createdAt: stock.createdAt, stock: stock.stock },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: stock.id },
  filters: {
    locationId: equals(stock.locationId),
    stock: startsWith(stock.stock, (term) => term.toUpperCase()),
    vin: (given) => {
      const vin = normalizeVin(given);
      return vin.length === 8 ? eq(sql`right(${stock.vin}, 8)`, vin) : eq(stock.vin, vin);
    },
    query: (term) => {
      const part = containing(normalizeVin(term));
      return or(sql`${stock.stock} like ${part}`, sql`${stock.vin} like ${part}`);
    },
    acquiredBy: equals(stock.acquiredBy),
  },
  query: ({ db }) => ({
    select: db.select(rowFields).from(stock).innerJoin(locations, eq(locations.id, stock.locationId)).$dynamic(),
  }),
});

defineListAction({
  contract: loadReport,
  summary:
    'Stock numbers generated in a span of days, with who generated each and whether its VIN check was overridden; also the CSV export.',
  permission: 'stockNumberUserAdmin',
  reach: stock.locationId,
  export: { filename: 'stock-number-report', defaultLimit: STOCK_EXPORT_LIMIT },
  bench: (s) => [
    { name: '30 days', filters: { minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'trades', filters: { acquiredBy: 'Trade' } },
  ],
  columns: reportColumns,
  sorts: { createdAt: stock.createdAt },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: stock.id },
  filters: {
    locationId: equals(stock.locationId),
    acquiredBy: equals(stock.acquiredBy),
    minCreatedAt: fromDay(stock.createdAt),
    maxCreatedAt: toDay(stock.createdAt),
  },
  query: ({ db }) => ({
    select: db
      .select({
        ...rowFields,
        createdByName: sql<string>`coalesce(${userName}, '')`.as('created_by_name'),
        vinOverride: stock.vinOverride,
      })
      .from(stock)
      .innerJoin(locations, eq(locations.id, stock.locationId))
      .leftJoin(users, eq(users.id, stock.createdBy))
      .$dynamic(),
  }),
});

const readerMatch = (terms: string[]) =>
  or(
    inArray(stock.stock, terms),
    inArray(stock.vin, terms),
    inArray(
      sql`right(${stock.vin}, 8)`,
      terms.filter((t) => t.length === 8),
    ),
  );

defineListAction({
  contract: readStocks,
  summary:
    'The stock-number reader: the stock numbers that lines of stock numbers, VINs or last eight characters name (docs/stock.md).',
  permission: 'stockNumberManager',
  reach: stock.locationId,
  // A title clerk's list: twenty-four stock numbers and a VIN's last eight characters.
  bench: (s) => [
    {
      name: 'a list of 25 lines',
      filters: {
        terms: [...Array.from({ length: 24 }, (_, i) => scaleStock(s.locationId, i + 1)), '00123457'].join('\n'),
      },
    },
  ],
  columns: stockColumns,
  sorts: { stock: stock.stock },
  defaultSort: 'stock',
  id: { key: 'id', column: stock.id },
  filters: { locationId: equals(stock.locationId) },
  query: ({ db, input }) => {
    const terms = readerTerms(input.terms);
    // The reader shows nothing until it is given something to read.
    return {
      select: db.select(rowFields).from(stock).innerJoin(locations, eq(locations.id, stock.locationId)).$dynamic(),
      where: terms.length ? readerMatch(terms) : sql`false`,
    };
  },
});
