import { Badge } from '@mantine/core';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { ListScreen, type FilterSpec } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { formatDateTime } from '../../shared/format';
import { loadQuotes, quoteColumns } from './price-builder.contract';

type Row = RowOf<typeof loadQuotes>;

/** The price builder's quotes (docs/sales.md): who quoted what for whom, and whether the customer opened it. */
export default function Quotes() {
  const locations = useLocationOptions();
  const filters: FilterSpec[] = [
    { name: 'query', label: 'Search', kind: 'search', placeholder: 'Customer, model or stock number' },
    { name: 'locationId', label: 'Location', kind: 'select', data: locationSelectData(locations.data) },
    { name: 'mine', label: 'Made by', kind: 'select', placeholder: 'Anyone', data: [{ value: '1', label: 'Me' }] },
    { name: 'viewed', label: 'Opened', kind: 'select', placeholder: 'Either', data: [{ value: '1', label: 'Opened' }, { value: '0', label: 'Not yet opened' }] },
    { name: 'minCreatedAt', label: 'From', kind: 'date' },
    { name: 'maxCreatedAt', label: 'To', kind: 'date' },
  ];
  const page = (row: Row) => `/quote/${row.token}`;
  return (
    <ListScreen<Row>
      className="price-builder-quotes"
      title="Quotes"
      action={loadQuotes}
      noun={['quote', 'quotes']}
      columns={quoteColumns}
      filters={filters}
      updateUrl
      rowKey={(row) => row.quoteId}
      rowLabel={(row) => `${row.vehicle} for ${row.customerName || 'a customer'}`}
      onRowClick={(row) => window.open(page(row), '_blank', 'noopener')}
      emptyText="No quotes match these filters; quotes appear here once copied or texted from the price builder."
      cells={{
        views: (row) => (row.firstViewedAt
          ? <Badge color="teal" variant="light" title={`First opened ${formatDateTime(row.firstViewedAt)}`}>{row.views === 1 ? 'Once' : `${row.views} times`}</Badge>
          : <Badge color="gray" variant="light">Not yet</Badge>),
        expiresAt: (row) => (row.expired ? <Badge color="orange" variant="light">Expired</Badge> : undefined),
      }}
    />
  );
}
