import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Button,
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
import { IconDeviceFloppy } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { isActionError } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { Form } from '../../web/ui/Form';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { PagedList } from '../../web/ui/PagedList';
import { useAction } from '../../web/ui/useAction';
import { Slot } from '../../web/slots';
import type { InputOf } from '../../shared/contract';
import { fieldLabel } from '../../shared/validation';
import { formatDateTime, formatDecimalMoney } from '../../shared/format';
import { DEAL_DEFAULTS, DEFAULT_RESIDUALS, leaseTaxMethodLabels, leaseTaxMethods, type DealType } from './desking';
import {
  DEAL_SAVED,
  dealColumns,
  deskDealContract,
  deskDealInput,
  loadDeal,
  loadDeals,
  saveDeal,
  startDeal,
  type DealRow,
  type DealSource,
  type SavedDeal,
} from './desking.contract';
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

/** The deal's own fields as the form starts them: blank money, the kind's own terms and rates. */
function blankDeal(dealType: DealType, sellingPrice = ''): Values {
  return {
    dealType,
    sellingPrice,
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
    ...optionDefaults(dealType),
  };
}

/** The vehicle a deal is on: from the saved deal, its quote, else as the vehicle page handed it in the address. */
interface DealVehicle {
  vin: string;
  stock: string;
  vehicle: string;
}
const handedVehicle = (params: URLSearchParams): DealVehicle => ({
  vin: params.get('vin') ?? '',
  stock: params.get('stock') ?? '',
  vehicle: params.get('vehicle') ?? '',
});

/** The vehicle the deal is on, its VIN opening the vehicle's page. */
function VehicleLine({ vehicle }: { vehicle: DealVehicle }) {
  if (!vehicle.vin && !vehicle.stock && !vehicle.vehicle) return null;
  return (
    <Text className="desking-vehicle">
      {[vehicle.vehicle, vehicle.stock && `Stock number ${vehicle.stock}`].filter(Boolean).join(' · ')}
      {vehicle.vin && (
        <>
          {vehicle.vehicle || vehicle.stock ? ' · ' : ''}VIN{' '}
          <Slot name="vehicleVin" props={{ vin: vehicle.vin }} fallback={vehicle.vin} />
        </>
      )}
    </Text>
  );
}

/** The quote and the trade-in appraisal a deal was started from, kept with it. */
interface DealSources {
  quote: DealSource;
  appraisal: DealSource;
}

/** "Started from Quote 12 · … and Trade-in appraisal 40 · …", the appraisal a link to its page. */
function StartedFrom({ sources }: { sources: DealSources }) {
  const named = [sources.quote, sources.appraisal].filter((s): s is NonNullable<DealSource> => s !== null);
  if (named.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" className="desking-sources">
      Started from{' '}
      {named.map((source, i) => (
        <span key={source.label}>
          {i > 0 && ' and '}
          {source.href ? (
            <Anchor component={Link} to={source.href} inherit>
              {source.label}
            </Anchor>
          ) : (
            source.label
          )}
        </span>
      ))}
    </Text>
  );
}

/**
 * Who the deal is for and where, kept with its fields by "Save deal"; the saved deal's address
 * (`?dealId=`) opens it again as it was left.
 */
function SaveDeal({
  values,
  vehicle,
  saved,
  sources,
  customerName,
  locationId,
}: {
  values: Values;
  vehicle: DealVehicle;
  saved: SavedDeal | undefined;
  sources: DealSources;
  customerName: string;
  locationId: string;
}) {
  const [, setParams] = useSearchParams();
  const who = useForm({ mode: 'controlled', initialValues: { customerName, locationId } });
  const loaded = useRef<number | null>(null);
  useEffect(() => {
    if (!saved || loaded.current === saved.dealId) return;
    loaded.current = saved.dealId;
    who.setValues({ customerName: saved.customerName, locationId: String(saved.locationId) });
  }, [saved, who]);
  const save = useAction(saveDeal, {
    success: DEAL_SAVED,
    reload: [loadDeals, loadDeal],
    onSuccess: (reply) => setParams({ dealId: String(reply.dealId) }),
  });
  const errors = isActionError(save.error) ? save.error.fieldErrors : {};
  const submit = () =>
    save.mutate({
      ...(values as InputOf<typeof saveDeal>),
      ...who.getValues(),
      ...(saved ? { dealId: saved.dealId } : {}),
      vin: vehicle.vin,
      stock: vehicle.stock,
      vehicle: vehicle.vehicle,
      quoteId: sources.quote?.id,
      appraisalId: sources.appraisal?.id,
    } as InputOf<typeof saveDeal>);
  return (
    <Card withBorder component="section" aria-labelledby="save-deal">
      <Title order={2} size="h4" mb="sm" id="save-deal">
        {saved ? `Deal ${saved.dealId}` : 'Save this deal'}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          {...who.getInputProps('customerName')}
          name="customerName"
          label={fieldLabel('customerName', saveDeal.input)}
          error={errors.customerName}
          autoComplete="off"
          withAsterisk
        />
        <LocationSelect
          form={who}
          {...who.getInputProps('locationId')}
          name="locationId"
          label="Store"
          error={errors.locationId}
          allowDeselect={false}
        />
        <Group align="end">
          <Button onClick={submit} loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            {saved ? 'Save changes' : 'Save deal'}
          </Button>
        </Group>
      </SimpleGrid>
      {saved && (
        <Text size="sm" c="dimmed" mt="xs">
          Saved {formatDateTime(saved.updatedAt)}
          {saved.createdByName ? `, made by ${saved.createdByName}` : ''}, at {saved.locationName}.
        </Text>
      )}
      <ActionAlert error={save.error} title="The deal was not saved" />
    </Card>
  );
}

/** The deals saved on this vehicle, or the caller's own, newest first; a row opens its deal. */
function SavedDeals({ vin }: { vin: string }) {
  const [, setParams] = useSearchParams();
  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-deals">
      <Title order={2} size="h4" id="saved-deals">
        {vin ? 'Deals on this vehicle' : 'Your saved deals'}
      </Title>
      <PagedList<DealRow>
        action={loadDeals}
        params={vin ? { vin } : { mine: '1' }}
        columns={dealColumns}
        noun={['saved deal', 'saved deals']}
        pageSize={10}
        rowKey={(row) => row.dealId}
        rowLabel={(row) => `${row.customerName}, ${row.summary}`}
        onRowClick={(row) => setParams({ dealId: String(row.dealId) })}
        emptyText={vin ? 'No deal is saved on this vehicle yet.' : 'You have saved no deal yet.'}
      />
    </Stack>
  );
}

/** A deal started from a quote or a trade-in appraisal (`?quoteId=`, `?appraisalId=`), read by `sales/desking/start-deal`. */
function useStartedDeal(params: URLSearchParams, enabled: boolean) {
  const source = (name: string) => Number(params.get(name)) || undefined;
  const input = { quoteId: source('quoteId'), appraisalId: source('appraisalId') };
  const started = useActionQuery(startDeal, input, {
    enabled: enabled && (input.quoteId !== undefined || input.appraisalId !== undefined),
  });
  return { start: enabled ? started.data?.start : undefined, error: started.error, isLoading: started.isLoading };
}

/**
 * desking-tool (seed 000): a finance or lease deal worked out in three options side by side, again
 * as the salesperson types (a quarter second after the last key), by `vehicles/desk-deal`, whose reply
 * fills each figure by its name. docs/sales.md, "Desking", gives the arithmetic. A deal is saved with
 * its customer, store and vehicle (`?dealId=` reopens it); the vehicle page starts one on its vehicle
 * (`?vin=&stock=&locationId=&vehicle=&price=`), a quote or a trade-in appraisal from theirs
 * (`?quoteId=`, `?appraisalId=`).
 */
export default function DeskingTool() {
  const [params] = useSearchParams();
  const dealId = Number(params.get('dealId')) || 0;
  const savedDeal = useActionQuery(loadDeal, { dealId }, { enabled: dealId > 0 });
  const saved = dealId > 0 ? savedDeal.data?.deal : undefined;
  const started = useStartedDeal(params, dealId === 0);
  const start = started.start;
  const vehicle = saved ?? start ?? handedVehicle(params);
  const sources: DealSources = saved ?? start ?? { quote: null, appraisal: null };
  const form = useForm<Values>({ mode: 'controlled', initialValues: blankDeal('Finance', params.get('price') ?? '') });
  const applied = useRef<number | string | null>(null);
  useEffect(() => {
    if (saved && applied.current !== saved.dealId) {
      applied.current = saved.dealId;
      form.setValues(saved.values);
      form.resetDirty(saved.values);
    } else if (!saved && start && applied.current !== 'start') {
      // What the quote and the appraisal give; the rest of the deal as a new one starts.
      applied.current = 'start';
      form.setValues(start.values);
    }
  }, [saved, start, form]);
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
        <Stack gap={2}>
          <Title order={1}>Desking</Title>
          <VehicleLine vehicle={vehicle} />
          <StartedFrom sources={sources} />
        </Stack>
        <SegmentedControl
          data={['Finance', 'Lease']}
          value={dealType}
          onChange={chooseDealType}
          aria-label="Deal type"
        />
      </Group>
      <ActionAlert error={savedDeal.error} title="The deal did not open" />
      <ActionAlert error={started.error} title="The deal could not be started" />
      {((dealId > 0 && !saved && !savedDeal.error) || started.isLoading) && <Loader aria-label="Loading" />}
      <Stack>
        <SaveDeal
          key={saved?.dealId ?? (start ? 'started' : 'new')}
          values={values}
          vehicle={vehicle}
          saved={saved}
          sources={sources}
          customerName={start?.customerName ?? ''}
          locationId={start ? String(start.locationId) : (params.get('locationId') ?? '')}
        />
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
        <SavedDeals vin={vehicle.vin} />
      </Stack>
    </div>
  );
}
