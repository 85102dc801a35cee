/**
 * "Request payment" (seed 001: create): asks for approval of a payment of an appraisal's offer to its
 * seller. `RequestPaymentButton({ appraisalId })` is the button an appraisal's screen shows; the
 * payments list's own button lets the appraiser choose the appraisal (by customer, VIN or vehicle).
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { RemoteSelect, type OptionSource } from '../../web/ui/RemoteSelect';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { useCan } from '../../web/shell/session';
import { formatMoney } from '../../shared/format';
import type { OutputOf } from '../../shared/contract';
import { appraisalOptions, createPayment, type PaymentReply } from './payments.contract';
import { PAYMENT_LISTS } from './PaymentSteps';

type AppraisalOption = OutputOf<typeof appraisalOptions>['appraisals'][number];

const appraisalSource: OptionSource<AppraisalOption, typeof appraisalOptions> = {
  action: appraisalOptions,
  rows: (reply) => reply.appraisals,
  toOption: (a) => ({
    value: String(a.appraisalId),
    label: `${a.customerName} · ${a.vehicle}${a.vin ? ` · ${a.vin.slice(-6)}` : ''} · ${formatMoney(a.offerCents)} · ${a.locationName}${a.paymentId ? ' (has a payment)' : ''}`,
  }),
};

const requestOptions = { success: (data: PaymentReply) => data.stateLabel, reload: PAYMENT_LISTS };

/** The request with the appraisal chosen in the form. */
function RequestForm({ done, onRequested }: { done: () => void; onRequested?: (paymentId: number) => void }) {
  const form = useContractForm(createPayment, {
    initialValues: { appraisalId: '' },
    ...requestOptions,
    onSuccess: (data) => {
      done();
      onRequested?.(data.paymentId);
    },
  });
  return (
    <RecordForm form={form} failTitle="The payment was not requested" submitLabel="Request payment" onCancel={done}>
      <Stack gap="xs">
        <Text size="sm">
          A payment of the appraisal&apos;s offer to its seller, sent once an appraisal manager approves it.
        </Text>
        <RemoteSelect
          source={appraisalSource}
          placeholder="Type a customer, VIN or vehicle"
          description="Offers the customer accepted, and vehicles bought."
          {...form.field('appraisalId')}
          value={form.values.appraisalId || null}
          onChange={(v) => form.form.setFieldValue('appraisalId', v ?? '')}
        />
      </Stack>
    </RecordForm>
  );
}

export const REQUEST_PAYMENT = 'request-payment';

/** The list's "Request payment": a modal choosing the appraisal. */
export function RequestPaymentModal({ onRequested }: { onRequested?: (paymentId: number) => void }) {
  return (
    <IdModal id={REQUEST_PAYMENT} title="Request payment" size="lg">
      <RequestForm done={() => closeModal(REQUEST_PAYMENT)} onRequested={onRequested} />
    </IdModal>
  );
}

export const openRequestPayment = () => openModal(REQUEST_PAYMENT);

/** For an appraisal's screen: requests the payment of this appraisal's offer (or answers the one it has). */
export default function RequestPaymentButton({ appraisalId }: { appraisalId: number }) {
  const allowed = useCan('appraiser');
  const [requested, setRequested] = useState<string | null>(null);
  const create = useAction(createPayment, {
    ...requestOptions,
    errors: 'alert',
    onSuccess: (data) => setRequested(data.stateLabel),
  });
  if (!allowed) return null;
  return (
    <Button
      leftSection={<IconCashBanknote size={16} />}
      variant="light"
      loading={create.isPending}
      disabled={!!requested}
      onClick={() => create.mutate({ appraisalId })}
    >
      {requested ?? 'Request payment'}
    </Button>
  );
}
export { RequestPaymentButton };
