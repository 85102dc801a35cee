import { useState } from 'react';
import { Autocomplete, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ActionError } from '../../web/api';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { useFields } from '../../web/ui/useFields';
import { validate } from '../../web/ui/validate';
import { formatPhone } from '../../shared/format';
import { LocationFrame, useSaveLocation } from './LocationFrame';
import { useLocationOptions } from '../../web/options/locationOptions';
import { saveLocationInput, US_TIME_ZONES, type Location } from './locations.contract';

function LocationForm({ location, canEdit }: { location?: Location; canEdit: boolean }) {
  const options = useLocationOptions();
  const form = useFields({
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
  });
  const [invalid, setInvalid] = useState<ActionError | null>(null);
  const save = useSaveLocation(location ? 'Location saved.' : 'Location added.', form.markErrors);

  const submit = () => {
    const body = { ...form.values, locationId: location?.id };
    const checked = validate(saveLocationInput, body);
    if (checked.error) {
      setInvalid(checked.error);
      form.markErrors(checked.error);
      return;
    }
    if (!location && (!form.values.code || !form.values.name)) {
      form.setErrors({ ...(form.values.code ? {} : { code: 'A new location needs a code.' }), ...(form.values.name ? {} : { name: 'A new location needs a name.' }) });
      return;
    }
    setInvalid(null);
    save.mutate(body);
  };

  return (
    <Form onSubmit={submit}>
      <Fieldset legend="Location" disabled={!canEdit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <TextInput label="Code" description="2 to 8 letters or digits" required {...form.text('code')} />
            <TextInput label="Name" required {...form.text('name')} />
            <TextInput label="Dealership" description="The brand or business sold here" {...form.text('dealership')} />
            <Autocomplete label="Region" data={options.data?.regions ?? []} value={form.values.region} onChange={(v) => form.set('region', v)} error={form.errors.region} name="region" />
            <TextInput label="Website" type="url" placeholder="https://" {...form.text('url')} />
            <TextInput label="Phone" type="tel" {...form.text('phone')} />
            <TextInput label="Street" {...form.text('street')} />
            <TextInput label="City" {...form.text('city')} />
            <SimpleGrid cols={2}>
              <TextInput label="State" maxLength={2} {...form.text('state')} />
              <TextInput label="ZIP code" {...form.text('zip')} />
            </SimpleGrid>
            <Select label="Time zone" data={[...US_TIME_ZONES]} allowDeselect={false} {...form.select('timeZone')} />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox label="Active" {...form.checkbox('active')} />
            <Checkbox label="Collision center" {...form.checkbox('collision')} />
            <Checkbox label="Collision only" {...form.checkbox('collisionOnly')} />
          </Group>
          <ActionAlert error={invalid ?? save.error} title="The location was not saved" />
          {canEdit && <Group><Button type="submit" loading={save.isPending}>{location ? 'Save location' : 'Add location'}</Button></Group>}
        </Stack>
      </Fieldset>
    </Form>
  );
}

/** location-edit: a location's name, address, contact and flags. */
export default function LocationEdit() {
  return (
    <LocationFrame className="location-edit" tab="edit">
      {(location, canEdit) => <LocationForm key={location ? JSON.stringify(location) : 'new'} location={location} canEdit={canEdit} />}
    </LocationFrame>
  );
}
