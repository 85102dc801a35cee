/**
 * The shell's own calls: the command palette's record search and the home page's figures of the day.
 * Both gather what each module declares (src/server/platform/modules.ts, `find` and `figures`).
 */
import { z } from 'zod';
import { text } from './fields';
import { defineContract } from './contract';

/** Matches per kind of record: enough to pick from while typing. */
export const FIND_LIMIT = 5;

const found = z.object({ id: z.string(), title: z.string(), detail: z.string(), href: z.string() });
export type Found = z.output<typeof found>;

/** Records of every kind the caller may open, within reach, whose name, number or id holds the text. */
export const findRecords = defineContract({
  path: 'search/find',
  input: z.object({
    query: text(80)
      .refine((q) => q.length >= 2, 'must be at least 2 characters')
      .meta({ title: 'Search' }),
  }),
  output: z.object({ groups: z.array(z.object({ kind: z.string(), label: z.string(), results: z.array(found) })) }),
});

const figure = z.object({ key: z.string(), label: z.string(), value: z.number().int(), href: z.string() });
export type Figure = z.output<typeof figure>;

/** Today's figures for what the caller's flags cover, each with the filtered list it counts. */
export const todayFigures = defineContract({
  path: 'home/today',
  input: z.object({}),
  output: z.object({ figures: z.array(figure) }),
});
