/**
 * The lane's modal forms, shared by its screens: add-lead / edit-lead (the lead lists), add-vehicle /
 * edit-vehicle (seed 000's modals: the vehicles list and edit-delivery) and add-update (edit-delivery).
 */
import { SimpleGrid, TextInput } from '@mantine/core';
import { VinInput } from '../../web/options/VinInput';
import { vinProblem } from '../vehicles/vehicles.api';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { optionsOf } from '../../web/options/optionsOf';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { IdModal, closeModal } from '../../web/ui/modals';
import { RecordForm, useRecordModals } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { centsToDecimal } from '../../shared/format';
import {
  addLead,
  addUpdate,
  addVehicle,
  LEAD_ADDED,
  LEAD_SAVED,
  leadSourceLabels,
  leadSources,
  leadStatusLabels,
  leadStatuses,
  laneVehicleStatusLabels,
  laneVehicleStatuses,
  loadDeliveries,
  loadDelivery,
  loadLead,
  loadLeads,
  loadLocationLeads,
  loadVehicle,
  loadVehicles,
  saveLead,
  saveVehicle,
  UPDATE_ADDED,
  UPDATE_TEXT_MAX,
  VEHICLE_ADDED,
  VEHICLE_UPDATED,
  type LaneVehicleRecord,
  type LaneVehicleStatus,
  type LeadRecord,
  type LeadSource,
  type LeadStatus,
} from './clicklane.contract';

export const leadStatusOptions = optionsOf(leadStatuses, leadStatusLabels);
export const leadSourceOptions = optionsOf(leadSources, leadSourceLabels);
const vehicleStatusOptions = optionsOf(laneVehicleStatuses, laneVehicleStatusLabels);

function LeadForm({ record, locationId, done }: { record?: LeadRecord; locationId?: string; done: () => void }) {
  const form = useContractForm(record ? saveLead : addLead, {
    initialValues: {
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      customerName: record?.customerName ?? '',
      email: record?.email ?? '',
      phone: record?.phone ?? '',
      vehicleWanted: record?.vehicleWanted ?? '',
      source: (record?.source ?? 'phone') as LeadSource,
      status: (record?.status ?? 'new') as LeadStatus,
    },
    toInput: ({ status, ...values }) =>
      record ? { ...values, status, leadId: record.leadId, laneVehicleId: record.laneVehicleId ?? undefined } : values,
    success: record ? LEAD_SAVED : LEAD_ADDED,
    successMs: 4000,
    reload: [loadLeads, loadLocationLeads, loadLead],
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The lead was not saved"
      submitLabel={record ? 'Save lead' : 'Add lead'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus autoComplete="off" {...form.field('customerName')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
        <TextInput type="email" autoComplete="off" {...form.field('email')} />
        <TextInput type="tel" autoComplete="off" placeholder="(505) 555-0142" {...form.field('phone')} />
        <TextInput autoComplete="off" placeholder="2022 RAV4 XLE, white" {...form.field('vehicleWanted')} />
        <SearchableSelect data={leadSourceOptions} allowDeselect={false} {...form.field('source')} />
        {record && <SearchableSelect data={leadStatusOptions} allowDeselect={false} {...form.field('status')} />}
      </SimpleGrid>
    </RecordForm>
  );
}

/** The add-lead and edit-lead modals; a new lead is at the store the list is narrowed to. */
export function useLeadModals(locationId?: string) {
  return useRecordModals({
    addId: 'add-lead',
    editId: 'edit-lead',
    addTitle: 'Add lead',
    editTitle: (lead: { customerName: string }) => `Edit lead: ${lead.customerName}`,
    load: async (lead: { leadId: number; customerName: string }) =>
      (await callAction(loadLead, { leadId: lead.leadId })).lead,
    form: (record, done) => <LeadForm record={record} locationId={locationId} done={done} />,
  });
}

function VehicleForm({
  record,
  locationId,
  deliveryId,
  done,
}: {
  record?: LaneVehicleRecord;
  locationId?: string;
  deliveryId?: number;
  done: () => void;
}) {
  const form = useContractForm(record ? saveVehicle : addVehicle, {
    initialValues: {
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      vin: record?.vin ?? '',
      vinOverride: !!record && !!vinProblem(record.vin),
      stockNumber: record?.stockNumber ?? '',
      description: record?.description ?? '',
      price: record ? centsToDecimal(record.priceCents) : '',
      photosUrl: record?.photosUrl ?? '',
      status: (record?.status ?? 'available') as LaneVehicleStatus,
    },
    toInput: (values) => (record ? { ...values, vehicleId: record.vehicleId } : { ...values, deliveryId }),
    success: record ? VEHICLE_UPDATED : VEHICLE_ADDED,
    successMs: 4000,
    reload: [loadVehicles, loadVehicle, loadDelivery, loadDeliveries],
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The vehicle was not saved"
      submitLabel={record ? 'Save vehicle' : 'Add vehicle'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <VinInput form={form} data-autofocus />
        <TextInput autoComplete="off" {...form.field('stockNumber')} />
        <TextInput autoComplete="off" placeholder="2022 Toyota RAV4 XLE" {...form.field('description')} />
        <TextInput inputMode="decimal" placeholder="31,450.00" leftSection="$" {...form.field('price')} />
        <TextInput type="url" autoComplete="off" placeholder="https://" {...form.field('photosUrl')} />
        <SearchableSelect data={vehicleStatusOptions} allowDeselect={false} {...form.field('status')} />
        <LocationSelect form={form.form} {...form.field('locationId')} disabled={deliveryId !== undefined} />
      </SimpleGrid>
    </RecordForm>
  );
}

/** The add-vehicle and edit-vehicle modals; from a delivery, the vehicle added becomes the delivery's. */
export function useVehicleModals(options: { locationId?: string; deliveryId?: number } = {}) {
  return useRecordModals({
    addId: 'add-vehicle',
    editId: 'edit-vehicle',
    addTitle: 'Add vehicle',
    editTitle: (vehicle: { stockNumber: string }) => `Edit vehicle ${vehicle.stockNumber}`,
    load: async (vehicle: { vehicleId: number; stockNumber: string }) =>
      (await callAction(loadVehicle, { vehicleId: vehicle.vehicleId })).vehicle,
    form: (record, done) => (
      <VehicleForm record={record} locationId={options.locationId} deliveryId={options.deliveryId} done={done} />
    ),
  });
}

const ADD_UPDATE = 'add-update';

function UpdateForm({ deliveryId }: { deliveryId: number }) {
  const done = () => closeModal(ADD_UPDATE);
  const form = useContractForm(addUpdate, {
    initialValues: { text: '', photoUrl: '' },
    toInput: (values) => ({ ...values, deliveryId }),
    success: UPDATE_ADDED,
    successMs: 4000,
    reload: [loadDelivery, loadDeliveries],
    onSuccess: () => {
      form.form.reset();
      done();
    },
  });
  return (
    <RecordForm form={form} failTitle="The update was not added" submitLabel="Post update" onCancel={done}>
      <CountedTextarea
        data-autofocus
        autosize
        minRows={3}
        maxLength={UPDATE_TEXT_MAX}
        description="The customer reads it on their delivery page"
        {...form.field('text')}
      />
      <TextInput type="url" autoComplete="off" placeholder="https://" {...form.field('photoUrl')} />
    </RecordForm>
  );
}

/** The add-update modal of edit-delivery. */
export function AddUpdateModal({ deliveryId }: { deliveryId: number }) {
  return (
    <IdModal id={ADD_UPDATE} title="Post an update">
      <UpdateForm deliveryId={deliveryId} />
    </IdModal>
  );
}
export { ADD_UPDATE };
