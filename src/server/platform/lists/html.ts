import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatCell, type ColumnSpec } from '../../../shared/lists';
import { DEFAULT_TIME_ZONE } from '../days';
import type { Row } from './types';

/** A stored value shown as its label, in SQL, so the html table and the CSV (which read only selected fields) show the words. */
export const labelOf = (column: AnyPgColumn, labels: Record<string, string>) =>
  sql<string>`(case ${column} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`),
    sql` `,
  )} end)`;

export function renderTable(columns: readonly ColumnSpec[], rows: Row[]): string {
  return renderToStaticMarkup(
    h(
      'table',
      { className: 'list-table' },
      h('thead', null, h('tr', null, ...columns.map((c) => h('th', { key: c.key, 'data-key': c.key }, c.label)))),
      h(
        'tbody',
        null,
        ...rows.map((row, i) =>
          h(
            'tr',
            { key: i },
            ...columns.map((c) => h('td', { key: c.key }, formatCell(row[c.key], c.format, DEFAULT_TIME_ZONE))),
          ),
        ),
      ),
    ),
  );
}
