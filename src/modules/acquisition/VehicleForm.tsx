/**
 * The add-or-edit acquisition vehicle modal (seed 000, section 2): one form for both, the VIN checked
 * as it is typed with the same sentence the server answers.
 */
import { useState } from 'react';
import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { RecordForm, useRecordModals } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate } from '../../shared/format';
import { describeIssues } from '../../shared/validation';
import { decodeVin, normalizeVin, VIN_LENGTH } from '../vehicles/vehicles.api';
import {
  addVehicle,
  editVehicle,
  loadVehicle,
  loadVehicles,
  NOTES_MAX,
  VEHICLE_ADDED,
  VEHICLE_UPDATED,
  vehicleInput,
  vehicleTypeLabels,
  vehicleTypes,
  type VehicleRecord,
  type VehicleType,
} from './acquisition.contract';
import { optionsOf } from '../../web/options/optionsOf';

const vehicleTypeOptions = optionsOf(vehicleTypes, vehicleTypeLabels);

/** "2019 Toyota" from a VIN that passes its check, as far as the VIN tells; null otherwise. */
export function vehicleFromVin(vin: string): string | null {
  const { year, make } = decodeVin(vin);
  return [year, make].filter(Boolean).join(' ') || null;
}

const vinOnly = vehicleInput.pick({ vin: true });

/** The sentence the contract gives a VIN ("VIN: The check digit …"), or null when it passes. */
function vinSentence(raw: string): string | null {
  const checked = vinOnly.safeParse({ vin: raw });
  return checked.success ? null : (describeIssues(checked.error, vehicleInput).fieldErrors.vin ?? null);
}

function VehicleForm({ record, locationId, done }: { record?: VehicleRecord; locationId?: string; done: () => void }) {
  const form = useContractForm(record ? editVehicle : addVehicle, {
    initialValues: {
      vin: record?.vin ?? '',
      serviceTagNumber: record?.serviceTagNumber ?? '',
      vehicleType: (record?.vehicleType ?? '') as VehicleType | '',
      // A new vehicle is at the store the list is narrowed to, otherwise at the default one.
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      active: record?.active ?? true,
      notes: record?.notes ?? '',
    },
    toInput: (values) => (record ? { ...values, vehicleId: record.vehicleId } : values),
    success: record ? VEHICLE_UPDATED : VEHICLE_ADDED,
    successMs: 4000,
    reload: [loadVehicles],
    onSuccess: done,
  });
  // The VIN is judged once all of it is typed, or once the field is left: not on every keystroke
  // before that, when it is merely unfinished.
  const [vinLeft, setVinLeft] = useState(false);
  const vin = form.field('vin');
  const typed = normalizeVin(form.values.vin);
  const live = typed && (vinLeft || typed.length >= VIN_LENGTH) ? vinSentence(form.values.vin) : null;
  const decoded = typed && !live && typed.length === VIN_LENGTH ? vehicleFromVin(typed) : null;

  return (
    <RecordForm
      form={form}
      failTitle="The acquisition vehicle was not saved"
      submitLabel={record ? 'Save vehicle' : 'Add vehicle'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          placeholder="17 characters"
          description={decoded ?? "On the dashboard or the driver's door jamb"}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
          {...vin}
          error={vin.error ?? live}
          onBlur={(event) => {
            vin.onBlur?.(event);
            setVinLeft(true);
          }}
        />
        <TextInput
          autoComplete="off"
          description="From its service visit, if it had one"
          {...form.field('serviceTagNumber')}
        />
        <SearchableSelect data={vehicleTypeOptions} allowDeselect={false} {...form.field('vehicleType')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
      </SimpleGrid>
      <Checkbox
        description="Still being brought in; clear it once it has a stock number or the purchase fell through"
        {...form.checkbox('active')}
      />
      <CountedTextarea maxLength={NOTES_MAX} {...form.field('notes')} />
      {record && (
        <Text size="sm" c="dimmed">
          Added {formatDate(record.createdAt)}
          {record.createdByName ? ` by ${record.createdByName}` : ''}
          {record.updatedAt !== record.createdAt ? ` · last saved ${formatDate(record.updatedAt)}` : ''}
        </Text>
      )}
    </RecordForm>
  );
}

/** The add and edit modals; `locationId` is a new vehicle's store when the list is narrowed to one. */
export function useVehicleModals(locationId?: string) {
  return useRecordModals({
    addId: 'add-acquisition-vehicle',
    editId: 'edit-acquisition-vehicle',
    addTitle: 'Add acquisition vehicle',
    editTitle: (vehicle: { vin: string }) => `Edit acquisition vehicle ${vehicle.vin}`,
    load: async (vehicle: { vehicleId: number; vin: string }) =>
      (await callAction(loadVehicle, { vehicleId: vehicle.vehicleId })).vehicle,
    form: (record, done) => <VehicleForm record={record} locationId={locationId} done={done} />,
  });
}
