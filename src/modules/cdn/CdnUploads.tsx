import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Checkbox, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { ListScreen } from '../../web/ui/ListScreen';
import { RecordForm, useRecordModal, useRowActions } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { notifySuccess } from '../../web/ui/notify';
import type { RowOf } from '../../shared/contract';
import { formatNumber } from '../../shared/format';
import {
  DELETE_UPLOAD_QUESTION,
  deleteUpload,
  editUpload,
  isImage,
  loadUpload,
  loadUploads,
  UPLOAD_SUCCESS_MS,
  UPLOAD_SUCCESSFUL,
  UPLOAD_UPDATED,
  uploadColumns,
  type UploadRecord,
} from './cdn.contract';

type Row = RowOf<typeof loadUploads>;

/** What compression saved, as the list and the modal show it: "412 KB → 96 KB (77% smaller)". */
export function sizeNote(contentSize: number, originalSize: number): string {
  const kb = (n: number) => `${formatNumber(Math.max(1, Math.round(n / 1024)))} KB`;
  if (contentSize >= originalSize) return kb(contentSize);
  return `${kb(originalSize)} → ${kb(contentSize)} (${Math.round((1 - contentSize / originalSize) * 100)}% smaller)`;
}

/** The edit-cdn-upload modal's form (seed 000): store, tags, description and state. */
function UploadForm({ record, done }: { record: UploadRecord; done: () => void }) {
  const form = useContractForm(editUpload, {
    initialValues: {
      locationId: String(record.locationId),
      tags: record.tags,
      description: record.description,
      active: record.active,
    },
    toInput: (values) => ({ ...values, uploadId: record.uploadId }),
    success: UPLOAD_UPDATED,
    reload: [loadUploads, loadUpload],
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The upload was not saved" submitLabel="Save upload" onCancel={done}>
      {isImage(record.contentType) && <Image src={record.url} alt={record.description} mah={180} fit="contain" />}
      <Text size="sm">
        <Anchor href={record.url} target="_blank" rel="noopener">
          {record.filename}
        </Anchor>{' '}
        · {record.contentType} · {sizeNote(record.contentSize, record.originalSize)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus {...form.field('description')} />
        <TextInput description="Separated by commas" {...form.field('tags')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
      </SimpleGrid>
      <Checkbox description="Served at its address; clear it to stop serving the file" {...form.checkbox('active')} />
    </RecordForm>
  );
}

/** cdn-uploads: the stores' files on the CDN, with the edit-cdn-upload modal. */
export default function CdnUploads() {
  const [params, setParams] = useSearchParams();
  // Seed 000: after an upload the add screen lands here with ?upload=success.
  useEffect(() => {
    if (params.get('upload') !== 'success') return;
    notifySuccess(UPLOAD_SUCCESSFUL, UPLOAD_SUCCESS_MS);
    setParams((p) => (p.delete('upload'), p), { replace: true });
  }, [params, setParams]);
  const modal = useRecordModal({
    id: 'edit-cdn-upload',
    title: (row: Row) => `Edit upload ${row.filename}`,
    load: async (row) => (await callAction(loadUpload, { uploadId: row.uploadId })).upload,
    form: (record, done) => <UploadForm record={record} done={done} />,
  });
  const rowActions = useRowActions(deleteUpload, {
    edit: (row: Row) => modal.open(row),
    question: () => DELETE_UPLOAD_QUESTION,
    input: (row) => ({ uploadId: row.uploadId }),
    success: 'Upload has been deleted!',
    reload: [loadUploads],
  });
  return (
    <ListScreen
      className="cdn-uploads"
      title="CDN uploads"
      action={loadUploads}
      noun={['upload', 'uploads']}
      columns={uploadColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Description, tag or file name' },
        { name: 'locationId', kind: 'location' },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Active' },
            { value: '0', label: 'Deleted' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.uploadId}
      rowLabel={(row) => row.description || row.filename}
      onRowClick={(row) => modal.open(row)}
      rowActions={rowActions}
      cells={{
        filename: (row) => (
          <Stack gap={0}>
            <Anchor href={row.url} target="_blank" rel="noopener" size="sm">
              {row.filename}
            </Anchor>
            <Text size="xs" c="dimmed">
              {row.url}
            </Text>
          </Stack>
        ),
        contentSize: (row) => sizeNote(row.contentSize, row.originalSize),
        active: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.active ? 'Active' : 'Deleted'}
          </Badge>
        ),
      }}
      toolbar={
        <Button component={Link} to="/tools/cdn/add" leftSection={<IconUpload size={16} />}>
          Upload files
        </Button>
      }
    >
      {modal.modal}
    </ListScreen>
  );
}
