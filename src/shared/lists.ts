import { formatDate, formatDateTime, formatNumber, formatPhone } from './format';

/** A list column, shared by the server's html table and the React table. */
export interface ColumnSpec {
  key: string;
  label: string;
  /** The server can order by it (an indexed, not-null column). */
  sortable?: boolean;
  format?: 'text' | 'number' | 'date' | 'datetime' | 'phone' | 'flag' | 'list';
}

/** The reply of every list action besides its named count(s). */
export interface ListPage<Row> {
  rows: Row[];
  /** Absent when the caller asked for `view: 'rows'`. */
  html?: string;
  /** The first page counts; later pages (with a cursor) send null: the count is the first page's. */
  count: number | null;
  countEstimated?: boolean;
  nextCursor: string | null;
  sort: string;
  dir: 'asc' | 'desc';
}

/** A cell as the list shows it; dates on `timeZone`'s clock when given (the server's html and CSV), else the caller's. */
export function formatCell(value: unknown, format: ColumnSpec['format'] = 'text', timeZone?: string): string {
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'date':
      return formatDate(value as string, timeZone);
    case 'datetime':
      return formatDateTime(value as string, timeZone);
    case 'phone':
      return formatPhone(String(value));
    case 'flag':
      return value ? 'Yes' : 'No';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return String(value);
  }
}
