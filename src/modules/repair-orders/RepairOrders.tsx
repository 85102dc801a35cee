import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm, useRecordModal } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatMoney } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import {
  addOrder,
  loadOrder,
  loadOrders,
  NOTES_MAX,
  ORDER_ADDED,
  orderColumns,
  orderPage,
  orderStatuses,
  orderStatusLabels,
} from './repair-orders.contract';
import { OrderEditor } from './OrderEditor';
import { optionsOf } from '../../web/options/optionsOf';

type Row = RowOf<typeof loadOrders>;
const ADD_MODAL = 'add-repair-order';

/** A new order: who and what; created, it opens on its own page for its items (seed 001). */
function NewOrderForm({ locationId, done }: { locationId?: string; done: () => void }) {
  const navigate = useNavigate();
  const form = useContractForm(addOrder, {
    initialValues: { locationId: locationId ?? '', customerName: '', vehicle: '', servicesRequested: '', notes: '' },
    success: ORDER_ADDED,
    successMs: 4000,
    reload: [loadOrders],
    onSuccess: (reply) => {
      done();
      void navigate(orderPage(reply.create.data.orderId));
    },
  });
  return (
    <RecordForm form={form} failTitle="The repair order was not created" submitLabel="Create order" onCancel={done}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus autoComplete="off" {...form.field('customerName')} />
        <TextInput autoComplete="off" placeholder="Year, make and model" {...form.field('vehicle')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
      </SimpleGrid>
      <CountedTextarea maxLength={2_000} {...form.field('servicesRequested')} />
      <CountedTextarea maxLength={NOTES_MAX} {...form.field('notes')} />
    </RecordForm>
  );
}

/** repair-order (seed 002): 'Manage Repair Orders', the list with its edit modal and item table. */
export default function RepairOrders() {
  const [params] = useSearchParams();
  const editor = useRecordModal({
    id: 'edit-repair-order',
    size: 'xl',
    title: (row: Row) => `Repair order ${row.repairOrderId} · ${row.customerName}`,
    load: async (row: Row) => (await callAction(loadOrder, { repairOrderId: row.repairOrderId })).repairOrder,
    form: (order, done) => <OrderEditor order={order} done={done} />,
  });
  return (
    <ListScreen
      className="repair-order"
      title="Manage Repair Orders"
      action={loadOrders}
      noun={['repair order', 'repair orders']}
      columns={orderColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, vehicle or order number' },
        { name: 'locationId', kind: 'location' },
        { name: 'status', kind: 'select', placeholder: 'Any', data: optionsOf(orderStatuses, orderStatusLabels) },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.repairOrderId}
      rowLabel={(row) => `Repair order ${row.repairOrderId}`}
      onRowClick={(row) => editor.open(row)}
      emptyText="No repair orders match these filters; clear a filter or create an order."
      cells={{
        totalValue: (row) => formatMoney(row.valueCents),
        statusLabel: (row) => (
          <Badge color={row.status === 'open' ? 'blue' : 'gray'} variant="light" miw="fit-content">
            {row.statusLabel}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openModal(ADD_MODAL)}>
          New repair order
        </Button>
      }
    >
      <IdModal id={ADD_MODAL} title="New repair order" size="lg">
        <NewOrderForm locationId={params.get('locationId') ?? undefined} done={() => closeModal(ADD_MODAL)} />
      </IdModal>
      {editor.modal}
    </ListScreen>
  );
}
