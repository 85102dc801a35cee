import { Badge } from '@mantine/core';
import { ListScreen } from '../../web/ui/ListScreen';
import { lastDays } from '../../shared/format';
import { loadReport, reportColumns } from './stock.contract';
import { acquiredByOptions } from './StockForms';
import { VinSlot } from '../../web/slots';

/** stock-number-report (seed 002): who generated which stock numbers in a span of days, and where a VIN check was overridden. */
export default function StockNumberReport() {
  // The last 30 days, today included, as the report's call counts them.
  const { from, to } = lastDays(30);
  return (
    <ListScreen
      className="stock-number-report"
      title="Stock number report"
      action={loadReport}
      noun={['stock number', 'stock numbers']}
      columns={reportColumns}
      filters={[
        { name: 'minCreatedAt', kind: 'date', defaultValue: from },
        { name: 'maxCreatedAt', kind: 'date', defaultValue: to },
        { name: 'locationId', kind: 'location' },
        { name: 'acquiredBy', kind: 'select', placeholder: 'Any', data: acquiredByOptions },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => row.stock}
      cells={{
        vin: (row) => <VinSlot vin={row.vin} />,
        vinOverride: (row) =>
          row.vinOverride ? (
            <Badge color="orange" variant="light">
              Overridden
            </Badge>
          ) : (
            ''
          ),
      }}
    />
  );
}
