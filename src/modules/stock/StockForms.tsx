/**
 * What the stock-number screens share: the VIN checks a form runs before a VIN gets a number, and
 * the add-trade and update-stock modals (seed 002: generate-stock-number has both; the manager's
 * rows open them too).
 */
import { useRef, useState } from 'react';
import { List, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { callAction } from '../../web/api';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { confirm } from '../../web/ui/modals';
import { RecordForm, useRecordModal } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import {
  acquiredByHints,
  acquiredByValues,
  addTrade,
  checkExisting,
  loadReport,
  loadStock,
  loadStocks,
  matchSentence,
  readStocks,
  STOCK_UPDATED,
  TRADE_ADDED,
  updateStock,
  vinCheck,
  type StockMatch,
  type StockNumber,
} from './stock.contract';

/** Every list a new or changed stock number shows in. */
export const STOCK_LISTS = [loadStocks, loadReport, readStocks];

export const acquiredByOptions = acquiredByValues.map((value) => ({ value, label: value }));

interface VinFields {
  batchUpload?: boolean;
  vin?: string;
  vins?: string;
  acquiredBy?: string;
}

/**
 * The form's VIN checks. Leaving a VIN box asks check-existing: a VIN that has a number is an
 * error on the field (seed 002), VINs that end alike are shown as a caution. Sending first asks
 * vin-check: a VIN that fails its check is listed in a confirmation, and the user may generate
 * anyway (`vinOverride`, which the server records).
 */
export function useVinChecks(form: UseFormReturnType<any>) {
  const [similar, setSimilar] = useState<StockMatch[]>([]);
  const override = useRef(false);

  const onBlur = async (field: 'vin' | 'vins' | 'purchaseVin') => {
    const values = form.getValues() as VinFields;
    const input =
      field === 'vins'
        ? { batchUpload: true, vins: values.vins }
        : { batchUpload: false, vin: (values as Record<string, string>)[field] };
    if (!(input.vin ?? input.vins)?.trim()) return setSimilar([]);
    const found = await callAction(checkExisting, input).catch(() => null);
    if (!found) return;
    const perfect = found.matches.filter((m) => m.perfect);
    if (perfect.length && field !== 'purchaseVin') form.setFieldError(field, perfect.map(matchSentence).join(' '));
    setSimilar(found.matches.filter((m) => !m.perfect));
  };

  /** Resolves whether to send: after the user's choice when a VIN fails its check. */
  const passes = async (values: VinFields): Promise<boolean> => {
    override.current = false;
    if (values.acquiredBy === 'Manual Entry') return true;
    const { vins, problemCount } = await callAction(vinCheck, {
      batchUpload: !!values.batchUpload,
      vin: values.vin,
      vins: values.vins,
    });
    if (problemCount === 0) return true;
    const failed = vins.filter((v) => v.problem);
    override.current = await confirm({
      title: failed.length === 1 ? 'This VIN fails its check' : `${failed.length} VINs fail their check`,
      message: (
        <>
          <List size="sm" spacing={4}>
            {failed.slice(0, 10).map((v) => (
              <List.Item key={v.line}>
                <b>
                  {vins.length > 1 ? `Line ${v.line}, ` : ''}
                  {v.vin}
                </b>
                : {v.problem}
              </List.Item>
            ))}
          </List>
          {failed.length > 10 && (
            <Text size="sm" mt="xs">
              And {failed.length - 10} more.
            </Text>
          )}
          <Text size="sm" mt="sm">
            Check it against the vehicle. Generate anyway only if the VIN is right as typed; the report will show it was
            overridden.
          </Text>
        </>
      ),
      confirmLabel: 'Generate anyway',
      cancelLabel: 'Correct it',
    });
    return override.current;
  };

  /** The form's submit, after the checks. */
  const guard = (submit: () => void) => () =>
    form.onSubmit(async (values: VinFields) => {
      if (await passes(values)) submit();
    })();

  const caution = similar.length > 0 && (
    <Text size="sm" c="orange.8" role="status">
      Similar VINs have numbers:{' '}
      {similar
        .slice(0, 5)
        .map((m) => `${m.vin} (${m.stock ?? 'another store'})`)
        .join(', ')}
      . Check the VIN is not one of them mistyped.
    </Text>
  );

  return { onBlur, guard, override, caution };
}

function AddTradeForm({ parent, done }: { parent: string; done: () => void }) {
  const form = useContractForm(addTrade, {
    initialValues: { parent, tradeOrder: '' as number | string, vin: '', year: '', make: '', model: '', trim: '' },
    toInput: (values) => ({ ...values, vinOverride: checks.override.current }),
    success: (reply) => `${TRADE_ADDED} ${reply.stock}`,
    successMs: 4000,
    reload: STOCK_LISTS,
    onSuccess: done,
  });
  const checks = useVinChecks(form.form);
  return (
    <RecordForm
      form={{ ...form, submit: checks.guard(form.submit) }}
      failTitle="The trade was not added"
      submitLabel="Add trade"
      onCancel={done}
      buttons="end"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.field('parent')} readOnly description="The stock number of the vehicle sold" />
        <NumberInput
          min={1}
          max={26}
          allowDecimal={false}
          description="Empty for the next letter"
          {...form.field('tradeOrder')}
        />
      </SimpleGrid>
      <TextInput
        data-autofocus
        {...form.field('vin')}
        onBlur={() => void checks.onBlur('vin')}
        description="The traded-in vehicle's VIN"
      />
      {checks.caution}
      <VehiclePicker form={form} vin={form.values.vin} />
    </RecordForm>
  );
}

function UpdateStockForm({ record, done }: { record: StockNumber; done: () => void }) {
  const form = useContractForm(updateStock, {
    initialValues: {
      vin: record.vin,
      acquiredBy: record.acquiredBy,
      purchaseVin: record.purchaseVin ?? '',
      year: record.year ? String(record.year) : '',
      make: record.make ?? '',
      model: record.model ?? '',
      trim: record.trim ?? '',
    },
    toInput: (values) => ({ ...values, stockId: record.id, vinOverride: checks.override.current }),
    success: STOCK_UPDATED,
    successMs: 4000,
    reload: STOCK_LISTS,
    onSuccess: done,
  });
  const checks = useVinChecks(form.form);
  const trade = record.acquiredBy === 'Trade';
  // An unchanged VIN was checked when it got its number.
  const submit = () => (form.values.vin === record.vin ? form.submit() : checks.guard(form.submit)());
  return (
    <RecordForm
      form={{ ...form, submit }}
      failTitle="The stock number was not updated"
      submitLabel="Update stock number"
      onCancel={done}
      buttons="end"
    >
      <Text size="sm" c="dimmed">
        {record.locationName} · generated {new Date(record.createdAt).toLocaleDateString('en-US')}
        {record.createdByName ? ` by ${record.createdByName}` : ''}
        {trade ? ` · trade ${record.tradeOrder} on ${record.parent}` : ''}
        {record.trades.length ? ` · trades: ${record.trades.join(', ')}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          {...form.field('vin')}
          onBlur={() => form.values.vin !== record.vin && void checks.onBlur('vin')}
        />
        <SearchableSelect
          {...form.field('acquiredBy')}
          allowDeselect={false}
          disabled={trade}
          data={trade ? [{ value: 'Trade', label: 'Trade' }] : acquiredByOptions.filter((o) => o.value !== 'Trade')}
          description={acquiredByHints[form.values.acquiredBy]}
        />
      </SimpleGrid>
      {checks.caution}
      {form.values.acquiredBy === 'Early Trade' && (
        <TextInput {...form.field('purchaseVin')} description="The VIN of the vehicle the customer is buying" />
      )}
      <VehiclePicker form={form} vin={form.values.vin} />
    </RecordForm>
  );
}

/** The add-trade modal (on a parent stock number) and the update-stock modal (on a stock number). */
export function useStockModals() {
  const trade = useRecordModal({
    id: 'add-trade',
    title: (parent: string) => `Add a trade on ${parent}`,
    load: async (parent: string) => parent,
    form: (parent, done) => <AddTradeForm parent={parent} done={done} />,
  });
  const update = useRecordModal({
    id: 'update-stock',
    title: (stock: string) => `Update ${stock}`,
    load: async (stock: string) => (await callAction(loadStock, { stock })).stockNumber,
    form: (record, done) => <UpdateStockForm record={record} done={done} />,
  });
  return {
    addTrade: trade.open,
    update: update.open,
    modals: (
      <>
        {trade.modal}
        {update.modal}
      </>
    ),
  };
}
