/**
 * Incentives (seed 000: add-incentive and edit-incentive modals, 'Incentive has been added!' …): a
 * store's incentives and the group's, with the form both modals share. The amount is typed in dollars.
 */
import { useSearchParams } from 'react-router';
import { Badge, Button, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { useCan, useSignedIn } from '../../web/shell/session';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { DateField } from '../../web/ui/DateField';
import { ListScreen } from '../../web/ui/ListScreen';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate, formatMoney } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import { listYears } from '../vehicles/vehicles.contract';
import {
  addIncentive,
  deleteIncentive,
  INCENTIVE_ADDED,
  INCENTIVE_DELETE_QUESTION,
  INCENTIVE_DELETED,
  INCENTIVE_TERMS_MAX,
  INCENTIVE_UPDATED,
  incentiveColumns,
  incentiveTypeLabels,
  incentiveTypes,
  loadIncentive,
  loadIncentives,
  saveIncentive,
  type IncentiveRecord,
  type IncentiveType,
} from './incentives.contract';
import { optionsOf } from '../../web/options/optionsOf';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Row = RowOf<typeof loadIncentives>;
const typeOptions = optionsOf(incentiveTypes, incentiveTypeLabels);

function IncentiveForm({
  record,
  locationId,
  readOnly,
  done,
}: {
  record?: IncentiveRecord;
  locationId?: string;
  readOnly?: boolean;
  done: () => void;
}) {
  const locations = useLocationOptions();
  const groupWide = useSignedIn().user.reach === 'group';
  const years = useActionQuery(listYears, {}, { staleTime: 60 * 60_000 });
  const thisYear = String(new Date().getFullYear());
  const today = formatDate(new Date());
  const form = useContractForm(record ? saveIncentive : addIncentive, {
    initialValues: {
      name: record?.name ?? '',
      amount: record?.amount ?? '',
      type: (record?.type ?? '') as IncentiveType | '',
      locationId: record ? (record.locationId ? String(record.locationId) : '') : (locationId ?? ''),
      minYear: record ? String(record.minYear) : thisYear,
      maxYear: record ? String(record.maxYear) : thisYear,
      make: record?.make ?? '',
      model: record?.model ?? '',
      startDate: record?.startDate ?? today,
      endDate: record?.endDate ?? today,
      description: record?.description ?? '',
      active: record?.active ?? true,
      enabledByDefault: record?.enabledByDefault ?? false,
    },
    toInput: (values) => (record ? { ...values, incentiveId: record.incentiveId } : values),
    success: record ? INCENTIVE_UPDATED : INCENTIVE_ADDED,
    successMs: 4000,
    reload: [loadIncentives],
    onSuccess: done,
  });
  const yearData = (years.data?.years ?? []).map(String);

  return (
    <RecordForm
      form={form}
      failTitle="The incentive was not saved"
      submitLabel={record ? 'Save incentive' : 'Add incentive'}
      onCancel={done}
      readOnly={readOnly}
    >
      {readOnly && (
        <Text size="sm" c="dimmed">
          {record?.locationId === null
            ? "The group's incentive: a manager of every store changes it."
            : 'A sales manager changes incentives.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus autoComplete="off" placeholder="Such as RAV4 customer cash" {...form.field('name')} />
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          placeholder="0.00"
          {...form.field('amount')}
        />
        <SearchableSelect data={typeOptions} allowDeselect={false} {...form.field('type')} />
        <SearchableSelect
          data={locationSelectData(locations.data)}
          clearable
          placeholder="Whole group (every store)"
          description={groupWide ? 'Leave empty for every store of the group' : undefined}
          {...form.field('locationId')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <SearchableSelect
          data={
            form.values.minYear && !yearData.includes(form.values.minYear)
              ? [form.values.minYear, ...yearData]
              : yearData
          }
          allowDeselect={false}
          {...form.field('minYear')}
        />
      </SimpleGrid>
      <VehiclePicker form={form} names={{ year: 'maxYear' }} withoutTrim />
      <Text size="xs" c="dimmed">
        Leave the make empty for any vehicle, or the model for any model of the make.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField {...form.field('startDate')} />
        <DateField {...form.field('endDate')} />
      </SimpleGrid>
      <CountedTextarea maxLength={INCENTIVE_TERMS_MAX} autosize minRows={2} {...form.field('description')} />
      <Group>
        <Checkbox {...form.checkbox('active')} />
        <Checkbox description="The price builder applies it to a new quote" {...form.checkbox('enabledByDefault')} />
      </Group>
    </RecordForm>
  );
}

/** incentives: a store's and the group's vehicle incentives, with the add and edit modals. */
export default function Incentives() {
  const [params] = useSearchParams();
  const manager = useCan('salesManager');
  const groupWide = useSignedIn().user.reach === 'group';
  // The group's incentives are changed only by a manager of every store.
  const changeable = (row: { locationId: number | null }) => manager && (row.locationId !== null || groupWide);
  const records = useRecordModals({
    addId: 'add-incentive',
    editId: 'edit-incentive',
    addTitle: 'Add incentive',
    editTitle: (row: { name: string }) => `Incentive: ${row.name}`,
    load: async (row: { incentiveId: number; name: string }) =>
      (await callAction(loadIncentive, { incentiveId: row.incentiveId })).incentive,
    form: (record, done) => (
      <IncentiveForm
        record={record}
        locationId={params.get('locationId') ?? undefined}
        readOnly={record && !changeable(record)}
        done={done}
      />
    ),
  });
  const rowActions = useRowActions(deleteIncentive, {
    edit: (row: Row) => records.edit(row),
    question: () => INCENTIVE_DELETE_QUESTION,
    input: (row) => ({ incentiveId: row.incentiveId }),
    success: INCENTIVE_DELETED,
    successMs: 4000,
    reload: [loadIncentives],
  });

  return (
    <ListScreen
      className="incentives"
      title="Incentives"
      action={loadIncentives}
      noun={['incentive', 'incentives']}
      columns={incentiveColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Incentive name' },
        { name: 'locationId', kind: 'location' },
        { name: 'type', kind: 'select', placeholder: 'Any', data: typeOptions },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ],
        },
        { name: 'currentOn', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.incentiveId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => records.edit(row)}
      rowActions={manager ? (row) => (changeable(row) ? rowActions(row) : []) : undefined}
      emptyText="No incentives match these filters; clear a filter or add an incentive."
      cells={{
        amount: (row) => formatMoney(row.amountCents),
        locationName: (row) =>
          row.locationId === null ? (
            <Badge variant="light" color="grape">
              Whole group
            </Badge>
          ) : (
            row.locationName
          ),
        active: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.active ? 'Active' : 'Inactive'}
          </Badge>
        ),
      }}
      toolbar={
        manager && (
          <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
            Add incentive
          </Button>
        )
      }
    >
      {records.modals}
    </ListScreen>
  );
}
