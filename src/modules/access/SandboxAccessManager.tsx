import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { FlagCheckboxes } from '../../web/ui/FlagCheckboxes';
import { Form } from '../../web/ui/Form';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, confirm, IdModal, openModal } from '../../web/ui/modals';
import { RecordModal } from '../../web/ui/RecordModal';
import { useAction } from '../../web/ui/useAction';
import { useFields } from '../../web/ui/useFields';
import { callAction } from '../../web/api';
import { flagLabels, jobCodeFlags, type JobCodeFlag } from '../../shared/permissions';
import type { RowOf } from '../../shared/contract';
import {
  accessColumns, accessInput, addAccess, deleteAccess, editAccess, loadAccess, loadAccessList, type JobCodeRecord,
} from './access.contract';

const LIST = loadAccessList.path;
type Row = RowOf<typeof loadAccessList>;

function AccessForm({ record, modalId }: { record?: JobCodeRecord; modalId: string }) {
  const form = useFields({
    jobCode: record?.jobCode ?? '',
    longName: record?.longName ?? '',
    ...(Object.fromEntries(jobCodeFlags.map((f) => [f, record?.flags.includes(f) ?? false])) as Record<JobCodeFlag, boolean>),
  });
  const save = useAction(record ? editAccess : addAccess, {
    success: record ? 'Access updated!' : 'Access added!',
    successMs: 4000,
    reload: [LIST],
    onSuccess: () => closeModal(modalId),
    onError: form.markErrors,
  });
  const submit = () => {
    if (!form.check(accessInput, form.values)) return;
    save.mutate(form.values);
  };
  return (
    <Form onSubmit={submit}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Job code" description="Letters, digits, dashes; as the payroll system spells it." required disabled={!!record} data-autofocus={!record || undefined} {...form.text('jobCode')} />
          <TextInput label="Long name" required data-autofocus={!!record || undefined} {...form.text('longName')} />
        </SimpleGrid>
        {record && <Text size="sm" c="dimmed">{record.userCount} user{record.userCount === 1 ? '' : 's'} hold this job code; a change applies to them at their next step.</Text>}
        <Text fw={600} size="sm">Access</Text>
        <FlagCheckboxes flags={jobCodeFlags} checked={form.values} onChange={(flag, checked) => form.set(flag, checked)} />
        <ActionAlert error={form.invalid ?? save.error} title="The job code was not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(modalId)}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>{record ? 'Save job code' : 'Add job code'}</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** sandbox-access-manager: what each job code may use, with add-access and edit-access modals. */
export default function SandboxAccessManager() {
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useAction(deleteAccess, { success: 'Access deleted!', successMs: 4000, errors: 'alert', reload: [LIST] });
  const edit = (row: Row) => {
    setEditing(row.jobCode);
    openModal('edit-access');
  };
  const askDelete = async (row: Row) => {
    if (await confirm({ message: `Are you sure you want to delete job code ${row.jobCode} (${row.longName})?`, confirmLabel: 'Delete', danger: true })) {
      remove.mutate({ jobCode: row.jobCode });
    }
  };

  return (
    <ListScreen<Row>
      className="sandbox-access-manager"
      title="Access by job code"
      action={LIST}
      noun={['job code', 'job codes']}
      columns={accessColumns}
      filters={[{ name: 'query', label: 'Search', kind: 'search', placeholder: 'Job code or name' }]}
      rowKey={(row) => row.jobCode}
      rowLabel={(row) => row.jobCode}
      onRowClick={edit}
      rowActions={(row) => [
        { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(row) },
        { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: () => void askDelete(row) },
      ]}
      cells={{
        flags: (row) => (
          <Group gap={4}>
            {row.flags.length === 0 ? <Text size="sm" c="dimmed">None</Text> : row.flags.map((f) => <Badge key={f} size="sm" variant="light" tt="none">{flagLabels[f]}</Badge>)}
          </Group>
        ),
      }}
      toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => openModal('add-access')}>Add job code</Button>}
    >
      <IdModal id="add-access" title="Add job code" size="xl">
        <AccessForm modalId="add-access" />
      </IdModal>
      <RecordModal
        id="edit-access"
        title={`Edit job code ${editing ?? ''}`}
        size="xl"
        recordKey={[editing]}
        load={() => callAction(loadAccess, { jobCode: editing })}
      >
        {({ jobCode }) => <AccessForm record={jobCode} modalId="edit-access" />}
      </RecordModal>
    </ListScreen>
  );
}
