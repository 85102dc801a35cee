/**
 * appraisal manager (seed 000): every trade-in appraisal within reach, filtered by store, source, the
 * two statuses, days created and a search; the page size (`limit`) from the list's select of 25, 50,
 * 100 or 250. A row opens the appraisal vehicle edit screen.
 */
import { useNavigate } from 'react-router';
import { Badge, Text } from '@mantine/core';
import { ListScreen } from '../../web/ui/ListScreen';
import { formatMoney } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import {
  appraisalColumns,
  appraisalSourceLabels,
  appraisalSources,
  appraisalStatusLabels,
  appraisalStatuses,
  loadAppraisals,
  workingStatusLabels,
  workingStatuses,
} from './appraisals.contract';
import { optionsOf } from '../../web/options/optionsOf';
import { VinSlot } from '../../web/slots';

type Row = RowOf<typeof loadAppraisals>;
const statusColor: Record<Row['appraisalStatus'], string> = {
  new: 'blue',
  offered: 'indigo',
  accepted: 'teal',
  declined: 'gray',
  purchased: 'green',
  expired: 'orange',
};

/** The manager shows the columns a desk works from; the CSV carries them all. */
const shown = new Set([
  'createdAt',
  'customerName',
  'phone',
  'vehicle',
  'mileage',
  'offer',
  'statusLabel',
  'workingStatusLabel',
  'sourceLabel',
  'locationName',
]);

export default function AppraisalManager() {
  const navigate = useNavigate();
  return (
    <ListScreen
      className="appraisal-manager"
      title="Appraisals"
      action={loadAppraisals}
      noun={['appraisal', 'appraisals']}
      columns={appraisalColumns.filter((c) => shown.has(c.key))}
      filters={[
        { name: 'search', kind: 'search', placeholder: 'Name, phone, email, VIN, make or model' },
        { name: 'locationId', kind: 'location' },
        { name: 'source', kind: 'select', data: optionsOf(appraisalSources, appraisalSourceLabels) },
        { name: 'appraisalStatus', kind: 'select', data: optionsOf(appraisalStatuses, appraisalStatusLabels) },
        { name: 'workingStatus', kind: 'select', data: optionsOf(workingStatuses, workingStatusLabels) },
        { name: 'minCreatedAt', kind: 'date', defaultValue: '' },
        { name: 'maxCreatedAt', kind: 'date', defaultValue: '' },
      ]}
      updateUrl
      rowKey={(row) => row.appraisalId}
      rowLabel={(row) => `${row.customerName}, ${row.vehicle}`}
      onRowClick={(row) => void navigate(`/clicklane/appraisals/vehicle?id=${row.appraisalId}`)}
      emptyText="No appraisals yet: they arrive from the website's instant offer, the service lane, walk-ins and calls."
      cells={{
        vin: (row) => <VinSlot vin={row.vin} />,
        offer: (row) => (
          <Text component="span" size="sm" fw={600}>
            {formatMoney(row.offerCents)}
          </Text>
        ),
        statusLabel: (row) => (
          <Badge color={statusColor[row.appraisalStatus]} variant="light">
            {row.statusLabel}
          </Badge>
        ),
      }}
    />
  );
}
