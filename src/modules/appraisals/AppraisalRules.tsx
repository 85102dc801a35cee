/**
 * appraisal rules (seed 000): the offer rules, with the add-rule and edit-rule modals and a delete
 * behind its confirmation. A rule prices offers worked out after it is saved (docs/appraisals.md).
 */
import { Button, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { DateField } from '../../web/ui/DateField';
import { ListScreen } from '../../web/ui/ListScreen';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import type { RowOf } from '../../shared/contract';
import {
  addRule,
  adjustmentTypeLabels,
  adjustmentTypes,
  dayOfUnix,
  deleteRule,
  DELETE_RULE_QUESTION,
  loadRule,
  loadRules,
  RULE_ADDED,
  RULE_DELETED,
  RULE_UPDATED,
  ruleColumns,
  saveRule,
  unixOfDay,
  type AdjustmentType,
  type VehicleOfferRuleRecord,
} from './appraisals.contract';
import { optionsOf } from '../../web/options/optionsOf';

type Row = RowOf<typeof loadRules>;
const typeOptions = optionsOf(adjustmentTypes, adjustmentTypeLabels);
const seconds = (day: string) => (day ? unixOfDay(day) : '');

function RuleForm({ record, done }: { record?: VehicleOfferRuleRecord; done: () => void }) {
  const form = useContractForm(record ? saveRule : addRule, {
    initialValues: {
      name: record?.name ?? '',
      minVehicleYear: record?.minVehicleYear ? String(record.minVehicleYear) : '',
      maxVehicleYear: record?.maxVehicleYear ? String(record.maxVehicleYear) : '',
      // Shown as YYYY-MM-DD, sent as unix seconds (seed 000).
      startDate: record?.startDate ? dayOfUnix(record.startDate) : '',
      endDate: record?.endDate ? dayOfUnix(record.endDate) : '',
      vehicleMake: record?.vehicleMake ?? '',
      vehicleModel: record?.vehicleModel ?? '',
      vehicleTrim: record?.vehicleTrim ?? '',
      mileage: record?.mileage ?? ('' as number | ''),
      adjustmentType: (record?.adjustmentType ?? 'amount') as AdjustmentType,
      priceAdjustment: record?.priceAdjustmentText ?? '',
      description: record?.description ?? '',
    },
    toInput: (v) => ({
      ...v,
      startDate: seconds(v.startDate),
      endDate: seconds(v.endDate),
      ...(record ? { ruleId: record.ruleId } : {}),
    }),
    success: record ? RULE_UPDATED : RULE_ADDED,
    reload: [loadRules],
    onSuccess: done,
  });
  const percent = form.values.adjustmentType === 'percent';
  return (
    <RecordForm
      form={form}
      failTitle="The rule was not saved"
      submitLabel={record ? 'Save rule' : 'Add rule'}
      onCancel={done}
    >
      <TextInput data-autofocus {...form.field('name')} />
      <Text size="sm" c="dimmed">
        Leave a criterion blank to match every vehicle. Make and model come from every year of the catalogue; a trim
        needs the minimum year.
      </Text>
      <VehiclePicker
        form={form}
        anyYear
        names={{ year: 'minVehicleYear', make: 'vehicleMake', model: 'vehicleModel', trim: 'vehicleTrim' }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput inputMode="numeric" placeholder="Any" {...form.field('maxVehicleYear')} />
        <NumberInput
          min={0}
          thousandSeparator=","
          allowDecimal={false}
          placeholder="Any"
          description="Applies from this many miles up"
          {...form.field('mileage')}
        />
        <DateField clearable {...form.field('startDate')} />
        <DateField clearable {...form.field('endDate')} />
        <SearchableSelect data={typeOptions} allowDeselect={false} {...form.field('adjustmentType')} />
        <TextInput
          inputMode="decimal"
          placeholder={percent ? '-2.5' : '-500.00'}
          description={
            percent ? 'Percent of the base value; negative lowers the offer' : 'Dollars; negative lowers the offer'
          }
          {...form.field('priceAdjustment')}
        />
      </SimpleGrid>
      <CountedTextarea maxLength={500} {...form.field('description')} />
    </RecordForm>
  );
}

export default function AppraisalRules() {
  const records = useRecordModals({
    addId: 'add-rule',
    editId: 'edit-rule',
    addTitle: 'Add rule',
    editTitle: (row: Row) => `Edit rule ${row.name}`,
    load: async (row: Row) => (await callAction(loadRule, { ruleId: row.ruleId })).vehicleOfferRule,
    form: (record, done) => <RuleForm record={record} done={done} />,
  });
  const rowActions = useRowActions(deleteRule, {
    edit: (row: Row) => records.edit(row),
    question: () => DELETE_RULE_QUESTION,
    input: (row) => ({ ruleId: row.ruleId }),
    success: RULE_DELETED,
    reload: [loadRules],
  });
  return (
    <ListScreen
      className="appraisal-rules"
      title="Appraisal rules"
      action={loadRules}
      noun={['rule', 'rules']}
      columns={ruleColumns}
      filters={[
        { name: 'search', kind: 'search', placeholder: 'Name, make or model' },
        { name: 'adjustmentType', kind: 'select', data: typeOptions },
      ]}
      updateUrl
      rowKey={(row) => row.ruleId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => records.edit(row)}
      rowActions={rowActions}
      emptyText="No offer rules yet: offers are the base value until a rule adjusts them."
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
          Add rule
        </Button>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
