import { Badge, Text } from '@mantine/core';
import { VinSlot } from '../../web/slots';
import { RecordFields, RecordPage, useAddressedRecord } from '../../web/ui/RecordPage';
import { formatDate, formatDateTime } from '../../shared/format';
import { loadOrder, type OrderRecord } from './shipping.contract';

/** One end of the shipment: who, and the street address the carrier goes to. */
function End({ order: o, end }: { order: OrderRecord; end: 'origin' | 'destination' }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {o[`${end}Name`]}
      </Text>
      <Text size="sm">{o[`${end}AddressOne`]}</Text>
      <Text size="sm">
        {o[`${end}City`]}, {o[`${end}State`]} {o[`${end}Zipcode`]}
      </Text>
    </>
  );
}

function ShipmentFields({ order: o }: { order: OrderRecord }) {
  return (
    <RecordFields
      fields={[
        { label: 'From', value: <End order={o} end="origin" /> },
        {
          label: 'To',
          value: (
            <>
              <End order={o} end="destination" />
              {o.customerAddress && (
                <Badge size="xs" variant="light" mt={4}>
                  Customer
                </Badge>
              )}
            </>
          ),
        },
        { label: 'Pickup', value: formatDate(o.pickupDate) },
        { label: 'Vehicle', value: o.vehicle },
        { label: 'VIN', value: <VinSlot vin={o.vin} /> },
        { label: 'Stock number', value: o.stock },
        {
          label: 'Carrier reference',
          // The local driver sends nothing: say so where the carrier's reference would be.
          value: o.carrier === 'local' ? `${o.reference} (local driver, not sent)` : o.reference,
        },
        { label: 'Ordered', value: `${formatDateTime(o.createdAt)}${o.createdByName ? ` by ${o.createdByName}` : ''}` },
        { label: 'Notes for the carrier', value: o.notes },
      ]}
    />
  );
}

/** A shipment's page (`?id=`), opened from the shipments list (docs/shipping.md). */
export default function ShipmentPage() {
  const { record, error } = useAddressedRecord(
    loadOrder,
    (orderId) => ({ orderId }),
    (reply) => reply.order,
  );
  return (
    <RecordPage
      className="shipment-page"
      kind="Shipment"
      list={{ label: 'Shipments', href: '/shipping/' }}
      record={record}
      error={error}
      missing="This address names no shipment."
      name={(o) => `${o.vehicle || o.vin} to ${o.destinationName}`}
      summary={(o) => `Shipment ${o.id} · pickup ${formatDate(o.pickupDate)}`}
    >
      {(o) => <ShipmentFields order={o} />}
    </RecordPage>
  );
}
