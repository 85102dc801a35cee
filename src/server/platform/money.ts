import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whole hundredths (cents, or hundredths of an hour) as an exact decimal with two places, in SQL:
 * what a list's html and CSV show, which read only selected fields. `centsToDecimal` is the same in
 * TypeScript (shared/format).
 */
export const hundredthsAsDecimal = (column: AnyPgColumn): SQL<string> =>
  sql<string>`((${column}::numeric / 100)::numeric(14, 2))::text`;
