import { Alert, Checkbox, Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatPhone } from '../../shared/format';
import { LocationFrame, useSaveLocationOptions } from './LocationFrame';
import { saveLocation, type Location } from './locations.contract';

function ServiceForm({ location, canEdit }: { location: Location; canEdit: boolean }) {
  const form = useContractForm(saveLocation, {
    initialValues: {
      serviceActive: location.serviceActive,
      servicePhone: formatPhone(location.servicePhone),
      serviceEmail: location.serviceEmail,
      serviceUrl: location.serviceUrl,
      serviceHours: location.serviceHours,
    },
    toInput: (values) => ({ ...values, locationId: location.id }),
    ...useSaveLocationOptions('Service settings saved.'),
  });

  return (
    <Fieldset legend="Service department" disabled={!canEdit}>
      <RecordForm
        buttons="start"
        form={form}
        failTitle="The service settings were not saved"
        submitLabel="Save service settings"
        readOnly={!canEdit}
      >
        <Checkbox description="Customers can book service at this location." {...form.checkbox('serviceActive')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput type="tel" {...form.field('servicePhone')} />
          <TextInput type="email" {...form.field('serviceEmail')} />
          <TextInput type="url" placeholder="https://" {...form.field('serviceUrl')} />
        </SimpleGrid>
        <CountedTextarea
          description="As customers should read them, e.g. Mon–Fri 7:00–18:00"
          maxLength={500}
          {...form.field('serviceHours')}
        />
      </RecordForm>
    </Fieldset>
  );
}

/** location-service-edit: a location's service department settings. */
export default function LocationServiceEdit() {
  return (
    <LocationFrame className="location-service-edit" tab="service">
      {(location, canEdit) =>
        location ? (
          <ServiceForm key={JSON.stringify(location)} location={location} canEdit={canEdit} />
        ) : (
          <Alert color="yellow">Add the location first; its service settings follow.</Alert>
        )
      }
    </LocationFrame>
  );
}
