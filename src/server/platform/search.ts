import { sql, StringChunk, type Column, type GetColumnData, type SQL } from 'drizzle-orm';
import { index, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What a list's free-text search reads: its columns lower-cased into one text. The table indexes the
 * same expression with pg_trgm (`searchIndex`), so `like '%term%'` finds rows through the index
 * instead of reading the whole table, whatever part of a name, username or email is typed.
 */
export const searchText = (...columns: AnyPgColumn[]): SQL => sql`lower(${sql.join(columns, sql` || ' ' || `)})`;

/** The trigram index for `searchText` over the same columns (a table's schema declares it). */
export const searchIndex = (name: string, ...columns: AnyPgColumn[]) =>
  index(name).using('gin', sql`${searchText(...columns)} gin_trgm_ops`);

/**
 * `searchText` kept in the row as it is written (a generated column, `search_text`), for a table
 * whose search often reads many rows: a common name is found by walking the list in its own order
 * and testing each row, and lower-casing and joining the columns again for each was two thirds of
 * that walk (repair orders' "romero d": 13,000 rows tested, 5.6–9.7 ms, 2.0 from the stored text;
 * decision 049). `columns` is a function: the table's own columns are not there yet when it is declared.
 */
export const storedSearch = (columns: () => AnyPgColumn[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs((): SQL => searchText(...columns()));

/** The trigram index of a table's `storedSearch` column. */
export const storedSearchIndex = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);

/** `%` and `_` typed by a person are letters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `like` pattern for text containing the term, as typed (its `%` and `_` are letters). Its
 * leading `%` is what has a list statement planned for its term (`planFor`, decision 010).
 */
export const containing = (term: string) => `%${escapeLike(term)}%`;
/** A LIKE pattern for text that starts with `term` (its characters literal). */
export const startingWith = (term: string) => `${escapeLike(term)}%`;

/** Rows whose search text contains the term, case-insensitively. */
export const matchesSearch = (text: SQL | AnyPgColumn, term: string): SQL =>
  sql`${text} like ${containing(term.toLowerCase())}`;

type FieldValue<F> = F extends SQL<infer T> ? T : F extends Column ? GetColumnData<F> : never;

/**
 * A record's fields as one JSON value named `found`, typed: what a palette source selects, so every
 * source, whatever its columns, is one branch of the palette's single statement.
 */
export function foundFields<F extends Record<string, Column | SQL>>(
  fields: F,
): SQL.Aliased<{ [K in keyof F]: FieldValue<F[K]> }> {
  // One piece of SQL with the names written between the values: the palette builds every source's
  // fields on each request, and a nested piece per field was a tenth of its server time.
  const chunks = Object.entries(fields).flatMap(([name, value], i) => [
    new StringChunk(`${i === 0 ? 'json_build_object(' : ', '}'${name}', `),
    value,
  ]);
  return (sql.fromList([...chunks, new StringChunk(')')]) as SQL<{ [K in keyof F]: FieldValue<F[K]> }>).as('found');
}
