import { Autocomplete, Checkbox, Fieldset, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatPhone } from '../../shared/format';
import { LocationFrame, useSaveLocationOptions } from './LocationFrame';
import { useLocationOptions } from '../../web/options/locationOptions';
import { saveLocation, US_TIME_ZONES, type Location } from './locations.contract';

function LocationForm({ location, canEdit }: { location?: Location; canEdit: boolean }) {
  const options = useLocationOptions();
  const form = useContractForm(saveLocation, {
    initialValues: {
      code: location?.code ?? '',
      name: location?.name ?? '',
      dealership: location?.dealership ?? '',
      region: location?.region ?? '',
      active: location?.active ?? true,
      collision: location?.collision ?? false,
      collisionOnly: location?.collisionOnly ?? false,
      url: location?.url ?? '',
      phone: formatPhone(location?.phone),
      street: location?.street ?? '',
      city: location?.city ?? '',
      state: location?.state ?? '',
      zip: location?.zip ?? '',
      timeZone: location?.timeZone ?? 'America/Denver',
    },
    toInput: (values) => ({ ...values, locationId: location?.id }),
    // The contract lets an edit send only some fields; a new location needs its code and name.
    check: (values) =>
      location
        ? {}
        : {
            ...(values.code ? {} : { code: 'A new location needs a code.' }),
            ...(values.name ? {} : { name: 'A new location needs a name.' }),
          },
    ...useSaveLocationOptions(location ? 'Location saved.' : 'Location added.'),
  });

  return (
    <Fieldset legend="Location" disabled={!canEdit}>
      <RecordForm
        buttons="start"
        form={form}
        failTitle="The location was not saved"
        submitLabel={location ? 'Save location' : 'Add location'}
        readOnly={!canEdit}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextInput description="2 to 8 letters or digits" {...form.field('code')} required={!location} />
          <TextInput {...form.field('name')} required={!location} />
          <TextInput description="The brand or business sold here" {...form.field('dealership')} />
          <Autocomplete data={options.data?.regions ?? []} {...form.field('region')} />
          <TextInput type="url" placeholder="https://" {...form.field('url')} />
          <TextInput type="tel" {...form.field('phone')} />
          <TextInput {...form.field('street')} />
          <TextInput {...form.field('city')} />
          <SimpleGrid cols={2}>
            <TextInput maxLength={2} {...form.field('state')} />
            <TextInput {...form.field('zip')} />
          </SimpleGrid>
          <Select data={[...US_TIME_ZONES]} allowDeselect={false} {...form.field('timeZone')} />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox {...form.checkbox('active')} />
          <Checkbox {...form.checkbox('collision')} />
          <Checkbox {...form.checkbox('collisionOnly')} />
        </Group>
      </RecordForm>
    </Fieldset>
  );
}

/** location-edit: a location's name, address, contact and flags. */
export default function LocationEdit() {
  return (
    <LocationFrame className="location-edit" tab="edit">
      {(location, canEdit) => (
        <LocationForm key={location ? JSON.stringify(location) : 'new'} location={location} canEdit={canEdit} />
      )}
    </LocationFrame>
  );
}
