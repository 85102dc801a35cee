/**
 * The local telephony driver's stand-in for customers (docs/phones.md): a text or a call arriving on
 * one of our lines, so the whole flow can be tried offline. The replies land in the outbox.
 */
import { Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { closeModal, IdModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { LineNumberInput } from '../../web/options/LineNumberInput';
import { loadOutbox } from './outbox.contract';
import { loadCalls, loadProviderCalls, simulateInboundCall, simulateInboundText } from '../phones/phones.contract';

const OUTBOX = loadOutbox;
export const SIMULATE_TEXT = 'simulate-inbound-text';
export const SIMULATE_CALL = 'simulate-inbound-call';
/** A fictional customer number outside the demo's 505 lines. */
const CUSTOMER = '(575) 555-0142';

function TextForm() {
  const done = () => closeModal(SIMULATE_TEXT);
  const form = useContractForm(simulateInboundText, {
    initialValues: { from: CUSTOMER, to: '', body: '' },
    success: (data) => {
      const replies =
        data.replies.length === 0
          ? 'no reply'
          : data.replies.length === 1
            ? 'one reply'
            : `${data.replies.length} replies`;
      return `Text received (${replies})${data.optedOut ? '; the number is opted out' : data.optedIn ? '; the number is opted in again' : ''}.`;
    },
    reload: [OUTBOX],
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The text was not simulated" submitLabel="Receive text" onCancel={done}>
      <TextInput type="tel" {...form.field('from')} />
      <LineNumberInput {...form.field('to')} />
      <CountedTextarea maxLength={1600} {...form.field('body')} />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Keywords:
        </Text>
        {['STOP', 'START', 'HELP'].map((k) => (
          <Button key={k} size="compact-sm" variant="default" onClick={() => form.form.setFieldValue('body', k)}>
            {k}
          </Button>
        ))}
      </Group>
    </RecordForm>
  );
}

const outcomes: Record<string, string> = {
  dial: 'the call plan rings and picks up after 5 s',
  voicemail: 'it went to voicemail',
};

function CallForm() {
  const done = () => closeModal(SIMULATE_CALL);
  const form = useContractForm(simulateInboundCall, {
    initialValues: { from: CUSTOMER, to: '', durationSeconds: '' as number | string },
    success: (data) =>
      `Call received: ${outcomes[data.outcome] ?? "the caller heard the line's message"}${data.status === 'completed' ? ', and it has ended' : '; it is live on the Live calls screen'}.`,
    reload: [OUTBOX, loadCalls, loadProviderCalls],
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The call was not simulated" submitLabel="Receive call" onCancel={done}>
      <TextInput type="tel" {...form.field('from')} />
      <LineNumberInput {...form.field('to')} />
      <NumberInput
        description="Empty: the call stays live until it is ended on the Live calls screen."
        min={0}
        max={7200}
        {...form.field('durationSeconds')}
      />
    </RecordForm>
  );
}

/** The two simulation modals; opened with openModal(SIMULATE_TEXT) and openModal(SIMULATE_CALL). */
export function SimulationModals() {
  return (
    <>
      <IdModal id={SIMULATE_TEXT} title="Simulate inbound text" size="md">
        <TextForm />
      </IdModal>
      <IdModal id={SIMULATE_CALL} title="Simulate inbound call" size="md">
        <CallForm />
      </IdModal>
    </>
  );
}
