/**
 * Searching by the start of words, read in a list's own order (issue 32, decision 038). A trigram
 * search finds the 9,000 Garcias of a million customers anywhere in the table, and the page then
 * reads and sorts every one of them. A word table instead holds one row per word of each record,
 * beside copies of the record's sort columns, with a btree on (word, sort, id): the matches of a
 * word sit together, and the page reads their narrow index entries, sorts them by the copies and
 * joins only the rows it shows. Staff type the start of a name, a phone's digits or part of an
 * email; a term is found when each of its words starts a word of the record ("romero d" is a Romero
 * with a D-word).
 *
 * The word table is the module's, kept by a trigger on its table with the SQL function
 * `search_words` (migration 0045), which splits where `\w` ends as `wordsOf` splits a term.
 */
import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { startingWith } from './search';

export interface WordTable {
  table: PgTable;
  /** The word, lower case. */
  word: AnyPgColumn;
  /**
   * The record's word just before this one in byte order ('' for its first): of a record's words
   * starting with what was typed, the first is the one whose prior word does not, so no record is
   * found twice (Maria Mariano, "mari").
   */
  priorWord: AnyPgColumn;
  /**
   * Columns the word table copies from its record, each beside the record's own: the id first (the
   * join), then the list's sort columns, by which a searched list is ordered, so that PostgreSQL
   * sorts the word table's narrow rows and joins only the page's records.
   */
  copies: [AnyPgColumn, AnyPgColumn][];
}

/**
 * A searched word shorter than this is found only whole: "li" finds Li, not Lisa; "lis" finds both.
 * Two letters start 91,000 of a million customers' words (11,000 different ones, mostly of emails):
 * reading and sorting them all to show five took the palette 790 ms at p95 as staff typed, for
 * results nobody was looking for yet. A whole short word (Li, Wu, Ng) is read in order as any word.
 * Only the longest word of a term counts: "garcia m" still finds a Garcia with any M-word.
 */
export const WHOLE_BELOW = 3;

/** The words of a term as the word tables hold them: lower case, split where letters and digits end. */
export const wordsOf = (term: string): string[] => term.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** A word table searched for a term's longest word (`wordsMatch`). */
export interface WordSearch {
  words: WordTable;
  leading: string;
}

/**
 * A select joined to its records' words that start with the searched word, each record once. They
 * are read as two parts PostgreSQL merges in `order` (the list's, by the word table's copies): the
 * word itself, whose index entries are in that order already, and the few longer words starting
 * with it (Garcias beside Garcia), sorted; a word shorter than `WHOLE_BELOW` is read whole only. As
 * one range, the 9,000 entries of "garcia%" were sorted to show 25 (decision 038). Each part is
 * ordered itself: a part with a WHERE clause of its own is never merged into the statement, so
 * PostgreSQL would not know it can read it in order.
 */
export function joinWords<T extends PgSelect>(select: T, { words, leading }: WordSearch, order?: SQL[]): T {
  const [[copy, own]] = words.copies;
  const ordered = order ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
  // Of a record's words starting with the searched one, only the first in byte order is read: the
  // word itself when the record has it, else the longer one whose prior word does not start so.
  const longer =
    leading.length >= WHOLE_BELOW
      ? sql` union all (select * from ${words.table} where ${words.word} ~>~ ${leading}
      and ${words.word} like ${startingWith(leading)} and ${words.priorWord} ~<~ ${leading}${ordered})`
      : sql``;
  const rows = sql`((select * from ${words.table} where ${words.word} = ${leading}${ordered})${longer})
    as ${sql.identifier(getTableName(words.table))}`;
  // The select names its fields, so the join adds none: the select's type is unchanged.
  return select.innerJoin(rows, eq(copy, own)) as unknown as T;
}

/** The word table's copy of a record's column, if it keeps one. */
export const copyOf = (words: WordTable, column: AnyPgColumn): AnyPgColumn | undefined =>
  words.copies.find(([, own]) => own === column)?.[0];

/** The word search a list filter's condition reads (the list joins it: platform/lists/statement.ts). */
export const wordSearchOf = (condition: SQL | undefined): WordSearch | undefined =>
  condition && conditionsOnWords.get(condition);

const conditionsOnWords = new WeakMap<SQL, WordSearch>();

/**
 * Records with a word starting with each word of the term; none when the term has no word. The
 * longest word is read from the word table in the list's order (`joinWords`, which a list filter
 * returning this condition has done by the platform); each other word is looked up among the same
 * record's words (the table's unique index on record and word).
 */
export function wordsMatch(words: WordTable, term: string): SQL | undefined {
  const found = wordsOf(term);
  if (found.length === 0) return undefined;
  const leading = found.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const [[id]] = words.copies;
  const others = found
    .filter((word) => word !== leading)
    .map(
      (word) =>
        sql`exists (select 1 from ${words.table} as other where other.${sql.identifier(id.name)} = ${id}
          and other.${sql.identifier(words.word.name)} like ${startingWith(word)})`,
    );
  // The condition is the key the join is found by: a fresh one even when no other word is typed.
  const condition = others.length > 0 ? and(...others)! : sql`true`;
  conditionsOnWords.set(condition, { words, leading });
  return condition;
}
