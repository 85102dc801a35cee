import { Badge, Button, Checkbox, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconFileCode, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { ListScreen } from '../../web/ui/ListScreen';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { useCan } from '../../web/shell/session';
import type { RowOf } from '../../shared/contract';
import {
  addItem,
  contentColumns,
  contentPageTypes,
  DELETE_CONTENT_QUESTION,
  deleteItem,
  loadItem,
  loadItems,
  pageTypeLabels,
  saveItem,
  type ContentItem,
  type ContentPageType,
} from './content.contract';

type Row = RowOf<typeof loadItems>;
const typeOptions = contentPageTypes.map((value) => ({ value, label: pageTypeLabels[value] }));

/** The add-item and save-item form; a saved item also carries published and locked (seed 001). */
function ContentForm({ record, locationId, done }: { record?: ContentItem; locationId?: string; done: () => void }) {
  const form = useContractForm(record ? saveItem : addItem, {
    initialValues: {
      title: record?.title ?? '',
      description: record?.description ?? '',
      content: record?.content ?? '',
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      serviceName: record?.serviceName ?? '',
      pageType: (record?.pageType ?? 'service') as ContentPageType,
      vehicleYear: record?.vehicleYear ? String(record.vehicleYear) : '',
      vehicleMake: record?.vehicleMake ?? '',
      vehicleModel: record?.vehicleModel ?? '',
      vehicleTrim: record?.vehicleTrim ?? '',
      pageUrl: record?.pageUrl ?? '',
      published: record?.published ?? false,
      locked: record?.locked ?? false,
    },
    toInput: (values) => (record ? { ...values, contentId: record.contentId } : values),
    success: record ? 'Content saved!' : 'Content added!',
    successMs: 4000,
    reload: [loadItems],
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The content item was not saved"
      submitLabel={record ? 'Save item' : 'Add item'}
      onCancel={done}
    >
      <TextInput
        data-autofocus
        autoComplete="off"
        description="Shortcodes such as [location_name] are filled in per store"
        {...form.field('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LocationSelect form={form.form} {...form.field('locationId')} name="locationId" />
        <TextInput autoComplete="off" placeholder="/service/oil-change" {...form.field('pageUrl')} />
        <SearchableSelect data={typeOptions} allowDeselect={false} {...form.field('pageType')} />
        <TextInput autoComplete="off" placeholder="Such as Oil change" {...form.field('serviceName')} />
      </SimpleGrid>
      <VehiclePicker
        form={form}
        names={{ year: 'vehicleYear', make: 'vehicleMake', model: 'vehicleModel', trim: 'vehicleTrim' }}
      />
      <TextInput autoComplete="off" {...form.field('description')} />
      <Textarea autosize minRows={6} description="A blank line starts a new paragraph" {...form.field('content')} />
      {record && (
        <Group>
          <Checkbox description="On the SEO page builder's to-do list" {...form.checkbox('published')} />
          <Checkbox description="Nobody changes or deletes it until it is unlocked" {...form.checkbox('locked')} />
        </Group>
      )}
    </RecordForm>
  );
}

/** The content engine (seed 001: /marketing/content-engine/, shown again after a delete). */
export default function ContentEngine() {
  const [params] = useSearchParams();
  const editor = useCan('marketingEditor');
  const records = useRecordModals({
    addId: 'add-content',
    editId: 'edit-content',
    addTitle: 'Add content item',
    editTitle: (row: Row) => row.title,
    size: 'xl',
    load: async (row: Row) => (await callAction(loadItem, { contentId: row.contentId })).item,
    form: (record, done) => (
      <ContentForm record={record} locationId={params.get('locationId') ?? undefined} done={done} />
    ),
  });
  const rowActions = useRowActions(deleteItem, {
    edit: (row: Row) => records.edit(row),
    question: () => DELETE_CONTENT_QUESTION,
    input: (row) => ({ contentId: row.contentId }),
    success: 'Content deleted!',
    successMs: 4000,
    reload: [loadItems],
    undoable: true,
  });
  return (
    <ListScreen
      className="content-engine"
      title="Content engine"
      action={loadItems}
      noun={['content item', 'content items']}
      columns={contentColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Title or page URL' },
        { name: 'locationId', kind: 'location' },
        { name: 'pageType', kind: 'select', placeholder: 'Any', data: typeOptions },
        {
          name: 'published',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Published' },
            { value: '0', label: 'Draft' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.contentId}
      rowLabel={(row) => row.title}
      onRowClick={(row) => records.edit(row)}
      rowActions={editor ? (row) => (row.locked ? rowActions(row).slice(0, 1) : rowActions(row)) : undefined}
      cells={{
        status: (row) => (
          <Badge variant="light" color={row.published ? 'teal' : 'gray'}>
            {row.status}
          </Badge>
        ),
      }}
      emptyText="No content items match these filters; clear a filter or add an item."
      toolbar={
        <Group gap="xs">
          <Button
            component={Link}
            variant="default"
            leftSection={<IconFileCode size={16} />}
            to={`/marketing/content-engine/compile?${new URLSearchParams([...params].filter(([k]) => ['locationId', 'pageType', 'published'].includes(k)))}`}
          >
            Compile
          </Button>
          {editor && (
            <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
              Add item
            </Button>
          )}
        </Group>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
