import { Badge } from '@mantine/core';
import { ListScreen } from '../../web/ui/ListScreen';
import { optionsOf } from '../../web/options/optionsOf';
import {
  carrierLabels,
  carriers,
  loadQuotes,
  quoteColumns,
  quoteStatusLabels,
  quoteStatuses,
  type QuoteStatus,
} from './clicklane.contract';

const quoteColors: Record<QuoteStatus, string> = {
  requested: 'yellow',
  quoted: 'blue',
  accepted: 'green',
  declined: 'gray',
  failed: 'red',
};

/**
 * insurance quotes manager (seed 001): the quotes asked of carriers for the lane's leads. A quote
 * waiting for its carrier fills in by itself on Refresh once the carrier answers.
 */
export default function InsuranceQuotes() {
  return (
    <ListScreen
      className="insurance-quotes-manager"
      title="Insurance quotes"
      action={loadQuotes}
      noun={['quote', 'quotes']}
      columns={quoteColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, email or phone' },
        { name: 'locationId', kind: 'location' },
        { name: 'status', kind: 'select', placeholder: 'Any', data: optionsOf(quoteStatuses, quoteStatusLabels) },
        { name: 'carrier', kind: 'select', placeholder: 'Any', data: optionsOf(carriers, carrierLabels) },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.quoteId}
      rowLabel={(row) => row.customerName}
      cells={{
        statusLabel: (row) => (
          <Badge color={quoteColors[row.status]} variant="light">
            {row.statusLabel}
          </Badge>
        ),
      }}
    />
  );
}
