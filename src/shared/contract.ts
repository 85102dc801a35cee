/**
 * The seam between the screens and the server: each action declared once, in its module's
 * `<area>.contract.ts`, with its path, its input and its reply. The server implements the declaration
 * (`defineAction({ contract, ... })`) and the screens call it by the same handle (`callAction(contract,
 * input)`, `useAction(contract)`), so a renamed path or field fails the type check on both sides; the
 * API tests check every reply against `output`, and the OpenAPI document shows it.
 */
import { z } from 'zod';
import { listPaging } from './fields';
import { fieldLabel } from './validation';

export interface Contract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Under /api/actions/, as the spec names it. */
  path: string;
  /** The full route instead, where the spec names one outside /api/actions/ (its /api/kits/ calls). */
  route?: string;
  input: I;
  output: O;
  /**
   * Moves money or sends to many (decision 025): the screens send an `Idempotency-Key` with each
   * intended submission, and the server runs a key once, replaying its reply to a repeat.
   */
  idempotent?: boolean;
}

export const defineContract = <I extends z.ZodType, O extends z.ZodType>(contract: Contract<I, O>): Contract<I, O> =>
  contract;

/**
 * An action's handle without its schemas, for the screens that show before the validation library
 * has loaded (the sign-in steps; made by `serverChecked` in ./serverChecked.ts): its path and the
 * labels of its fields, with its input and reply as types only. The server alone checks what is sent,
 * in the sentences a form would show.
 */
export interface ServerChecked<C extends Contract = Contract> {
  path: string;
  input?: undefined;
  titles: Readonly<Record<string, string>>;
  /** Never set: the contract the handle stands for, read by the types. */
  readonly declared?: C;
}

/** What the screens call: a contract, or a server-checked handle of one. */
export type Callable = Contract | ServerChecked;

type Declared<C extends Callable> = C extends ServerChecked<infer D> ? D : C extends Contract ? C : never;

/** What a screen sends: the input before parsing (checkboxes may be booleans, numbers may be text). */
export type InputOf<C extends Callable> = z.input<Declared<C>['input']>;
/** What comes back in `data`. */
export type OutputOf<C extends Callable> = z.output<Declared<C>['output']>;

/**
 * A list's contract: its filters (sort, direction, cursor, page size and view are the platform's), the
 * shape of one row, the count the spec names, and the GET route of its CSV download if it has one
 * (the list screen then offers it). The reply is a page of such rows.
 */
export function listContract<F extends z.ZodRawShape, R extends z.ZodType, K extends string>(list: {
  path: string;
  filters: F;
  row: R;
  countKey: K;
  exportRoute?: string;
}) {
  // Typed by its own name: a computed key would blur every other field of the reply into one union.
  const counted = { [list.countKey]: z.union([z.number(), z.string()]).optional() } as Record<
    K,
    z.ZodOptional<z.ZodUnion<[z.ZodNumber, z.ZodString]>>
  >;
  const output = z.looseObject({
    rows: z.array(list.row),
    html: z.string().optional(),
    count: z.number().int().nullable(),
    countEstimated: z.boolean().optional(),
    nextCursor: z.string().nullable(),
    sort: z.string(),
    dir: z.enum(['asc', 'desc']),
    ...counted,
  });
  return {
    ...defineContract({
      path: list.path,
      input: z.object({ ...list.filters, ...listPaging }).superRefine(rangesInOrder(list.filters)),
      output,
    }),
    filters: list.filters,
    row: list.row,
    countKey: list.countKey,
    exportRoute: list.exportRoute,
  };
}

/**
 * A range filter given the wrong way round (From after To, the lowest year above the highest) is
 * refused with a sentence naming its upper end, "To must be on or after From.", instead of a list
 * that finds nothing. Ranges are the filters named `minX` and `maxX`.
 */
function rangesInOrder(filters: z.ZodRawShape) {
  const shape = z.object(filters);
  const pairs = Object.keys(filters).flatMap((min) => {
    const max = min.replace(/^min(?=[A-Z])/, 'max');
    return max !== min && max in filters ? [{ min, max, lowLabel: fieldLabel(min, shape) }] : [];
  });
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  return (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const { min, max, lowLabel } of pairs) {
      const [low, high] = [input[min], input[max]];
      if (!given(low) || !given(high) || (low as number | string) <= (high as number | string)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [max],
        message: typeof low === 'number' ? `must be at least ${lowLabel}` : `must be on or after ${lowLabel}`,
      });
    }
  };
}

export type RowOf<C extends { row: z.ZodType }> = z.output<C['row']>;

/** What the list screens take: a list's contract, whose rows are `Row`. */
export type ListContract<Row = unknown> = Contract & { row: z.ZodType<Row>; countKey: string; exportRoute?: string };
