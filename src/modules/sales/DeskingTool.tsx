import {
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { isActionError } from '../../web/api';
import { Form } from '../../web/ui/Form';
import type { InputOf } from '../../shared/contract';
import { fieldLabel } from '../../shared/validation';
import { formatDecimalMoney } from '../../shared/format';
import { DEAL_DEFAULTS, DEFAULT_RESIDUALS, leaseTaxMethodLabels, leaseTaxMethods, type DealType } from './desking';
import { deskDealContract, deskDealInput } from './desking.contract';
import { optionsOf } from '../../web/options/optionsOf';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Values = Record<string, string | boolean>;
const OPTIONS = [1, 2, 3] as const;

/** The deal's own fields, in the order a deal sheet reads; `lease` ones show for a lease only. */
const DEAL_FIELDS: { name: string; lease?: boolean; money?: boolean }[] = [
  { name: 'sellingPrice', money: true },
  { name: 'msrp', money: true, lease: true },
  { name: 'dealerFees', money: true },
  { name: 'governmentFees', money: true },
  { name: 'acquisitionFee', money: true, lease: true },
  { name: 'rebates', money: true },
  { name: 'downPayment', money: true },
  { name: 'tradeAllowance', money: true },
  { name: 'tradePayoff', money: true },
  { name: 'taxRate' },
];

/** The figures each option shows, by the name the reply fills. */
const FIGURES: Record<DealType, [string, string][]> = {
  Finance: [
    ['amountFinanced', 'Amount financed'],
    ['salesTax', 'Sales tax'],
    ['lastPayment', 'Last payment'],
    ['financeCharge', 'Finance charge'],
    ['totalOfPayments', 'Total of payments'],
    ['dueAtSigning', 'Due at signing'],
  ],
  Lease: [
    ['grossCapCost', 'Gross cap cost'],
    ['capCostReduction', 'Cap cost reduction'],
    ['adjustedCapCost', 'Adjusted cap cost'],
    ['residualValue', 'Residual value'],
    ['depreciation', 'Depreciation'],
    ['rentCharge', 'Rent charge'],
    ['monthlyTax', 'Monthly tax'],
    ['upfrontTax', 'Tax at signing'],
    ['dueAtSigning', 'Due at signing'],
  ],
};

/** Seed 000, section 9: each kind of deal starts its three options from its own terms and rate. */
function optionDefaults(dealType: DealType): Values {
  const { terms, rate } = DEAL_DEFAULTS[dealType];
  return Object.fromEntries(
    OPTIONS.flatMap((n) => [
      [`term${n}`, String(terms[n - 1])],
      [`rate${n}`, String(rate)],
      [`residual${n}`, dealType === 'Lease' ? String(DEFAULT_RESIDUALS[n - 1]) : ''],
    ]),
  );
}

const dollars = (value: string | undefined) => (value === undefined ? '—' : formatDecimalMoney(value));

/**
 * desking-tool (seed 000): a finance or lease deal worked out in three options side by side, again
 * as the salesperson types (a quarter second after the last key), by `vehicles/desk-deal`, whose reply
 * fills each figure by its name. docs/sales.md, "Desking", gives the arithmetic.
 */
export default function DeskingTool() {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      dealType: 'Finance',
      sellingPrice: '',
      msrp: '',
      dealerFees: '',
      governmentFees: '',
      acquisitionFee: '',
      rebates: '',
      downPayment: '',
      tradeAllowance: '',
      tradePayoff: '',
      taxRate: '',
      taxMethod: 'payment',
      tradeTaxCredit: true,
      ...optionDefaults('Finance'),
    },
  });
  const values = form.getValues();
  const dealType = values.dealType as DealType;
  const [sent] = useDebouncedValue(values, 250);
  const deal = useActionQuery(deskDealContract, sent as InputOf<typeof deskDealContract>, {
    placeholderData: keepPreviousData,
    retry: false,
  });
  const items = deal.isError ? {} : (deal.data?.items ?? {});
  const errors = isActionError(deal.error) ? deal.error.fieldErrors : {};
  const field = (name: string) => ({
    ...form.getInputProps(name),
    name,
    label: fieldLabel(name, deskDealInput),
    error: errors[name],
  });

  const chooseDealType = (next: string) => form.setValues({ dealType: next, ...optionDefaults(next as DealType) });

  return (
    <div className="desking-tool">
      <Group justify="space-between" align="end" mb="md">
        <Title order={1}>Desking</Title>
        <SegmentedControl
          data={['Finance', 'Lease']}
          value={dealType}
          onChange={chooseDealType}
          aria-label="Deal type"
        />
      </Group>
      <Form onSubmit={() => deal.refetch()}>
        <Stack>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              The deal
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {DEAL_FIELDS.filter((f) => !f.lease || dealType === 'Lease').map((f) => (
                <TextInput
                  key={f.name}
                  {...field(f.name)}
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection={f.money ? '$' : undefined}
                  rightSection={f.money ? undefined : '%'}
                  placeholder="0"
                />
              ))}
              {dealType === 'Lease' && (
                <Select
                  {...field('taxMethod')}
                  data={optionsOf(leaseTaxMethods, leaseTaxMethodLabels)}
                  allowDeselect={false}
                />
              )}
            </SimpleGrid>
            <Group mt="sm" gap="xl">
              <Checkbox
                {...form.getInputProps('tradeTaxCredit', { type: 'checkbox' })}
                name="tradeTaxCredit"
                label={fieldLabel('tradeTaxCredit', deskDealInput)}
              />
              <Text size="sm">
                Trade equity: <output name="tradeEquity">{dollars(items.tradeEquity)}</output>
              </Text>
            </Group>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {OPTIONS.map((n) => (
              <Card key={n} withBorder component="section" aria-labelledby={`option-${n}`}>
                <Group justify="space-between">
                  <Title order={2} size="h4" id={`option-${n}`}>
                    Option {n}
                  </Title>
                  {deal.isFetching && <Loader size="xs" aria-label="Working out" />}
                </Group>
                <SimpleGrid cols={dealType === 'Lease' ? 3 : 2} mt="xs" spacing="xs">
                  <TextInput {...field(`term${n}`)} inputMode="numeric" description="Months" autoComplete="off" />
                  <TextInput
                    {...field(`rate${n}`)}
                    inputMode="decimal"
                    description={dealType === 'Lease' ? 'Money factor' : 'APR %'}
                    autoComplete="off"
                  />
                  {dealType === 'Lease' && (
                    <TextInput
                      {...field(`residual${n}`)}
                      inputMode="decimal"
                      description="% of MSRP"
                      autoComplete="off"
                    />
                  )}
                </SimpleGrid>
                <Text mt="md" size="sm" c="dimmed">
                  Monthly payment
                </Text>
                <Text fz={32} fw={700} lh={1.2}>
                  <output name={`payment${n}`} aria-label={`Option ${n} monthly payment`}>
                    {dollars(items[`payment${n}`])}
                  </output>
                </Text>
                {dealType === 'Lease' && items[`apr${n}`] && (
                  <Text size="sm" c="dimmed">
                    About {items[`apr${n}`]}% APR
                  </Text>
                )}
                <Table mt="sm" fz="sm" verticalSpacing={4}>
                  <Table.Tbody>
                    {FIGURES[dealType].map(([name, label]) => (
                      <Table.Tr key={name}>
                        <Table.Th fw={400}>{label}</Table.Th>
                        <Table.Td ta="right">
                          <output name={`${name}${n}`}>{dollars(items[`${name}${n}`])}</output>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Form>
    </div>
  );
}
