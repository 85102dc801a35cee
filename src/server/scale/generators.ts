import type { Random } from './random';

/** The group-scale row counts of docs/architecture.md; `--scale` multiplies them. */
export const FULL_SCALE = {
  locations: 60,
  users: 2_000,
  contacts: 500_000,
  messages: 5_000_000,
  appointments: 1_000_000,
  stockNumbers: 300_000,
  reviews: 200_000,
} as const;

export interface GeneratorContext {
  random: Random;
  scale: number;
  /** Rows this generator makes at this scale. */
  rows: number;
  /** Ids of rows other generators made (serial ids start at 1 after the reload). */
  counts: Record<string, number>;
  now: Date;
}

/**
 * How one table is filled at group scale. Each module registers its own next to its tables;
 * a table that does not exist yet is skipped.
 */
export interface Generator {
  table: string;
  columns: string[];
  /** Rows at full scale (scale 1). */
  fullRows: number;
  /** Fewest rows whatever the scale (60 locations stay 60 even in the small profile). */
  minRows?: number;
  /**
   * Its rows follow from other tables' (an offer's adjustments), so `fullRows` is what they come to
   * about: a table within a tenth of it is kept, where an exact count would be loaded again each run.
   */
  approximate?: boolean;
  /** Tables to fill first. */
  after?: string[];
  /** Tables its triggers fill as it loads (counts kept beside it): vacuumed and analysed with it. */
  derived?: string[];
  rows(ctx: GeneratorContext): Iterable<unknown[]>;
}

export const generators: Generator[] = [];

export function defineGenerator(generator: Generator): Generator {
  generators.push(generator);
  return generator;
}

/**
 * When record i of `rows` happened, the records spread evenly over the `seconds` before `now`,
 * oldest first (record 0 a whole span ago, the newest one step before now), to the second.
 */
export const spreadOldestFirst = (now: Date, seconds: number, i: number, rows: number) =>
  new Date(now.getTime() - Math.floor((seconds * (rows - i)) / rows) * 1000);
