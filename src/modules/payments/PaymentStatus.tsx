/**
 * The payment status view (seed 001, "payment status"): where the payment stands, every step it
 * took (who, from which state to which, the amount then, when), what the provider holds for it, and
 * its next steps, Check status among them.
 */
import { Badge, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { callAction } from '../../web/api';
import { useRecordModal } from '../../web/ui/RecordForm';
import { formatDateTime, formatMoney, formatPhone } from '../../shared/format';
import type { OutputOf } from '../../shared/contract';
import { loadPayment } from './payments.contract';
import { manualMethodLabels, paymentStateColors } from './payments.values';
import { PAYMENT_STATUS, type usePaymentSteps } from './PaymentSteps';
import { VinSlot } from '../../web/slots';

type Loaded = OutputOf<typeof loadPayment>;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function PaymentStatus({ data, steps }: { data: Loaded; steps: ReturnType<typeof usePaymentSteps> }) {
  const { payment: p, events, payout } = data;
  return (
    <Stack className="payment-status">
      <Group justify="space-between" align="center">
        <Badge size="lg" color={paymentStateColors[p.state]} variant="light" className="payment-state">
          {p.stateLabel}
        </Badge>
        <Text fw={600}>{formatMoney(p.amountCents)}</Text>
      </Group>
      {steps.buttons(p)}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Seller">{p.payeeName}</Field>
        <Field label="Contact">{[p.payeeEmail, formatPhone(p.payeePhone)].filter(Boolean).join(' · ') || '—'}</Field>
        <Field label="Vehicle">
          {p.vehicle}
          {p.vin && (
            <>
              {' · '}
              <VinSlot vin={p.vin} />
            </>
          )}
        </Field>
        <Field label="Location">{p.locationName}</Field>
        <Field label="Offer">{formatMoney(p.offerCents)}</Field>
        <Field label="Requested by">
          {p.requestedByName ?? '—'}
          {p.approvedByName ? `; approved by ${p.approvedByName}` : ''}
        </Field>
        {p.manualMethod && (
          <Field label="Paid manually">
            {manualMethodLabels[p.manualMethod]}
            {p.manualDetails ? `: ${p.manualDetails}` : ''}
          </Field>
        )}
        {p.manualReference && (
          <Field label="Cheque or wire number">
            {p.manualReference}, sent on {p.manualSentOn}
          </Field>
        )}
        <Field label="Provider">
          {p.providerReference
            ? `${p.providerReference} · ${p.providerStatus ?? 'not asked'}${p.providerCheckedAt ? `, as of ${formatDateTime(p.providerCheckedAt)}` : ''}`
            : 'Not sent through the provider'}
        </Field>
        {payout && (
          <Field label="What the local provider sent">
            {formatMoney(payout.amountCents)} to {payout.payeeName} (
            {payout.payeeEmail || formatPhone(payout.payeePhone) || 'no contact'}), “{payout.memo}”, key{' '}
            {payout.idempotencyKey}
          </Field>
        )}
      </SimpleGrid>
      <Title order={3} size="h5">
        Steps
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} className="payment-events">
        {events.map((e) => (
          <Timeline.Item key={e.eventId} title={`${e.actionLabel}: ${e.toStateLabel}`}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)} · {e.userName ?? 'a removed user'} · {formatMoney(e.amountCents)}
            </Text>
            {e.note && <Text size="sm">{e.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** The status view in a modal opened by a payment's id (a list row, a link with `?payment=`). */
export function usePaymentStatus(steps: ReturnType<typeof usePaymentSteps>) {
  return useRecordModal({
    id: PAYMENT_STATUS,
    title: (paymentId: number) => `Payment ${paymentId}`,
    load: (paymentId: number) => callAction(loadPayment, { paymentId }),
    form: (data: Loaded) => <PaymentStatus data={data} steps={steps} />,
  });
}
