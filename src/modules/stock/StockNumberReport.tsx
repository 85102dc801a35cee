import { Badge } from '@mantine/core';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { ListScreen, type FilterSpec } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { lastDays } from '../../shared/format';
import { loadReport, reportColumns } from './stock.contract';
import { acquiredByOptions } from './StockForms';

type Row = RowOf<typeof loadReport>;

/** stock-number-report (seed 002): who generated which stock numbers in a span of days, and where a VIN check was overridden. */
export default function StockNumberReport() {
  const locations = useLocationOptions();
  // The last 30 days, today included, as the report's call counts them.
  const { from, to } = lastDays(30);
  const filters: FilterSpec[] = [
    { name: 'minCreatedAt', label: 'From', kind: 'date', defaultValue: from },
    { name: 'maxCreatedAt', label: 'To', kind: 'date', defaultValue: to },
    { name: 'locationId', label: 'Location', kind: 'select', data: locationSelectData(locations.data) },
    { name: 'acquiredBy', label: 'Acquired by', kind: 'select', placeholder: 'Any', data: acquiredByOptions },
  ];
  return (
    <ListScreen<Row>
      className="stock-number-report"
      title="Stock number report"
      action={loadReport}
      noun={['stock number', 'stock numbers']}
      columns={reportColumns}
      filters={filters}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => row.stock}
      cells={{ vinOverride: (row) => (row.vinOverride ? <Badge color="orange" variant="light">Overridden</Badge> : '') }}
    />
  );
}
