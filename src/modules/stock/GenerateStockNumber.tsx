import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconEdit, IconPlus } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { Slot } from '../../web/slots';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatNumber } from '../../shared/format';
import {
  acquiredByHints,
  generateStock,
  MAX_BATCH,
  STOCK_GENERATED,
  STOCKS_GENERATED,
  type AcquiredBy,
} from './stock.contract';
import { acquiredByOptions, STOCK_LISTS, useStockModals, useVinChecks } from './StockForms';

interface Generated {
  stocks: string[];
  vins: string[];
  trade: boolean;
}

const lineCount = (text: string) => text.split(/\r?\n/).filter((line) => line.trim()).length;

/** What was generated: the number (or the batch's numbers) to copy, and what to do with it next. */
function GeneratedCard({
  generated,
  addTrade,
  update,
}: {
  generated: Generated;
  addTrade: (stock: string) => void;
  update: (stock: string) => void;
}) {
  const [first] = generated.stocks;
  const all = generated.stocks.map((stock, i) => `${stock}\t${generated.vins[i]}`).join('\n');
  return (
    <Card withBorder radius="md" padding="md" className="generated-stock" aria-live="polite">
      {generated.stocks.length === 1 ? (
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Stock number for{' '}
              <Slot name="vehicleVin" props={{ vin: generated.vins[0] }} fallback={generated.vins[0]} />
            </Text>
            <Title order={2} className="generated-stock-number">
              {first}
            </Title>
          </div>
          <Group gap="xs">
            <CopyButton value={first}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            {!generated.trade && (
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => addTrade(first)}>
                Add trade
              </Button>
            )}
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => update(first)}>
              Update
            </Button>
          </Group>
        </Group>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {formatNumber(generated.stocks.length)} stock numbers, {first} to {generated.stocks.at(-1)}
            </Title>
            <CopyButton value={all}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy all'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Table.ScrollContainer minWidth={320} mah={320}>
            <Table striped aria-label="Stock numbers generated">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stock number</Table.Th>
                  <Table.Th>VIN</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {generated.stocks.map((stock, i) => (
                  <Table.Tr key={stock}>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => update(stock)}>
                        {stock}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Slot name="vehicleVin" props={{ vin: generated.vins[i] }} fallback={generated.vins[i]} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}

/**
 * generate-stock-number (seed 002): the next stock number of a location for one VIN, or for a
 * batch pasted one per line; how the vehicle was acquired decides the other fields. The VIN checks
 * run as the user leaves the box and before sending (useVinChecks). `?vin=&locationId=` starts it
 * with a vehicle's VIN and store (the vehicle page's "Give it a stock number").
 */
export default function GenerateStockNumber() {
  const [params] = useSearchParams();
  const [generated, setGenerated] = useState<Generated | null>(null);
  const modals = useStockModals();
  const form = useContractForm(generateStock, {
    initialValues: {
      locationId: params.get('locationId') ?? '',
      acquiredBy: 'Purchase' as AcquiredBy,
      batchUpload: false,
      vin: params.get('vin') ?? '',
      vins: '',
      purchaseVin: '',
      parent: '',
      tradeOrder: '' as number | string,
      year: '',
      make: '',
      model: '',
      trim: '',
    },
    toInput: (values) => ({ ...values, vinOverride: checks.override.current }),
    success: (reply) => (Array.isArray(reply.stock) ? STOCKS_GENERATED(reply.stock.length) : STOCK_GENERATED),
    successMs: 4000,
    reload: STOCK_LISTS,
    onSuccess: (reply, input) => {
      const stocks = Array.isArray(reply.stock) ? reply.stock : [reply.stock];
      const vins = input.batchUpload
        ? String(input.vins)
            .split(/\r?\n/)
            .map((v) => v.trim().toUpperCase())
            .filter(Boolean)
        : [String(input.vin).toUpperCase()];
      setGenerated({ stocks, vins, trade: input.acquiredBy === 'Trade' });
      // Ready for the next vehicle at the same store, acquired the same way.
      const { locationId, acquiredBy, batchUpload } = form.form.getValues();
      form.form.reset();
      form.form.setValues({ locationId, acquiredBy, batchUpload });
    },
  });
  const checks = useVinChecks(form.form);
  const { acquiredBy, batchUpload } = form.values;
  const single = acquiredBy === 'Trade' || acquiredBy === 'Manual Entry';
  const batch = batchUpload && !single;
  const count = batch ? lineCount(form.values.vins) : 1;

  return (
    <div className="generate-stock-number">
      <Group justify="space-between" mb="md">
        <Title order={1}>Generate stock number</Title>
        <Anchor component={Link} to="/stock-numbers/">
          All stock numbers
        </Anchor>
      </Group>
      <Stack maw={760}>
        {generated && <GeneratedCard generated={generated} addTrade={modals.addTrade} update={modals.update} />}
        <RecordForm
          form={{ ...form, submit: checks.guard(form.submit) }}
          failTitle="No stock number was generated"
          submitLabel={count > 1 ? `Generate ${formatNumber(count)} stock numbers` : 'Generate stock number'}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LocationSelect
              form={form.form}
              {...form.field('locationId')}
              disabled={acquiredBy === 'Trade'}
              description={acquiredBy === 'Trade' ? "A trade is at its parent's location" : undefined}
            />
            <SearchableSelect
              {...form.field('acquiredBy')}
              data={acquiredByOptions}
              allowDeselect={false}
              description={acquiredByHints[acquiredBy]}
            />
          </SimpleGrid>
          {!single && (
            <SegmentedControl
              aria-label="How many vehicles"
              value={batchUpload ? 'batch' : 'one'}
              onChange={(value) => form.form.setFieldValue('batchUpload', value === 'batch')}
              data={[
                { value: 'one', label: 'One VIN' },
                { value: 'batch', label: `Batch, up to ${MAX_BATCH}` },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          {batch ? (
            <Textarea
              {...form.field('vins')}
              withAsterisk
              autosize
              minRows={6}
              maxRows={16}
              onBlur={() => void checks.onBlur('vins')}
              description={`One VIN per line, as pasted from a spreadsheet or a scanner: ${formatNumber(count)} of ${MAX_BATCH}. All get numbers, or none do.`}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : (
            <TextInput
              {...form.field('vin')}
              withAsterisk
              onBlur={() => void checks.onBlur('vin')}
              autoComplete="off"
              description={
                acquiredBy === 'Manual Entry'
                  ? 'As written on the vehicle; it is not checked'
                  : '17 characters; spaces and dashes are dropped'
              }
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
            />
          )}
          {checks.caution}
          {acquiredBy === 'Early Trade' && (
            <TextInput
              {...form.field('purchaseVin')}
              autoComplete="off"
              description="The VIN of the vehicle the customer is buying"
            />
          )}
          {acquiredBy === 'Trade' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.field('parent')} description="The stock number of the vehicle sold, e.g. ABG00042" />
              <NumberInput
                min={1}
                max={26}
                allowDecimal={false}
                description="Empty for the next letter (A, B…)"
                {...form.field('tradeOrder')}
              />
            </SimpleGrid>
          )}
          {!batch && <VehiclePicker form={form} vin={acquiredBy === 'Manual Entry' ? undefined : form.values.vin} />}
        </RecordForm>
      </Stack>
      {modals.modals}
    </div>
  );
}
