import { Badge, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FlagCheckboxes } from '../../web/ui/FlagCheckboxes';
import { ListScreen } from '../../web/ui/ListScreen';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { callAction } from '../../web/api';
import { flagLabels, jobCodeFlags, type JobCodeFlag } from '../../shared/permissions';
import type { RowOf } from '../../shared/contract';
import { showAlert } from '../../web/ui/modals';
import {
  accessColumns,
  addAccess,
  deleteAccess,
  editAccess,
  jobCodeOptions,
  loadAccess,
  loadAccessList,
  loadHolders,
  type JobCodeRecord,
} from './access.contract';

/**
 * A job code that users hold cannot be deleted: said before anything is asked, naming who holds it
 * (those within reach) and what to do.
 */
async function showHolders(row: Row) {
  const { holderCount, holders } = await callAction(loadHolders, { jobCode: row.jobCode });
  const named = holders.map((h) => `${h.name} (${h.username})`);
  const others = holderCount - named.length;
  const who = [...named, ...(others > 0 ? [`${others} more`] : [])].join(', ');
  showAlert(
    `${holderCount === 1 ? '1 user holds' : `${holderCount} users hold`} ${row.jobCode} (${row.longName}): ${who}. Give them another job code on their edit screens, then delete it.`,
    `Job code ${row.jobCode} is in use`,
  );
}

const ACCESS_LISTS = [loadAccessList, jobCodeOptions];
type Row = RowOf<typeof loadAccessList>;

function AccessForm({ record, done }: { record?: JobCodeRecord; done: () => void }) {
  const form = useContractForm(record ? editAccess : addAccess, {
    initialValues: {
      jobCode: record?.jobCode ?? '',
      longName: record?.longName ?? '',
      ...(Object.fromEntries(jobCodeFlags.map((f) => [f, record?.flags.includes(f) ?? false])) as Record<
        JobCodeFlag,
        boolean
      >),
    },
    success: record ? 'Access updated!' : 'Access added!',
    successMs: 4000,
    reload: ACCESS_LISTS,
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The job code was not saved"
      submitLabel={record ? 'Save job code' : 'Add job code'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          description="Letters, digits, dashes; as the payroll system spells it."
          disabled={!!record}
          data-autofocus={!record || undefined}
          {...form.field('jobCode')}
        />
        <TextInput data-autofocus={!!record || undefined} {...form.field('longName')} />
      </SimpleGrid>
      {record && (
        <Text size="sm" c="dimmed">
          {record.userCount} user{record.userCount === 1 ? '' : 's'} hold this job code; a change applies to them at
          their next step.
        </Text>
      )}
      <Text fw={600} size="sm">
        Access
      </Text>
      <FlagCheckboxes
        flags={jobCodeFlags}
        checked={form.values}
        onChange={(flag, checked) => form.form.setFieldValue(flag, checked)}
      />
    </RecordForm>
  );
}

/** sandbox-access-manager: what each job code may use, with add-access and edit-access modals. */
export default function SandboxAccessManager() {
  const records = useRecordModals({
    addId: 'add-access',
    editId: 'edit-access',
    addTitle: 'Add job code',
    editTitle: (code: string) => `Edit job code ${code}`,
    size: 'xl',
    load: async (code) => (await callAction(loadAccess, { jobCode: code })).jobCode,
    form: (record, done) => <AccessForm record={record} done={done} />,
  });
  const rowActions = useRowActions(deleteAccess, {
    edit: (row: Row) => records.edit(row.jobCode),
    question: (row) => `Are you sure you want to delete job code ${row.jobCode} (${row.longName})?`,
    input: (row) => ({ jobCode: row.jobCode }),
    success: 'Access deleted!',
    successMs: 4000,
    reload: ACCESS_LISTS,
    undoable: true,
  });

  return (
    <ListScreen
      className="sandbox-access-manager"
      title="Access by job code"
      action={loadAccessList}
      noun={['job code', 'job codes']}
      columns={accessColumns}
      filters={[{ name: 'query', kind: 'search', placeholder: 'Job code or name' }]}
      rowKey={(row) => row.jobCode}
      rowLabel={(row) => row.jobCode}
      onRowClick={(row) => records.edit(row.jobCode)}
      rowActions={(row) => {
        const [edit, remove] = rowActions(row);
        return [edit, row.userCount > 0 ? { ...remove, onClick: () => void showHolders(row) } : remove];
      }}
      cells={{
        flags: (row) => (
          <Group gap={4}>
            {row.flags.length === 0 ? (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ) : (
              row.flags.map((f) => (
                <Badge key={f} size="sm" variant="light" tt="none">
                  {flagLabels[f]}
                </Badge>
              ))
            )}
          </Group>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
          Add job code
        </Button>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
