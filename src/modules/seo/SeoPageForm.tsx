import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { LocationSelect } from '../../web/options/LocationSelect';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { contentPageTypes, pageTypeLabels, type ContentPageType } from '../content/content.contract';
import {
  addPage,
  editPage,
  loadPages,
  loadPlannerPages,
  PAGE_ADDED,
  PAGE_NOTIFY_MS,
  PAGE_UPDATED,
  type SeoPage,
} from './seo.contract';

export const pageTypeOptions = contentPageTypes.map((value) => ({ value, label: pageTypeLabels[value] }));

/** The add-page and edit-page form: seed 002's SEO page fields, the vehicle from the catalogue's picker. */
export function SeoPageForm({ record, done }: { record?: SeoPage; done: () => void }) {
  const form = useContractForm(record ? editPage : addPage, {
    initialValues: {
      pageUrl: record?.pageUrl ?? '',
      displayText: record?.displayText ?? '',
      serviceName: record?.serviceName ?? '',
      helpful: record?.helpful ?? false,
      locationId: record ? String(record.locationId) : '',
      pageType: (record?.pageType ?? 'service') as ContentPageType,
      vehicleYear: record?.vehicleYear ? String(record.vehicleYear) : '',
      vehicleMake: record?.vehicleMake ?? '',
      vehicleModel: record?.vehicleModel ?? '',
      vehicleTrim: record?.vehicleTrim ?? '',
    },
    toInput: (values) => (record ? { ...values, pageId: record.pageId } : values),
    success: record ? PAGE_UPDATED : PAGE_ADDED,
    successMs: PAGE_NOTIFY_MS,
    reload: [loadPages, loadPlannerPages],
    onSuccess: done,
  });
  const fixed = record?.createdWithDDCAPI === 1;
  return (
    <RecordForm
      form={form}
      failTitle="The SEO page was not saved"
      submitLabel={record ? 'Save page' : 'Add page'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LocationSelect form={form.form} disabled={fixed} {...form.field('locationId')} name="locationId" />
        <TextInput
          data-autofocus
          autoComplete="off"
          placeholder="/service/oil-change"
          description={
            fixed ? 'Built with the CMS: the website keeps it at this address' : 'The path on the store’s website'
          }
          disabled={fixed}
          {...form.field('pageUrl')}
        />
        <TextInput autoComplete="off" placeholder="Oil change in Albuquerque" {...form.field('displayText')} />
        <SearchableSelect data={pageTypeOptions} allowDeselect={false} {...form.field('pageType')} />
        <TextInput autoComplete="off" placeholder="Such as Oil change" {...form.field('serviceName')} />
      </SimpleGrid>
      <VehiclePicker
        form={form}
        names={{ year: 'vehicleYear', make: 'vehicleMake', model: 'vehicleModel', trim: 'vehicleTrim' }}
      />
      <Checkbox description="The page brings visits to the store’s website" {...form.checkbox('helpful')} />
    </RecordForm>
  );
}
