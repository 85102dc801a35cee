/**
 * The steps of a payment as buttons (seed 001, "Payment flow on an appraisal"): only those the state
 * machine allows from where the payment stands and the user's flags permit, labelled by
 * payments.values.ts. Approving, sending and voiding ask first; changing the amount, cancelling and
 * the manual payment take a form in a modal. After each step the lists reload, so the badge and the
 * buttons move on; the success popup is the state's label ("Payment Approved").
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { reloadActions } from '../../web/ui/useActionQuery';
import { DateField } from '../../web/ui/DateField';
import { closeModal, confirm, IdModal, openModal } from '../../web/ui/modals';
import { reloadModalRecord } from '../../web/ui/RecordModal';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { useSession } from '../../web/shell/session';
import { formatDate, formatMoney } from '../../shared/format';
import {
  approvePayment,
  cancelPayment,
  changePayment,
  checkPaymentStatus,
  loadPayments,
  manualStartPayment,
  REASON_MAX,
  startManualPayment,
  startPayment,
  voidPayment,
  type PaymentReply,
} from './payments.contract';
import {
  commandLabels,
  manualMethodLabels,
  manualMethods,
  nextCommands,
  type ManualMethod,
  type PaymentCommand,
  type PaymentState,
} from './payments.values';
import { optionsOf } from '../../web/options/optionsOf';

/** What a step needs to know of the payment. */
export interface PaymentLike {
  paymentId: number;
  state: PaymentState;
  amountCents: number;
  payeeName: string;
  /** Who asked for the amount (the request, or its change): not the one to approve it (decision 022). */
  requestedBy: number | null;
  /** The provider did not answer the last send: it is sent again before it is paid another way or cancelled. */
  sendUnanswered?: boolean;
}

/** The steps a payment whose last send went unanswered does not offer (the server refuses them). */
const AFTER_ANSWER: readonly PaymentCommand[] = ['start-manual', 'cancel-payment'];

export const PAYMENT_LISTS = [loadPayments];
/** The status view's modal: its record reloads after a step taken in it. */
export const PAYMENT_STATUS = 'payment-status';
const stepOptions = {
  errors: 'alert' as const,
  success: (data: PaymentReply) => data.stateLabel,
  reload: PAYMENT_LISTS,
};

type FormStep = 'change-payment' | 'cancel-payment' | 'start-manual' | 'manual-start';
const formTitles: Record<FormStep, string> = {
  'change-payment': 'Change the amount',
  'cancel-payment': 'Cancel the payment',
  'start-manual': 'Pay manually',
  'manual-start': 'Record the manual payment as sent',
};

function ChangeForm({ payment, done }: { payment: PaymentLike; done: () => void }) {
  const form = useContractForm(changePayment, {
    initialValues: { amount: '' },
    toInput: (v) => ({ ...v, paymentId: payment.paymentId }),
    ...stepOptions,
    onSuccess: done,
  });
  const [asked, setAsked] = useState(false);
  return (
    <RecordForm
      form={{
        ...form,
        submit: () => {
          // Seed 001: changing a payment asks for confirmation first.
          if (asked || !form.form.isValid()) return form.submit();
          setAsked(true);
          void confirm({
            message: `Change the payment to ${payment.payeeName} from ${formatMoney(payment.amountCents)} to $${form.values.amount}? The payout sent is stopped; the new amount goes out once another appraisal manager approves it.`,
            confirmLabel: 'Change amount',
          }).then((yes) => {
            setAsked(false);
            if (yes) form.submit();
          });
        },
      }}
      failTitle="The amount was not changed"
      submitLabel="Change amount"
      onCancel={done}
    >
      <Text size="sm">
        Now {formatMoney(payment.amountCents)} to {payment.payeeName}.
      </Text>
      <TextInput
        data-autofocus
        placeholder="e.g. 18,250.00"
        leftSection="$"
        {...form.field('amount')}
        label="New amount"
      />
    </RecordForm>
  );
}

function CancelForm({ payment, done }: { payment: PaymentLike; done: () => void }) {
  const form = useContractForm(cancelPayment, {
    initialValues: { reason: '' },
    toInput: (v) => ({ ...v, paymentId: payment.paymentId }),
    ...stepOptions,
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The payment was not cancelled" submitLabel="Cancel payment" onCancel={done}>
      <Text size="sm">No money goes to {payment.payeeName}; the appraisal may be paid by a new request.</Text>
      <CountedTextarea
        data-autofocus
        maxLength={REASON_MAX}
        placeholder="e.g. Seller kept the car"
        {...form.field('reason')}
      />
    </RecordForm>
  );
}

const methodOptions = optionsOf(manualMethods, manualMethodLabels);

function StartManualForm({ payment, done }: { payment: PaymentLike; done: () => void }) {
  const form = useContractForm(startManualPayment, {
    initialValues: { method: '' as ManualMethod | '', details: '' },
    toInput: (v) => ({ ...v, paymentId: payment.paymentId }),
    ...stepOptions,
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The manual payment was not started" submitLabel="Pay manually" onCancel={done}>
      <Text size="sm">
        {formatMoney(payment.amountCents)} to {payment.payeeName}, made outside the payments provider.
      </Text>
      <SearchableSelect data-autofocus data={methodOptions} allowDeselect={false} {...form.field('method')} />
      <CountedTextarea
        maxLength={REASON_MAX}
        placeholder="e.g. Mail to the seller's address on the title"
        {...form.field('details')}
      />
    </RecordForm>
  );
}

function ManualStartForm({ payment, done }: { payment: PaymentLike; done: () => void }) {
  const form = useContractForm(manualStartPayment, {
    initialValues: { reference: '', sentOn: formatDate(new Date()) },
    toInput: (v) => ({ ...v, paymentId: payment.paymentId }),
    ...stepOptions,
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The manual payment was not recorded"
      submitLabel="Record as sent"
      onCancel={done}
    >
      <TextInput data-autofocus placeholder="e.g. CHK 40112" {...form.field('reference')} />
      <DateField {...form.field('sentOn')} />
    </RecordForm>
  );
}

const forms: Record<FormStep, (props: { payment: PaymentLike; done: () => void }) => ReactNode> = {
  'change-payment': ChangeForm,
  'cancel-payment': CancelForm,
  'start-manual': StartManualForm,
  'manual-start': ManualStartForm,
};

/** The buttons of a payment's next steps (`buttons(payment)`), and the modals their forms open in (`modals`). */
export function usePaymentSteps() {
  const { data: session } = useSession();
  const flags = session?.flags ?? [];
  const [open, setOpen] = useState<{ step: FormStep; payment: PaymentLike } | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void reloadModalRecord(queryClient, PAYMENT_STATUS);
  const options = { ...stepOptions, onSuccess: refresh };
  const calls = {
    approve: useAction(approvePayment, options),
    // A send that fails may have gone unanswered, which changes the steps offered: the lists reload.
    start: useAction(startPayment, { ...options, onError: () => void reloadActions(queryClient, ...PAYMENT_LISTS) }),
    void: useAction(voidPayment, options),
    'check-status': useAction(checkPaymentStatus, options),
  };
  const questions: Record<keyof typeof calls, ((p: PaymentLike) => string) | null> = {
    approve: (p) => `Approve the payment of ${formatMoney(p.amountCents)} to ${p.payeeName}?`,
    start: (p) => `Send ${formatMoney(p.amountCents)} to ${p.payeeName} now, through the payments provider?`,
    void: (p) =>
      `Void the payment of ${formatMoney(p.amountCents)} to ${p.payeeName}? The payout is stopped if it has not been paid.`,
    'check-status': null,
  };
  const run = (command: PaymentCommand, payment: PaymentLike) => {
    if (command in forms) {
      setOpen({ step: command as FormStep, payment });
      openModal(command);
      return;
    }
    const call = calls[command as keyof typeof calls];
    const question = questions[command as keyof typeof calls];
    const go = () => call.mutate({ paymentId: payment.paymentId });
    if (!question) return go();
    void confirm({ message: question(payment), confirmLabel: commandLabels[command], danger: command === 'void' }).then(
      (yes) => yes && go(),
    );
  };
  const busy = (command: PaymentCommand) => command in calls && calls[command as keyof typeof calls].isPending;
  const buttons = (payment: PaymentLike) => {
    const next = nextCommands(payment.state, flags).filter(
      (command) =>
        (command !== 'approve' || payment.requestedBy !== session?.user?.id) &&
        !(payment.sendUnanswered && AFTER_ANSWER.includes(command)),
    );
    return next.length ? (
      <Group gap={6} wrap="wrap" className="payment-steps">
        {payment.sendUnanswered && (
          <Text size="xs" c="orange.8" w="100%">
            The provider did not answer the last send: send it again (the seller is paid once).
          </Text>
        )}
        {next.map((command) => (
          <Button
            key={command}
            size="compact-sm"
            variant={command === 'void' || command === 'cancel-payment' ? 'subtle' : 'light'}
            color={command === 'void' || command === 'cancel-payment' ? 'red' : undefined}
            loading={busy(command)}
            aria-label={`${commandLabels[command]}: ${payment.payeeName}`}
            onClick={(e) => {
              e.stopPropagation();
              run(command, payment);
            }}
          >
            {commandLabels[command]}
          </Button>
        ))}
      </Group>
    ) : null;
  };
  const done = () => {
    if (open) closeModal(open.step);
    refresh();
  };
  const Form = open ? forms[open.step] : null;
  const modals = open && Form && (
    <IdModal id={open.step} title={formTitles[open.step]} size="md" onClose={() => setOpen(null)}>
      <Form key={`${open.step}-${open.payment.paymentId}`} payment={open.payment} done={done} />
    </IdModal>
  );
  return { buttons, modals };
}
