import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { Form } from '../../web/ui/Form';
import { useFields } from '../../web/ui/useFields';
import { formatPhone } from '../../shared/format';
import { LocationFrame, useSaveLocation } from './LocationFrame';
import { saveLocationInput, type Location } from './locations.contract';

function ServiceForm({ location, canEdit }: { location: Location; canEdit: boolean }) {
  const form = useFields({
    serviceActive: location.serviceActive,
    servicePhone: formatPhone(location.servicePhone),
    serviceEmail: location.serviceEmail,
    serviceUrl: location.serviceUrl,
    serviceHours: location.serviceHours,
  });
  const save = useSaveLocation('Service settings saved.', form.markErrors);

  const submit = () => {
    const body = { ...form.values, locationId: location.id };
    if (!form.check(saveLocationInput, body)) return;
    save.mutate(body);
  };

  return (
    <Form onSubmit={submit}>
      <Fieldset legend="Service department" disabled={!canEdit}>
        <Stack>
          <Checkbox label="Service department open" description="Customers can book service at this location." {...form.checkbox('serviceActive')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Service phone" type="tel" {...form.text('servicePhone')} />
            <TextInput label="Service email" type="email" {...form.text('serviceEmail')} />
            <TextInput label="Service scheduling page" type="url" placeholder="https://" {...form.text('serviceUrl')} />
          </SimpleGrid>
          <CountedTextarea label="Service hours" description="As customers should read them, e.g. Mon–Fri 7:00–18:00" maxLength={500} {...form.text('serviceHours')} />
          <ActionAlert error={form.invalid ?? save.error} title="The service settings were not saved" />
          {canEdit && <Group><Button type="submit" loading={save.isPending}>Save service settings</Button></Group>}
        </Stack>
      </Fieldset>
    </Form>
  );
}

/** location-service-edit: a location's service department settings. */
export default function LocationServiceEdit() {
  return (
    <LocationFrame className="location-service-edit" tab="service">
      {(location, canEdit) => location
        ? <ServiceForm key={JSON.stringify(location)} location={location} canEdit={canEdit} />
        : <Alert color="yellow">Add the location first; its service settings follow.</Alert>}
    </LocationFrame>
  );
}
