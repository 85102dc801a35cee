import { Link, useNavigate } from 'react-router';
import {
  Anchor,
  Fieldset,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { VinInput } from '../../web/options/VinInput';
import type { UseFormReturnType } from '@mantine/form';
import { callAction } from '../../web/api';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { DateField } from '../../web/ui/DateField';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate } from '../../shared/format';
import { loadOrders, loadShippingLocation, newOrder, ORDER_MS, ORDER_SUCCESSFUL } from './shipping.contract';

type End = 'origin' | 'destination';
type Field = (name: any) => Record<string, unknown>;

/** Tomorrow, the earliest a carrier picks up, as YYYY-MM-DD on the user's calendar. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return formatDate(d);
}

/** One end of the trip: a store (its address filled from shipping/load-locations) or an address typed in. */
function EndFields({
  end,
  form,
  field,
  store,
}: {
  end: End;
  form: UseFormReturnType<any>;
  field: Field;
  store: boolean;
}) {
  const locations = useLocationOptions();
  const fill = async (value: string | null) => {
    form.setFieldValue(`${end}LocationId`, value ?? '');
    if (!value) return;
    const { location } = await callAction(loadShippingLocation, { id: value });
    form.setValues({
      [`${end}Name`]: location.name,
      [`${end}AddressOne`]: location.street,
      [`${end}City`]: location.city,
      [`${end}State`]: location.state,
      [`${end}Zipcode`]: location.zip,
    });
  };
  return (
    <Stack gap="sm">
      {store && (
        <SearchableSelect
          {...field(`${end}LocationId`)}
          data={locationSelectData(locations.data)}
          clearable
          onChange={(value) => void fill(value)}
          description="Fills the name and address"
        />
      )}
      <TextInput {...field(`${end}Name`)} description={store ? undefined : "The customer's name"} />
      <TextInput {...field(`${end}AddressOne`)} autoComplete="off" />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <TextInput {...field(`${end}City`)} />
        <TextInput {...field(`${end}State`)} maxLength={2} />
        <TextInput {...field(`${end}Zipcode`)} inputMode="numeric" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * new-vehicle-shipment (seed 002): a vehicle ordered moved from a store to another store or to a
 * customer. Fields the server refuses are highlighted by name (its `data.fields`).
 */
export default function NewVehicleShipment() {
  const navigate = useNavigate();
  const form = useContractForm(newOrder, {
    initialValues: {
      originLocationId: '',
      originName: '',
      originAddressOne: '',
      originCity: '',
      originState: '',
      originZipcode: '',
      customerAddress: false,
      destinationLocationId: '',
      destinationName: '',
      destinationAddressOne: '',
      destinationCity: '',
      destinationState: '',
      destinationZipcode: '',
      vin: '',
      vinOverride: false,
      stock: '',
      year: '',
      make: '',
      model: '',
      pickupDate: tomorrow(),
      notes: '',
    },
    success: (reply) => `${ORDER_SUCCESSFUL} Carrier reference ${reply.reference}.`,
    successMs: ORDER_MS,
    reload: [loadOrders],
    onSuccess: () => navigate('/shipping/'),
  });
  const toCustomer = form.values.customerAddress;
  return (
    <div className="new-vehicle-shipment">
      <Group justify="space-between" mb="md">
        <Title order={1}>Ship a vehicle</Title>
        <Anchor component={Link} to="/shipping/">
          All shipments
        </Anchor>
      </Group>
      <Stack maw={760}>
        <RecordForm form={form} failTitle="The shipment was not ordered" submitLabel="Order shipment">
          <Fieldset legend="From">
            <EndFields end="origin" form={form.form} field={form.field} store />
          </Fieldset>
          <Fieldset legend="To">
            <Stack gap="sm">
              <SegmentedControl
                aria-label="Destination"
                value={toCustomer ? 'customer' : 'store'}
                onChange={(value) =>
                  form.form.setValues({ customerAddress: value === 'customer', destinationLocationId: '' })
                }
                data={[
                  { value: 'store', label: 'One of our stores' },
                  { value: 'customer', label: 'A customer' },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              <EndFields end="destination" form={form.form} field={form.field} store={!toCustomer} />
            </Stack>
          </Fieldset>
          <Fieldset legend="Vehicle">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <VinInput form={form} />
                <TextInput {...form.field('stock')} />
              </SimpleGrid>
              <VehiclePicker form={form} vin={form.values.vin} withoutTrim />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateField {...form.field('pickupDate')} />
                <Textarea
                  {...form.field('notes')}
                  autosize
                  minRows={1}
                  placeholder="Gate codes, who to call on arrival"
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        </RecordForm>
      </Stack>
    </div>
  );
}
