import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type FormArrayElement, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconCopy, IconMessage, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { callAction, errorMessage, isActionError } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { useCan, useSignedIn } from '../../web/shell/session';
import { Form } from '../../web/ui/Form';
import { IdModal, closeModal, openModal } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { money, pastedPhone } from '../../shared/fields';
import { formatMoney } from '../../shared/format';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { sendText } from '../messenger/messenger.contract';
import { listIncentivesForVehicle } from './incentives.contract';
import { findQuoteVehicles, QUOTE_SENT, saveQuote, TEXT_COPIED, type QuoteInput } from './price-builder.contract';
import type { OutputOf } from '../../shared/contract';
import {
  discountApplies,
  formatDollars,
  QUOTE_APR,
  QUOTE_TERM,
  quoteFigures,
  quoteMessage,
  STATE_VEHICLE_TAX,
  vehicleName,
} from './quote';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { VinSlot } from '../../web/slots';

const TEXT_QUOTE = 'text-price-builder-quote';
type SavedQuote = OutputOf<typeof saveQuote>;
const amount = money(1_000_000);
/** What the salesperson has typed so far, in cents (nothing yet, or not yet an amount, counts as nothing). */
const cents = (typed: string) => amount.safeParse(typed).data ?? 0;

interface Values {
  locationId: string;
  inventoryVehicleId: string;
  year: string;
  make: string;
  model: string;
  trim: string;
  stock: string;
  vin: string;
  customerName: string;
  price: string;
  discounts: { name: string; amount: string; optional: boolean; applied: boolean }[];
  addenda: { name: string; amount: string }[];
  taxes: { name: string; rate: string }[];
  incentives: { incentiveId: number; name: string; amount: number; applied: boolean }[];
}
type Vehicle = Pick<Values, 'inventoryVehicleId' | 'year' | 'make' | 'model' | 'trim' | 'stock' | 'vin' | 'price'>;

const blankVehicle: Vehicle = {
  inventoryVehicleId: '',
  year: '',
  make: '',
  model: '',
  trim: '',
  stock: '',
  vin: '',
  price: '',
};

/** The quote as the server takes it. */
const quoteOf = (v: Values): QuoteInput => ({
  ...v,
  discounts: v.discounts.map((d) => ({ ...d, optional: d.optional ? 1 : 0, applied: d.applied ? 1 : 0 })),
  incentives: v.incentives.map(({ incentiveId, applied }) => ({ incentiveId, applied: applied ? 1 : 0 })),
});

/**
 * The quote as kept on the server, one per state of the builder: Copy quote and Text quote's Send
 * share it, and a changed line keeps a new one the next time either is used. Nothing is kept before.
 */
function useSavedQuote(values: Values) {
  const key = JSON.stringify(quoteOf(values));
  const [kept, setKept] = useState<{ key: string; quote: SavedQuote } | null>(null);
  const save = useMutation({
    mutationFn: (input: string) => callAction(saveQuote, JSON.parse(input) as QuoteInput),
    onSuccess: (quote, input) => setKept({ key: input, quote }),
  });
  const current = kept?.key === key ? kept.quote : undefined;
  const { mutateAsync } = save;
  const ensure = useCallback(
    () => (current ? Promise.resolve(current) : mutateAsync(key)),
    [current, key, mutateAsync],
  );
  return { current, ensure, pending: save.isPending, error: save.error };
}
type SavedQuoteState = ReturnType<typeof useSavedQuote>;

/**
 * price-builder (seed 000): a vehicle found in inventory (the search submits on Enter) or entered by
 * hand, then its quote: discounts (optional ones chosen), incentives (those enabled by default start
 * applied), addenda and taxes, the total to whole dollars and the estimated payment. The quote is
 * copied or texted with the address of its customer page (docs/sales.md, "Price builder").
 */
export default function PriceBuilder() {
  const canText = useCan('messenger');
  const { user } = useSignedIn();
  const locations = useLocationOptions();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      locationId: '',
      ...blankVehicle,
      customerName: '',
      discounts: [],
      addenda: [],
      taxes: [],
      incentives: [],
    },
  });
  const values = form.getValues();
  const saved = useSavedQuote(values);
  const [byHand, setByHand] = useState(false);
  const chosen = Boolean(values.inventoryVehicleId) || byHand;

  // A store's quote starts with its state's vehicle tax, which the salesperson corrects to the local rate.
  const state = locations.data?.locations.find((l) => String(l.id) === values.locationId)?.state ?? '';
  useEffect(() => {
    const tax = STATE_VEHICLE_TAX[state];
    if (tax && form.getValues().taxes.length === 0)
      form.setFieldValue('taxes', [{ name: tax.name, rate: String(tax.rate) }]);
  }, [state, form]);

  const vehicleKnown = Boolean(values.year && values.make && values.model && values.locationId);
  const incentives = useActionQuery(
    listIncentivesForVehicle,
    { locationId: values.locationId, year: values.year, make: values.make, model: values.model },
    { enabled: chosen && vehicleKnown },
  );
  useEffect(() => {
    if (incentives.data) {
      form.setFieldValue(
        'incentives',
        incentives.data.incentives.map((i) => ({
          incentiveId: i.incentiveId,
          name: i.name,
          amount: i.amountCents,
          applied: i.enabledByDefault,
        })),
      );
    }
  }, [incentives.data, form]);

  const figures = useMemo(
    () =>
      quoteFigures({
        price: cents(values.price),
        discounts: values.discounts.map((d) => ({ ...d, amount: cents(d.amount) })),
        addenda: values.addenda.map((a) => ({ ...a, amount: cents(a.amount) })),
        taxes: values.taxes.map((t) => ({ ...t, rate: Number(t.rate) || 0 })),
        incentives: values.incentives,
      }),
    [values],
  );

  const choose = (vehicle: Vehicle & { locationId?: string }) => {
    form.setValues({ ...vehicle, incentives: [] });
    setByHand(false);
  };
  const startOver = () => {
    form.setValues({ ...blankVehicle, customerName: '', discounts: [], addenda: [], incentives: [] });
    setByHand(false);
  };

  return (
    <div className="price-builder">
      <Title order={1} mb="md">
        Price builder
      </Title>
      {!chosen && (
        <VehicleFinder
          form={form}
          onChoose={choose}
          onByHand={() => {
            form.setValues(blankVehicle);
            setByHand(true);
          }}
        />
      )}
      {chosen && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack>
            <Card withBorder>
              <Group justify="space-between" align="start">
                <div>
                  <Title order={2} size="h4">
                    {vehicleKnown
                      ? vehicleName({
                          year: Number(values.year),
                          make: values.make,
                          model: values.model,
                          trim: values.trim,
                        })
                      : 'The vehicle'}
                  </Title>
                  {values.inventoryVehicleId && (
                    <Text size="sm" c="dimmed">
                      {values.stock && `Stock ${values.stock}`}
                      {values.stock && values.vin && ' · '}
                      {values.vin && (
                        <>
                          VIN <VinSlot vin={values.vin} />
                        </>
                      )}
                    </Text>
                  )}
                </div>
                <Button variant="subtle" size="compact-sm" onClick={startOver}>
                  Choose another vehicle
                </Button>
              </Group>
              <Stack mt="sm" gap="xs">
                {byHand && (
                  <>
                    <LocationSelect
                      form={form}
                      name="locationId"
                      label="Location"
                      {...form.getInputProps('locationId')}
                    />
                    <VehiclePicker
                      form={{
                        form,
                        field: (name: string) => ({
                          ...form.getInputProps(name),
                          name,
                          label: name.charAt(0).toUpperCase() + name.slice(1),
                        }),
                      }}
                    />
                  </>
                )}
                <SimpleGrid cols={2}>
                  <TextInput
                    label="Price"
                    leftSection="$"
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.getInputProps('price')}
                  />
                  <TextInput
                    label="Customer"
                    autoComplete="off"
                    placeholder="Optional"
                    {...form.getInputProps('customerName')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4">
                Incentives
              </Title>
              {incentives.isError && (
                <Alert color="red" mt="xs">
                  {errorMessage(incentives.error)}
                </Alert>
              )}
              {values.incentives.length === 0 && !incentives.isFetching && (
                <Text size="sm" c="dimmed" mt="xs">
                  No incentive applies to this vehicle at this store today.
                </Text>
              )}
              <Stack gap="xs" mt="xs">
                {values.incentives.map((incentive, index) => (
                  <Checkbox
                    key={incentive.incentiveId}
                    label={`${incentive.name} (${formatMoney(incentive.amount)})`}
                    {...form.getInputProps(`incentives.${index}.applied`, { type: 'checkbox' })}
                  />
                ))}
              </Stack>
            </Card>
            <LinesCard form={form} />
          </Stack>
          <QuoteSummary values={values} figures={figures} canText={canText} saved={saved} />
        </SimpleGrid>
      )}
      {chosen && (
        <TextQuoteModal
          locationId={values.locationId}
          saved={saved}
          // The text the server would write for the quote (quote.ts), shown before anything is kept.
          draft={quoteMessage({
            customerName: values.customerName,
            vehicle: vehicleName({ ...values, year: Number(values.year) }),
            stock: values.stock,
            total: figures.total,
            payment: figures.payment,
            from: user.firstName,
            store: locations.data?.locations.find((l) => String(l.id) === values.locationId)?.name ?? '',
          })}
        />
      )}
    </div>
  );
}

/** The search form (seed 000: it submits on Enter) and what it found. */
function VehicleFinder({
  form,
  onChoose,
  onByHand,
}: {
  form: UseFormReturnType<Values>;
  onChoose: (v: Vehicle & { locationId: string }) => void;
  onByHand: () => void;
}) {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<{ query: string; locationId: string } | null>(null);
  const found = useActionQuery(findQuoteVehicles, searched ?? {}, { enabled: Boolean(searched?.query) });
  return (
    <Stack maw={900}>
      <Form onSubmit={() => setSearched({ query, locationId: form.getValues().locationId })} submitOnEnter>
        <Group align="end">
          <TextInput
            label="Stock number or VIN"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            autoComplete="off"
            style={{ flex: '1 1 14rem' }}
          />
          <LocationSelect
            form={form}
            name="locationId"
            label="Location"
            {...form.getInputProps('locationId')}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Group>
      </Form>
      {found.isError && <Alert color="red">{errorMessage(found.error)}</Alert>}
      {found.data &&
        (found.data.vehicles.length === 0 ? (
          <Text>No vehicle in stock there has a stock number or VIN containing “{searched?.query}”.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Stock number</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.data.vehicles.map((v) => (
                  <Table.Tr key={v.inventoryVehicleId}>
                    <Table.Td>{v.vehicle}</Table.Td>
                    <Table.Td>{v.stock}</Table.Td>
                    <Table.Td>{v.locationName}</Table.Td>
                    <Table.Td ta="right">{v.price === null ? 'Not priced' : formatMoney(v.price)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        aria-label={`Quote the ${v.vehicle}, stock ${v.stock}`}
                        onClick={() =>
                          onChoose({
                            inventoryVehicleId: String(v.inventoryVehicleId),
                            locationId: String(v.locationId),
                            year: String(v.year),
                            make: v.make,
                            model: v.model,
                            trim: v.trim,
                            stock: v.stock,
                            vin: v.vin,
                            price: v.price === null ? '' : String(v.price / 100),
                          })
                        }
                      >
                        Quote
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <Anchor component="button" type="button" onClick={onByHand} w="fit-content">
        Enter a vehicle by hand
      </Anchor>
    </Stack>
  );
}

/** Discounts, addenda and taxes: lines the salesperson adds, each with its amount or rate. */
function LinesCard({ form }: { form: UseFormReturnType<Values> }) {
  const { discounts } = form.getValues();
  return (
    <Card withBorder>
      <Stack gap="md">
        <Lines
          form={form}
          list="discounts"
          title="Discounts"
          noun="discount"
          value={{ key: 'amount', label: 'Amount', leftSection: '$' }}
          blank={{ name: '', amount: '', optional: false, applied: false }}
          extra={(i) => (
            <Stack gap={4} mb={4}>
              <Checkbox
                size="xs"
                label="Optional"
                {...form.getInputProps(`discounts.${i}.optional`, { type: 'checkbox' })}
              />
              {discounts[i].optional && (
                <Checkbox
                  size="xs"
                  label="Applied"
                  {...form.getInputProps(`discounts.${i}.applied`, { type: 'checkbox' })}
                />
              )}
            </Stack>
          )}
        />
        <Lines
          form={form}
          list="addenda"
          title="Addenda"
          noun="addendum"
          value={{ key: 'amount', label: 'Amount', leftSection: '$' }}
          blank={{ name: '', amount: '' }}
        />
        <Lines
          form={form}
          list="taxes"
          title="Taxes"
          noun="tax"
          value={{ key: 'rate', label: 'Rate', rightSection: '%' }}
          blank={{ name: '', rate: '' }}
        />
      </Stack>
    </Card>
  );
}

type LineList = 'discounts' | 'addenda' | 'taxes';

/** One kind of line, under its heading: each a name and its amount or rate, removable, and a button adding another. */
function Lines<L extends LineList>({
  form,
  list,
  title,
  noun,
  value,
  blank,
  extra,
}: {
  form: UseFormReturnType<Values>;
  list: L;
  title: string;
  /** One line, in words: "addendum" (its label "Addendum 1", its button "Add addendum"). */
  noun: string;
  /** The line's figure: its field, label and unit. */
  value: { key: 'amount' | 'rate'; label: string; leftSection?: string; rightSection?: string };
  blank: FormArrayElement<Values, L>;
  /** What else a line holds, after its figure. */
  extra?: (index: number) => ReactNode;
}) {
  const lines: { name: string }[] = form.getValues()[list];
  const label = noun[0].toUpperCase() + noun.slice(1);
  return (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Stack gap="xs" mt="xs">
        {lines.map((line, i) => (
          <Group key={i} align="end" gap="xs">
            <TextInput
              label={`${label} ${i + 1}`}
              autoComplete="off"
              style={{ flex: '2 1 10rem' }}
              {...form.getInputProps(`${list}.${i}.name`)}
            />
            <TextInput
              label={value.label}
              leftSection={value.leftSection}
              rightSection={value.rightSection}
              inputMode="decimal"
              autoComplete="off"
              style={{ flex: '1 1 6rem' }}
              {...form.getInputProps(`${list}.${i}.${value.key}`)}
            />
            {extra?.(i)}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${line.name || 'this line'}`}
              onClick={() => form.removeListItem(list, i)}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem(list, blank)}
        >
          Add {noun}
        </Button>
      </Stack>
    </div>
  );
}

function QuoteSummary({
  values,
  figures,
  canText,
  saved,
}: {
  values: Values;
  figures: ReturnType<typeof quoteFigures>;
  canText: boolean;
  saved: SavedQuoteState;
}) {
  const [copyError, setCopyError] = useState('');
  const copy = async () => {
    setCopyError('');
    const quote = await saved.ensure().catch(() => null);
    if (!quote) return;
    try {
      await navigator.clipboard.writeText(`${quote.message}\n${quote.quoteUrl}`);
      notifySuccess(TEXT_COPIED, 2000);
    } catch {
      setCopyError(`The browser did not allow copying. The quote's page is ${quote.quoteUrl}`);
    }
  };
  const row = (label: string, value: string, key = label) => (
    <Table.Tr key={key}>
      <Table.Th fw={400}>{label}</Table.Th>
      <Table.Td ta="right">{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Card withBorder component="section" aria-labelledby="quote-heading" style={{ alignSelf: 'start' }}>
      <Title order={2} size="h4" id="quote-heading">
        Quote
      </Title>
      <Table mt="xs">
        <Table.Tbody>
          {row('Price', formatMoney(cents(values.price)))}
          {values.discounts
            .filter((d) => discountApplies({ ...d, amount: 0 }))
            .map((d, i) => row(d.name || `Discount ${i + 1}`, `−${formatMoney(cents(d.amount))}`, `d${i}`))}
          {values.incentives
            .filter((i) => i.applied)
            .map((i) => row(i.name, `−${formatMoney(i.amount)}`, `i${i.incentiveId}`))}
          {values.addenda.map((a, i) => row(a.name || `Addendum ${i + 1}`, formatMoney(cents(a.amount)), `a${i}`))}
          {figures.taxes.map((t, i) => row(`${t.name || `Tax ${i + 1}`} (${t.rate}%)`, formatMoney(t.amount), `t${i}`))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="md">
        <Text fw={700}>Total</Text>
        <Text fw={700} fz={28} data-testid="quote-total">
          {formatDollars(figures.total)}
        </Text>
      </Group>
      <Text size="sm">
        Savings <strong data-testid="quote-savings">{formatMoney(figures.savings)}</strong>
      </Text>
      <Text size="sm">
        Estimated payment <strong data-testid="quote-payment">{formatDollars(figures.payment)}</strong> a month (
        {QUOTE_TERM} months at {QUOTE_APR.toFixed(1)}%)
      </Text>
      {saved.error && (
        <Alert color="red" mt="sm">
          {errorMessage(saved.error)}
        </Alert>
      )}
      {copyError && (
        <Alert color="orange" mt="sm">
          {copyError}
        </Alert>
      )}
      <Group mt="md">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          loading={saved.pending}
          onClick={() => void copy()}
        >
          Copy quote
        </Button>
        {canText && (
          <Button leftSection={<IconMessage size={16} />} onClick={() => openModal(TEXT_QUOTE)}>
            Text quote
          </Button>
        )}
      </Group>
      {!canText && (
        <Text size="xs" c="dimmed" mt="xs">
          Texting a quote needs the Messenger permission.
        </Text>
      )}
    </Card>
  );
}

/**
 * Seed 000's text-price-builder-quote: the quote's text as the screen shows it now, to edit, and the
 * number. The quote is kept only when the text is sent (or was kept by Copy quote, if nothing changed
 * since): a modal opened and cancelled, or a number that is no number, keeps nothing.
 */
function TextQuoteModal(props: TextQuoteProps) {
  // Its form is mounted at each opening: it starts from the quote as it is then.
  return (
    <IdModal id={TEXT_QUOTE} title="Text the quote">
      <TextQuoteForm {...props} />
    </IdModal>
  );
}

interface TextQuoteProps {
  locationId: string;
  saved: SavedQuoteState;
  draft: string;
}

function TextQuoteForm({ locationId, saved, draft }: TextQuoteProps) {
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  // The quote's text until the salesperson edits it.
  const [edited, setEdited] = useState<string | null>(null);
  const message = edited ?? draft;
  const quote = saved.current;
  const send = useMutation({
    mutationFn: async () => {
      const kept = await saved.ensure();
      return callAction(sendText, { to, message, quoteUrl: kept.quoteUrl, locationId });
    },
    onSuccess: () => {
      notifySuccess(QUOTE_SENT);
      closeModal(TEXT_QUOTE);
    },
  });
  const submit = () => {
    // A number checked before the quote is kept: a typo keeps no quote.
    if (!parsePhoneNumberFromString(pastedPhone(to), 'US')?.isValid()) {
      setToError(to.trim() ? 'To must be a phone number such as (505) 555-0142.' : 'To is required.');
      return;
    }
    send.mutate();
  };
  const error = send.error ?? saved.error;
  return (
    <Form onSubmit={submit}>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <TextInput
          label="To"
          name="to"
          type="tel"
          autoComplete="off"
          placeholder="(505) 555-0142"
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setToError(null);
          }}
          error={toError ?? (isActionError(send.error) ? send.error.fieldErrors.to : undefined)}
          data-autofocus
        />
        <Textarea
          label="Message"
          name="message"
          autosize
          minRows={3}
          value={message}
          onChange={(e) => setEdited(e.currentTarget.value)}
        />
        {quote ? (
          <Text size="sm">
            The quote’s page, added on its own line:{' '}
            <Anchor href={quote.quoteUrl} target="_blank" rel="noreferrer">
              {quote.quoteUrl}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            A link to the quote’s page is added on its own line. The quote is kept when the text is sent.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(TEXT_QUOTE)}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending || saved.pending}>
            Send quote
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
