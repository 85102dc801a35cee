import { useNavigate } from 'react-router';
import { Badge } from '@mantine/core';
import { ListScreen } from '../../web/ui/ListScreen';
import { optionsOf } from '../../web/options/optionsOf';
import {
  deliveryColumns,
  deliveryHref,
  deliveryStatusLabels,
  deliveryStatuses,
  loadDeliveries,
  type DeliveryStatus,
} from './clicklane.contract';

export const deliveryStatusColors: Record<DeliveryStatus, string> = {
  scheduled: 'blue',
  'in-transit': 'orange',
  delivered: 'green',
  cancelled: 'gray',
};

/** access deliveries (seed 001): the lane's deliveries, latest scheduled first; a row opens edit-delivery. */
export default function AccessDeliveries() {
  const navigate = useNavigate();
  return (
    <ListScreen
      className="access-deliveries"
      title="Deliveries"
      action={loadDeliveries}
      noun={['delivery', 'deliveries']}
      columns={deliveryColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, email or phone' },
        { name: 'locationId', kind: 'location' },
        { name: 'status', kind: 'select', placeholder: 'Any', data: optionsOf(deliveryStatuses, deliveryStatusLabels) },
        { name: 'minScheduledDate', kind: 'date' },
        { name: 'maxScheduledDate', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.deliveryId}
      rowLabel={(row) => row.customerName}
      onRowClick={(row) => void navigate(deliveryHref(row.deliveryId))}
      cells={{
        statusLabel: (row) => (
          <Badge color={deliveryStatusColors[row.status]} variant="light">
            {row.statusLabel}
          </Badge>
        ),
      }}
    />
  );
}
