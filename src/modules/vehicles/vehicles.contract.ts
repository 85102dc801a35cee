import { z } from 'zod';
import { flag, id, int, list, optionalChoice, optionalText, text } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { normalizeVin, vinProblem } from './vehicles.api';

/** The newest model year anyone can hold: makers sell next year's models from the spring before. */
export const newestModelYear = () => new Date().getFullYear() + 1;
/** Model years the catalogue and the forms accept. */
export const modelYear = int(1950, 2100).refine((y) => y <= newestModelYear(), {
  error: () => `must be at most ${newestModelYear()}`,
});

/** A VIN as typed or pasted: upper-cased, spaces and dashes dropped, letters and digits only (not yet checked). */
export const vinText = z
  .preprocess(
    (v) => (typeof v === 'string' ? normalizeVin(v) : v),
    z
      .string({ error: (i) => (i.input == null ? 'is required' : 'must be text') })
      .min(1, { error: 'is required' })
      .max(17, { error: 'must be at most 17 characters' })
      .regex(/^[A-Z0-9]*$/, { error: 'holds only letters and digits' }),
  )
  .meta({ title: 'VIN' });

/** A VIN that passes 49 CFR 565's checks, refused with the sentence that says what is wrong. */
export const checkedVin = vinText
  .superRefine((vin, ctx) => {
    const problem = vinProblem(vin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ title: 'VIN' });

/**
 * A form's VIN that must pass its check unless the user keeps it as typed (`vinOverride`), as the
 * stock-number forms allow: a VIN can be right and still fail (a grey import, a maker's slip). The
 * form's `vin` is `vinText` (optional where the form allows none), its `vinOverride` this flag, and
 * the whole form is refined with `vinCheckedUnlessKept`: the rule reads both fields.
 */
export const vinOverride = flag.meta({ title: 'This VIN is right as typed' });
export const vinCheckedUnlessKept = [
  (form: { vin?: string | null; vinOverride?: boolean }, ctx: z.RefinementCtx) => {
    if (form.vinOverride || typeof form.vin !== 'string' || !form.vin) return;
    const problem = vinProblem(form.vin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vin'], message: problem });
  },
  // Beside the other fields' errors, unless the VIN has one of its own already.
  { when: (payload: z.core.ParsePayload) => !payload.issues.some((i) => i.path?.[0] === 'vin') },
] as const;

const optionalYear = z.preprocess((v) => (v === '' || v === null ? undefined : v), modelYear.optional());

// The cascading selects (seed 000: appraisals/rules/list-years, list-makes, list-models, list-trims).
// Without a year, makes and models are those of any year (the catalogue screen's filters).
const yearInput = z.object({ year: optionalYear });
const makeInput = yearInput.extend({ make: text(60) });
const modelInput = z.object({ year: modelYear, make: text(60), model: text(80) });

/** `html` is the `<option>` list the old screens inserted; the named list is what the picker reads. */
export const listYears = defineContract({
  path: 'appraisals/rules/list-years',
  input: z.object({}),
  output: z.object({ html: z.string(), years: z.array(z.number().int()) }),
});
export const listMakes = defineContract({
  path: 'appraisals/rules/list-makes',
  input: yearInput,
  output: z.object({ html: z.string(), makes: z.array(z.string()) }),
});
export const listModels = defineContract({
  path: 'appraisals/rules/list-models',
  input: makeInput,
  output: z.object({ html: z.string(), models: z.array(z.string()) }),
});
export const listTrims = defineContract({
  path: 'appraisals/rules/list-trims',
  input: modelInput,
  output: z.object({ html: z.string(), trims: z.array(z.string()) }),
});

const catalogSources = ['shipped', 'added'] as const;

const catalogFilters = {
  year: optionalYear,
  make: optionalText(60),
  model: optionalText(80),
  source: optionalChoice(catalogSources),
};

export const catalogColumns: ColumnSpec[] = [
  { key: 'make', label: 'Make', sortable: true },
  { key: 'model', label: 'Model' },
  { key: 'year', label: 'Year', sortable: true },
  { key: 'trim', label: 'Trim' },
  { key: 'source', label: 'Source' },
];

const catalogRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  shipped: z.boolean(),
  source: z.string(),
});

/** The catalogue's entries by make or year (not in the spec: the screen where an admin extends it, docs/vehicles.md). */
export const loadCatalog = listContract({
  path: 'vehicles/load-catalog',
  filters: catalogFilters,
  row: catalogRow,
  countKey: 'entryCount',
});

/** A model added for a span of years with its trims: every year and trim the catalogue lacks. */
const addCatalogInput = z
  .object({
    make: text(60),
    model: text(80),
    firstYear: modelYear,
    lastYear: modelYear,
    trims: list(text(60), 30).refine((t) => t.length > 0, { error: 'must name at least one trim' }),
  })
  .refine((v) => v.lastYear >= v.firstYear, { error: 'must not be before the first year', path: ['lastYear'] });
export const addCatalog = defineContract({
  path: 'vehicles/add-catalog',
  input: addCatalogInput,
  output: z.object({ added: z.number().int() }),
});
export const deleteCatalogEntry = defineContract({
  path: 'vehicles/delete-catalog-entry',
  input: z.object({ id }),
  output: z.object({}),
});

export const CATALOG_ADDED = (added: number) => `${added} ${added === 1 ? 'entry' : 'entries'} added to the catalogue.`;
export const CATALOG_DELETED = 'Catalogue entry deleted.';
export const SHIPPED_ENTRY = 'Entries the product ships cannot be deleted; only those added here can.';

const decoded = z.string().nullable();
/**
 * What NHTSA's vPIC data says of a VIN (vpic.db.ts; not in the spec): the screens ask it to fill the
 * year, make and model once a VIN passes its checks. `note` is `vinNote`'s sentence, or null.
 */
export const decodeVinAction = defineContract({
  path: 'vehicles/decode-vin',
  input: z.object({ vin: vinText }),
  output: z.object({
    vin: z.string(),
    year: z.number().int().nullable(),
    make: decoded,
    model: decoded,
    body: decoded,
    plantCountry: decoded,
    problem: decoded,
    note: decoded,
  }),
});
