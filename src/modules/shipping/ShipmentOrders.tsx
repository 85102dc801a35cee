import { useNavigate } from 'react-router';
import { Badge, Button, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { loadOrders, orderColumns, shipmentHref } from './shipping.contract';
import { useOpenRecord } from '../../web/ui/RecordPage';
import { VinSlot } from '../../web/slots';

/** The shipments ordered (not in the spec: docs/shipping.md); Ship a vehicle opens new-vehicle-shipment. */
export default function ShipmentOrders() {
  const navigate = useNavigate();
  const open = useOpenRecord();
  return (
    <ListScreen
      className="shipment-orders"
      title="Shipments"
      action={loadOrders}
      noun={['shipment', 'shipments']}
      columns={orderColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'VIN, name or reference' },
        { name: 'locationId', kind: 'location' },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.vehicle || row.vin} to ${row.destinationName}`}
      onRowClick={(row) => open(shipmentHref(row.id))}
      cells={{
        vin: (row) => <VinSlot vin={row.vin} />,
        originName: (row) => (
          <>
            <Text size="sm">{row.originName}</Text>
            <Text size="xs" c="dimmed">
              {row.originCity}
            </Text>
          </>
        ),
        destinationName: (row) => (
          <>
            <Text size="sm">
              {row.destinationName}
              {row.customerAddress && (
                <Badge ml={6} size="xs" variant="light">
                  Customer
                </Badge>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {row.destinationCity}
            </Text>
          </>
        ),
        // The local driver sends nothing: say so where the carrier's reference would be.
        reference: (row) =>
          row.carrier === 'local' ? (
            <Text size="sm">
              {row.reference}{' '}
              <Text span size="xs" c="dimmed">
                (local driver, not sent)
              </Text>
            </Text>
          ) : (
            row.reference
          ),
      }}
      toolbar={
        <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => navigate('/shipping/new')}>
          Ship a vehicle
        </Button>
      }
    />
  );
}
