/**
 * edit-delivery (seed 000): one delivery, `?deliveryId=`, or a new one for a lead, `?leadId=`. The
 * delivery's form (save-delivery: 'Delivery saved.'), its car with the add-vehicle and edit-vehicle
 * modals, and the updates the customer reads with the add-update and delete-update modals.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCar, IconEdit, IconMessagePlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { useCan } from '../../web/shell/session';
import { DateField } from '../../web/ui/DateField';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useContractForm } from '../../web/ui/useContractForm';
import { optionsOf } from '../../web/options/optionsOf';
import { dayFromToday, formatDate, formatDateTime, formatPhone } from '../../shared/format';
import {
  DELETE_UPDATE_QUESTION,
  DELIVERY_SAVED,
  deleteUpdate,
  deliveryHref,
  deliveryStatusLabels,
  deliveryStatuses,
  loadDeliveries,
  loadDelivery,
  loadLead,
  loadLeads,
  loadLocationLeads,
  loadVehicles,
  saveDelivery,
  UPDATE_DELETED,
  type DeliveryRecord,
  type DeliveryStatus,
  type LaneUpdate,
} from './clicklane.contract';
import { deliveryStatusColors } from './AccessDeliveries';
import { ADD_UPDATE, AddUpdateModal, useVehicleModals } from './LaneForms';
import { VinSlot } from '../../web/slots';

const LIST = '/clicklane/deliveries/';
const statusOptions = optionsOf(deliveryStatuses, deliveryStatusLabels);

interface Subject {
  leadId: number;
  locationId: number;
  customerName: string;
  deliveryId?: number;
  vehicleId: number | null;
  scheduledDate?: string;
  deliveredDate?: string | null;
  status?: DeliveryStatus;
  address?: string;
}

/** The cars the delivering store offers, and the delivery's own, for the vehicle select. */
function useVehicleChoices(locationId: number, current: number | null) {
  const offered = useActionQuery(loadVehicles, { locationId, limit: 100, view: 'rows' });
  const rows = offered.data?.rows ?? [];
  return rows
    .filter((v) => v.status === 'available' || v.vehicleId === current)
    .map((v) => ({ value: String(v.vehicleId), label: `${v.stockNumber} · ${v.description || v.vin}` }));
}

function DeliveryForm({ subject }: { subject: Subject }) {
  const navigate = useNavigate();
  const choices = useVehicleChoices(subject.locationId, subject.vehicleId);
  // A new delivery starts three days out: inspection, detail and paperwork.
  const [firstDay] = useState(() => dayFromToday(3));
  const form = useContractForm(saveDelivery, {
    initialValues: {
      scheduledDate: subject.scheduledDate ?? firstDay,
      deliveredDate: subject.deliveredDate ?? '',
      status: subject.status ?? ('scheduled' as DeliveryStatus),
      address: subject.address ?? '',
      vehicleId: subject.vehicleId ? String(subject.vehicleId) : '',
    },
    toInput: (values) => ({ ...values, leadId: subject.leadId, deliveryId: subject.deliveryId }),
    success: DELIVERY_SAVED,
    successMs: 4000,
    reload: [loadDelivery, loadDeliveries, loadLeads, loadLocationLeads, loadVehicles],
    onSuccess: (data) => {
      if (!subject.deliveryId) void navigate(deliveryHref(data.deliveryId), { replace: true });
    },
  });
  const delivered = form.values.status === 'delivered';
  const status = form.field('status');
  return (
    <RecordForm form={form} failTitle="The delivery was not saved" submitLabel="Save delivery" buttons="start">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField {...form.field('scheduledDate')} />
        <SearchableSelect
          data={statusOptions}
          allowDeselect={false}
          {...status}
          onChange={(value) => {
            status.onChange(value);
            // Delivered today, unless the day is changed.
            if (value === 'delivered' && !form.values.deliveredDate) {
              form.form.setFieldValue('deliveredDate', formatDate(new Date()));
            }
          }}
        />
        {(delivered || form.values.deliveredDate) && <DateField {...form.field('deliveredDate')} />}
        <SearchableSelect data={choices} placeholder="None yet" {...form.field('vehicleId')} />
      </SimpleGrid>
      <TextInput autoComplete="street-address" placeholder="Street, city, state and ZIP" {...form.field('address')} />
    </RecordForm>
  );
}

function VehicleCard({ record }: { record: DeliveryRecord }) {
  const mayEdit = useCan('stockNumberAdmin');
  const modals = useVehicleModals({
    locationId: String(record.delivery.locationId),
    deliveryId: record.delivery.deliveryId,
  });
  const { vehicle } = record;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Group gap={6}>
              <IconCar size={18} />
              Vehicle
            </Group>
          </Title>
          {mayEdit && (
            <Group gap="xs">
              {vehicle && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => modals.edit(vehicle)}
                >
                  Edit vehicle
                </Button>
              )}
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={modals.add}>
                Add vehicle
              </Button>
            </Group>
          )}
        </Group>
        {vehicle ? (
          <Text size="sm" data-testid="delivery-vehicle">
            <strong>{vehicle.description || vehicle.vin}</strong> · stock {vehicle.stockNumber} · {vehicle.price} ·{' '}
            {vehicle.statusLabel}
            <br />
            <Text component="span" ff="monospace" size="xs">
              <VinSlot vin={vehicle.vin} />
            </Text>
            {vehicle.photosUrl && (
              <>
                {' · '}
                <Anchor href={vehicle.photosUrl} target="_blank" rel="noreferrer" size="xs">
                  Photos
                </Anchor>
              </>
            )}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No car is picked for this delivery yet.
          </Text>
        )}
      </Stack>
      {mayEdit && modals.modals}
    </Card>
  );
}

function DeleteUpdateModal({ update, onDone }: { update: LaneUpdate | null; onDone: () => void }) {
  const remove = useAction(deleteUpdate, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    success: UPDATE_DELETED,
    successMs: 4000,
    reload: [loadDelivery, loadDeliveries],
    onSuccess: () => {
      closeModal('delete-update');
      onDone();
    },
  });
  return (
    <IdModal id="delete-update" title="Delete update" onClose={onDone}>
      <Stack>
        <Text size="sm">{DELETE_UPDATE_QUESTION}</Text>
        {update && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            “{update.text}”
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal('delete-update')}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => update && remove.mutate({ updateId: update.updateId })}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </IdModal>
  );
}

function Updates({ record }: { record: DeliveryRecord }) {
  const [doomed, setDoomed] = useState<LaneUpdate | null>(null);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Updates for the customer
          </Title>
          <Button size="xs" leftSection={<IconMessagePlus size={14} />} onClick={() => openModal(ADD_UPDATE)}>
            Post update
          </Button>
        </Group>
        {record.updates.length === 0 && (
          <Text size="sm" c="dimmed">
            No updates yet. The customer sees each one on their delivery page.
          </Text>
        )}
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          className="delivery-updates"
        >
          {record.updates.map((u) => (
            <li key={u.updateId}>
              <Card withBorder padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {u.text}
                    </Text>
                    {u.photoUrl && (
                      <Anchor href={u.photoUrl} target="_blank" rel="noreferrer" size="sm">
                        Photo
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(u.createdAt)}
                      {u.authorName ? ` · ${u.authorName}` : ''}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete update of ${formatDateTime(u.createdAt)}`}
                    title="Delete update"
                    onClick={() => {
                      setDoomed(u);
                      openModal('delete-update');
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      </Stack>
      <AddUpdateModal deliveryId={record.delivery.deliveryId} />
      <DeleteUpdateModal update={doomed} onDone={() => setDoomed(null)} />
    </Card>
  );
}

function Existing({ deliveryId }: { deliveryId: number }) {
  const query = useActionQuery(loadDelivery, { deliveryId }, { staleTime: 0 });
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) return <Failed error={query.error} />;
  const record = query.data;
  const { delivery } = record;
  return (
    <>
      <div>
        <Group gap="sm">
          <Title order={1}>{delivery.customerName}</Title>
          <Badge color={deliveryStatusColors[delivery.status]} variant="light" data-testid="delivery-status">
            {delivery.statusLabel}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {delivery.locationName}
          {delivery.email ? ` · ${delivery.email}` : ''}
          {delivery.phone ? ` · ${formatPhone(delivery.phone)}` : ''}
        </Text>
      </div>
      <Card withBorder padding="md">
        <DeliveryForm key={delivery.updatedAt} subject={{ ...delivery, vehicleId: delivery.vehicleId }} />
      </Card>
      <VehicleCard record={record} />
      <Updates record={record} />
    </>
  );
}

function New({ leadId }: { leadId: number }) {
  const query = useActionQuery(loadLead, { leadId });
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) return <Failed error={query.error} />;
  const { lead } = query.data;
  return (
    <>
      <div>
        <Title order={1}>Schedule a delivery for {lead.customerName}</Title>
        <Text c="dimmed" size="sm">
          {lead.locationName}
          {lead.vehicleWanted ? ` · wants ${lead.vehicleWanted}` : ''}
        </Text>
      </div>
      <Card withBorder padding="md">
        <DeliveryForm
          subject={{
            leadId: lead.leadId,
            locationId: lead.locationId,
            customerName: lead.customerName,
            vehicleId: lead.laneVehicleId,
          }}
        />
      </Card>
    </>
  );
}

const Loading = () => (
  <Center h={240}>
    <Loader aria-label="Loading" />
  </Center>
);
const Failed = ({ error }: { error: unknown }) => (
  <Alert color="red" title="This delivery could not be loaded">
    {errorMessage(error)}
  </Alert>
);

export default function EditDelivery() {
  const [params] = useSearchParams();
  const deliveryId = Number(params.get('deliveryId')) || 0;
  const leadId = Number(params.get('leadId')) || 0;
  return (
    <div className="edit-delivery">
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Deliveries
          </Group>
        </Anchor>
        {deliveryId ? (
          <Existing key={deliveryId} deliveryId={deliveryId} />
        ) : leadId ? (
          <New leadId={leadId} />
        ) : (
          <Alert color="red" title="No delivery">
            Open a delivery from the deliveries list, or schedule one from a lead.
          </Alert>
        )}
      </Stack>
    </div>
  );
}
