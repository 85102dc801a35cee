import { Anchor } from '@mantine/core';
import { Slot, VinSlot } from '../../web/slots';
import { RecordFields, RecordPage, useAddressedRecord } from '../../web/ui/RecordPage';
import { formatDate, formatDateTime, formatMoney, formatPhone } from '../../shared/format';
import { loadPurchase, type PurchaseRecord } from './purchases.contract';

function PurchaseFields({ purchase: p }: { purchase: PurchaseRecord }) {
  return (
    <RecordFields
      fields={[
        { label: 'Sold on', value: formatDate(p.soldDate) },
        { label: 'Sale price', value: formatMoney(p.priceCents) },
        { label: 'Deal type', value: p.dealTypeLabel },
        {
          label: 'Customer',
          value: (
            <Slot
              name="customerName"
              props={{ kind: 'purchase', recordId: p.purchaseId, name: p.customerName }}
              fallback={p.customerName}
            />
          ),
        },
        {
          label: 'Mobile phone',
          value: p.mobilePhone && (
            <Anchor inherit href={`tel:${p.mobilePhone}`}>
              {formatPhone(p.mobilePhone)}
            </Anchor>
          ),
        },
        {
          label: 'Email',
          value: p.email && (
            <Anchor inherit href={`mailto:${p.email}`}>
              {p.email}
            </Anchor>
          ),
        },
        { label: 'Vehicle', value: p.vehicle },
        { label: 'Stock number', value: p.stock },
        { label: 'VIN', value: <VinSlot vin={p.vin} /> },
        { label: 'Salespeople', value: p.salespeople },
        { label: 'Location', value: p.locationName },
        {
          label: 'Recorded',
          value: `${formatDateTime(p.recordedAt)}${p.recordedByName ? ` by ${p.recordedByName}` : ''}${p.fromInventory ? ', from the inventory' : ''}`,
        },
      ]}
    />
  );
}

/** A purchase's page (`?id=`), opened from the purchases list (docs/sales.md). */
export default function PurchasePage() {
  const { record, error } = useAddressedRecord(
    loadPurchase,
    (purchaseId) => ({ purchaseId }),
    (reply) => reply.purchase,
  );
  return (
    <RecordPage
      className="purchase-page"
      kind="Purchase"
      list={{ label: 'Purchases', href: '/sales/purchases/' }}
      record={record}
      error={error}
      missing="This address names no purchase."
      name={(p) => p.customerName}
      summary={(p) => `${p.vehicle} · ${p.locationName}`}
    >
      {(p) => <PurchaseFields purchase={p} />}
    </RecordPage>
  );
}
