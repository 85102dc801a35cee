import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, loadRecord } from '../../server/platform/records';
import { userName, users } from '../users/users.db';
import { catalogRecords, vehicleCatalog as catalog } from './vehicles.db';
import { vinNote, vinProblem } from './vehicles.api';
import { decodeVin } from './vpic.db';
import {
  addCatalog,
  catalogColumns,
  decodeVinAction,
  deleteCatalogEntry,
  listMakes,
  listModels,
  listTrims,
  listYears,
  loadCatalog,
  SHIPPED_ENTRY,
} from './vehicles.contract';

/** The `<option>` list the old screens inserted into their selects, with a blank first choice. */
const optionsHtml = (values: readonly (string | number)[]) =>
  renderToStaticMarkup(
    h(Fragment, null, h('option', { value: '' }), ...values.map((v) => h('option', { key: v, value: v }, v))),
  );

/** The distinct values of one column where the columns before it in the catalogue's key match (read from its unique index). */
async function distinct<T extends string | number>(
  db: Db,
  column: typeof catalog.year | typeof catalog.make | typeof catalog.model | typeof catalog.trim,
  where?: SQL,
  order = asc,
): Promise<T[]> {
  const rows = await db.selectDistinct({ value: column }).from(catalog).where(where).orderBy(order(column));
  return rows.map((r) => r.value as T);
}

defineAction({
  contract: listYears,
  summary: "The catalogue's model years, newest first, as options.",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db }) {
    const years = await distinct<number>(db, catalog.year, undefined, desc);
    return { html: optionsHtml(years), years };
  },
});

defineAction({
  contract: listMakes,
  summary: 'The makes the catalogue holds for a model year (or any year), as options.',
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db, input }) {
    const makes = await distinct<string>(db, catalog.make, input.year ? eq(catalog.year, input.year) : undefined);
    return { html: optionsHtml(makes), makes };
  },
});

defineAction({
  contract: listModels,
  summary: "A make's models in a model year (or any year), as options.",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db, input }) {
    const models = await distinct<string>(
      db,
      catalog.model,
      and(input.year ? eq(catalog.year, input.year) : undefined, eq(catalog.make, input.make)),
    );
    return { html: optionsHtml(models), models };
  },
});

defineAction({
  contract: listTrims,
  summary: "A model's trims in a model year, as options.",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db, input }) {
    const trims = await distinct<string>(
      db,
      catalog.trim,
      and(eq(catalog.year, input.year), eq(catalog.make, input.make), eq(catalog.model, input.model)),
    );
    return { html: optionsHtml(trims), trims };
  },
});

defineListAction({
  contract: loadCatalog,
  summary: 'The vehicle catalogue by make or year: what the product ships and what admins added.',
  permission: 'stockNumberAdmin',
  reach: 'group',
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'make', filters: { make: 'Toyota' } },
    { name: 'year and make', filters: { year: 2024, make: 'Ford' } },
  ],
  columns: catalogColumns,
  sorts: { make: catalog.make, year: catalog.year },
  defaultSort: 'make',
  id: { key: 'id', column: catalog.id },
  filters: {
    year: equals(catalog.year),
    make: equals(catalog.make),
    model: equals(catalog.model),
    source: (source) => eq(catalog.shipped, source === 'shipped'),
  },
  query: ({ db }) => ({
    select: db
      .select({
        id: catalog.id,
        year: catalog.year,
        make: catalog.make,
        model: catalog.model,
        trim: catalog.trim,
        shipped: catalog.shipped,
        // Who added it, by name (a removed user's entries stay, added by no one known).
        source: sql<string>`(case when ${catalog.shipped} then 'Shipped'
          else coalesce('Added by ' || ${userName}, 'Added') end)`.as('source'),
      })
      .from(catalog)
      .leftJoin(users, eq(users.id, catalog.addedBy))
      .$dynamic(),
  }),
});

defineAction({
  contract: addCatalog,
  summary: 'Adds a model to the catalogue for a span of model years with its trims (what it lacks of them).',
  permission: 'stockNumberAdmin',
  reach: 'group',
  async handler(ctx) {
    const { make, model, firstYear, lastYear } = ctx.input;
    const trims = [...new Set(ctx.input.trims)];
    const values = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i).flatMap((year) =>
      trims.map((trim) => ({ year, make, model, trim, addedBy: ctx.user.id })),
    );
    const added = await ctx.db
      .insert(catalog)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: catalog.id, year: catalog.year, trim: catalog.trim });
    if (added.length === 0)
      throw AppError.conflict(`The catalogue already holds the ${make} ${model} in those years with those trims.`, [
        'trims',
      ]);
    ctx.audit({
      recordType: 'vehicleCatalog',
      recordId: `${make} ${model}`,
      after: { make, model, entries: added.map((e) => `${e.year} ${e.trim}`) },
    });
    return { added: added.length };
  },
});

defineAction({
  contract: deleteCatalogEntry,
  summary: 'Deletes a catalogue entry an admin added (never one the product ships).',
  permission: 'stockNumberAdmin',
  reach: 'group',
  async handler(ctx) {
    const entry = await loadRecord(ctx, catalogRecords, ctx.input.id);
    if (entry.shipped) throw AppError.conflict(SHIPPED_ENTRY, ['id']);
    await deleteRecord(ctx, catalogRecords, ctx.input.id);
    return {};
  },
});

defineAction({
  contract: decodeVinAction,
  summary: "What NHTSA's vPIC data says of a VIN: model year, make, model, body class and plant country.",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ input }) {
    const problem = vinProblem(input.vin);
    const decoded = problem
      ? { vin: input.vin, year: null, make: null, model: null, body: null, plantCountry: null }
      : decodeVin(input.vin);
    return { ...decoded, problem, note: vinNote(input.vin) };
  },
});
