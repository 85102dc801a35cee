import {
  Column,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Drizzle's own renderer: statements this file does not render (`inlineParams`, views, enums) go to it. */
export const dialect = new PgDialect();

// Drizzle's own keys on a table object (table.js): its name, schema, and whether it is an alias.
const TableName = Symbol.for('drizzle:Name');
const TableSchema = Symbol.for('drizzle:Schema');
const IsAlias = Symbol.for('drizzle:IsAlias');
type TableKeys = Record<symbol, string | boolean | undefined>;
/** Whether Drizzle inlines this piece's values (`sql.inlineParams()`), a private field of its. */
const inlined = (query: SQL) => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** A statement this renderer leaves to Drizzle's. */
class NotRendered extends Error {}

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Renders a query to its SQL text and parameters exactly as Drizzle's PostgreSQL dialect does
 * (`dialect.sqlToQuery`), in under a third of the time: Drizzle tells each chunk's kind by walking its
 * class chain for every kind it is not (`is()`, made for several copies of Drizzle in one process),
 * and copies its options for every nested piece. That was 1.0 of the palette's 1.3 ms of server
 * time to render its statement, on every request. One copy of Drizzle is installed here, so
 * `instanceof` tells the kinds; what it does not render (inlined values, views, enums) Drizzle does.
 * render.test.ts holds it to Drizzle's output for every list and palette source.
 */
export function renderSql(query: SQL | SQLWrapper): { sql: string; params: unknown[] } {
  const root = query instanceof SQL ? query : query.getSQL();
  const out = { sql: '', params: [] as unknown[] };
  try {
    chunks(root.queryChunks, out, inlined(root));
    return out;
  } catch (error) {
    if (!(error instanceof NotRendered)) throw error;
    const { sql, params } = dialect.sqlToQuery(root);
    return { sql, params };
  }
}

function chunks(list: readonly unknown[], out: { sql: string; params: unknown[] }, inline: boolean): void {
  for (const chunk of list) {
    if (inline) throw new NotRendered();
    if (chunk instanceof StringChunk) out.sql += chunk.value.join('');
    else if (chunk instanceof Name) out.sql += escapeName(chunk.value);
    else if (chunk === undefined) continue;
    else if (Array.isArray(chunk)) {
      out.sql += '(';
      chunk.forEach((item, i) => {
        if (i > 0) out.sql += ', ';
        chunks([item], out, inline);
      });
      out.sql += ')';
    } else if (chunk instanceof SQL) chunks(chunk.queryChunks, out, inlined(chunk));
    else if (chunk instanceof Table) out.sql += tableName(chunk as unknown as TableKeys);
    else if (chunk instanceof Column) {
      // The column's own name: no casing is configured (client.ts), so Drizzle's is the same.
      const table = chunk.table as unknown as TableKeys;
      out.sql += `${table[IsAlias] ? escapeName(table[TableName] as string) : tableName(table)}.${escapeName(chunk.name)}`;
    } else if (chunk instanceof Param) {
      // A placeholder is bound as itself, for `fillPlaceholders` to replace, as Drizzle does.
      if (chunk.value instanceof Placeholder) param(chunk, out);
      else {
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) chunks([value], out, inline);
        else param(value, out);
      }
    } else if (chunk instanceof Placeholder) param(chunk, out);
    else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) out.sql += escapeName(chunk.fieldAlias);
    else if (chunk instanceof Subquery) {
      if (chunk._.isWith) out.sql += escapeName(chunk._.alias);
      else {
        out.sql += '(';
        chunks([chunk._.sql], out, inline);
        out.sql += `) ${escapeName(chunk._.alias)}`;
      }
    } else if (chunk instanceof View || typeof chunk === 'function')
      // A view or an enum: none is rendered here, so they are left to Drizzle.
      throw new NotRendered();
    else if (isSQLWrapper(chunk)) {
      const wrapper = chunk as SQLWrapper & { shouldOmitSQLParens?: () => boolean };
      if (wrapper.shouldOmitSQLParens?.()) chunks([wrapper.getSQL()], out, inline);
      else {
        out.sql += '(';
        chunks([wrapper.getSQL()], out, inline);
        out.sql += ')';
      }
    } else param(chunk, out);
  }
}

function tableName(table: TableKeys): string {
  const schema = table[TableSchema] as string | undefined;
  const name = escapeName(table[TableName] as string);
  return schema === undefined || table[IsAlias] ? name : `${escapeName(schema)}.${name}`;
}

function param(value: unknown, out: { sql: string; params: unknown[] }) {
  out.params.push(value);
  out.sql += `$${out.params.length}`;
}
