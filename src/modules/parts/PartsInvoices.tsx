import { useSearchParams } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { formatMoney } from '../../shared/format';
import { invoiceColumns, loadInvoices } from './parts.contract';
import { invoiceTypeOptions, useInvoiceModals } from './InvoiceForm';

/** parts invoices (seed 001): what the stores' parts counters billed, with the add and edit modals. */
export default function PartsInvoices() {
  const [params] = useSearchParams();
  const records = useInvoiceModals(params.get('locationId') ?? undefined);

  return (
    <ListScreen
      className="parts-invoices"
      title="Parts invoices"
      action={loadInvoices}
      noun={['parts invoice', 'parts invoices']}
      countDetail={(reply) => (typeof reply.amountTotal === 'number' ? `for ${formatMoney(reply.amountTotal)}` : '')}
      columns={invoiceColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Invoice, customer or account' },
        { name: 'locationId', kind: 'location' },
        { name: 'invoiceType', kind: 'select', placeholder: 'Any', data: invoiceTypeOptions },
        {
          name: 'collected',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '0', label: 'To collect' },
            { value: '1', label: 'Collected' },
          ],
        },
        { name: 'minInvoiceDate', kind: 'date' },
        { name: 'maxInvoiceDate', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.invoiceId}
      rowLabel={(row) => row.invoiceNumber}
      onRowClick={(row) => records.edit(row)}
      emptyText="No parts invoices match these filters; clear a filter or add an invoice."
      cells={{
        amount: (row) => formatMoney(row.amountCents),
        collected: (row) => (
          <Badge color={row.collected ? 'teal' : 'orange'} variant="light">
            {row.collected ? 'Collected' : 'To collect'}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
          Add invoice
        </Button>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
