/**
 * The add-or-edit acquisition vehicle modal (seed 000, section 2): one form for both, the VIN checked
 * as it is typed with the same sentence the server answers.
 */
import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import { callAction } from '../../web/api';
import { useVehicleFromVin, VinInput } from '../../web/options/VinInput';
import { LocationSelect } from '../../web/options/LocationSelect';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { RecordForm, useRecordModals } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate } from '../../shared/format';
import { vinProblem } from '../vehicles/vehicles.api';
import {
  addVehicle,
  editVehicle,
  loadVehicle,
  loadVehicles,
  NOTES_MAX,
  VEHICLE_ADDED,
  VEHICLE_UPDATED,
  vehicleTypeLabels,
  vehicleTypes,
  type VehicleRecord,
  type VehicleType,
} from './acquisition.contract';
import { optionsOf } from '../../web/options/optionsOf';
import { VinSlot } from '../../web/slots';

const vehicleTypeOptions = optionsOf(vehicleTypes, vehicleTypeLabels);

/** A list cell's second line: the vehicle its VIN names (NHTSA's vPIC data), when it names one. */
export function VehicleFromVin({ vin }: { vin: string }) {
  const vehicle = useVehicleFromVin(vinProblem(vin) ? null : vin);
  return vehicle ? (
    <Text component="span" display="block" size="xs" c="dimmed">
      {vehicle}
    </Text>
  ) : null;
}

function VehicleForm({ record, locationId, done }: { record?: VehicleRecord; locationId?: string; done: () => void }) {
  const form = useContractForm(record ? editVehicle : addVehicle, {
    initialValues: {
      vin: record?.vin ?? '',
      // A stored VIN that fails its check was kept as typed when it was saved.
      vinOverride: !!record && !!vinProblem(record.vin),
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

  return (
    <RecordForm
      form={form}
      failTitle="The acquisition vehicle was not saved"
      submitLabel={record ? 'Save vehicle' : 'Add vehicle'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <VinInput form={form} data-autofocus description="On the dashboard or the driver's door jamb" />
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
          {' · every record of '}
          <VinSlot vin={record.vin} />
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
