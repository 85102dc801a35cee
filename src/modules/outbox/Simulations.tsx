/**
 * The local telephony driver's stand-in for customers (docs/phones.md): a text or a call arriving on
 * one of our lines, so the whole flow can be tried offline. The replies land in the outbox.
 */
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMessage, IconPhoneIncoming } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { Form } from '../../web/ui/Form';
import { closeModal, IdModal } from '../../web/ui/modals';
import { useAction } from '../../web/ui/useAction';
import { useFields } from '../../web/ui/useFields';
import { LineNumberInput } from '../phones/LineNumberInput';
import { CALL_LISTS } from '../phones/MakeCall';
import { simulateCallInput, simulateTextInput } from '../phones/phones.contract';
import { loadOutbox, simulateInboundCall, simulateInboundText } from './outbox.contract';

const OUTBOX = loadOutbox.path;
export const SIMULATE_TEXT = 'simulate-inbound-text';
export const SIMULATE_CALL = 'simulate-inbound-call';
/** A fictional customer number outside the demo's 505 lines. */
const CUSTOMER = '(575) 555-0142';

function TextForm() {
  const form = useFields({ from: CUSTOMER, to: '', body: '' });
  const send = useAction(simulateInboundText, {
    success: (data) => {
      const replies = data.replies.length === 0 ? 'no reply' : data.replies.length === 1 ? 'one reply' : `${data.replies.length} replies`;
      return `Text received (${replies})${data.optedOut ? '; the number is opted out' : data.optedIn ? '; the number is opted in again' : ''}.`;
    },
    reload: [OUTBOX],
    onSuccess: () => closeModal(SIMULATE_TEXT),
    onError: form.markErrors,
  });
  const submit = () => {
    if (form.check(simulateTextInput, form.values)) send.mutate(form.values);
  };
  return (
    <Form onSubmit={submit}>
      <Stack>
        <TextInput label="From (the customer)" type="tel" required {...form.text('from')} />
        <LineNumberInput label="To (our line)" required value={form.values.to} onChange={(v) => form.set('to', v)} error={form.errors.to} name="to" />
        <CountedTextarea label="Body" required maxLength={1600} {...form.text('body')} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">Keywords:</Text>
          {['STOP', 'START', 'HELP'].map((k) => <Button key={k} size="compact-sm" variant="default" onClick={() => form.set('body', k)}>{k}</Button>)}
        </Group>
        <ActionAlert error={form.invalid ?? send.error} title="The text was not simulated" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(SIMULATE_TEXT)}>Cancel</Button>
          <Button type="submit" leftSection={<IconMessage size={16} />} loading={send.isPending}>Receive text</Button>
        </Group>
      </Stack>
    </Form>
  );
}

const outcomes: Record<string, string> = {
  dial: 'the call plan rings and picks up after 5 s',
  voicemail: 'it went to voicemail',
};

function CallForm() {
  const form = useFields({ from: CUSTOMER, to: '', durationSeconds: '' as number | string });
  const call = useAction(simulateInboundCall, {
    success: (data) => `Call received: ${outcomes[data.outcome] ?? 'the caller heard the line\'s message'}${data.status === 'completed' ? ', and it has ended' : '; it is live on the Live calls screen'}.`,
    reload: [OUTBOX, ...CALL_LISTS],
    onSuccess: () => closeModal(SIMULATE_CALL),
    onError: form.markErrors,
  });
  const submit = () => {
    if (form.check(simulateCallInput, form.values)) call.mutate(form.values);
  };
  return (
    <Form onSubmit={submit}>
      <Stack>
        <TextInput label="From (the customer)" type="tel" required {...form.text('from')} />
        <LineNumberInput label="To (our line)" required value={form.values.to} onChange={(v) => form.set('to', v)} error={form.errors.to} name="to" />
        <NumberInput label="End after (seconds)" description="Empty: the call stays live until it is ended on the Live calls screen." min={0} max={7200}
          value={form.values.durationSeconds} onChange={(v) => form.set('durationSeconds', v)} error={form.errors.durationSeconds} name="durationSeconds" />
        <ActionAlert error={form.invalid ?? call.error} title="The call was not simulated" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(SIMULATE_CALL)}>Cancel</Button>
          <Button type="submit" leftSection={<IconPhoneIncoming size={16} />} loading={call.isPending}>Receive call</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The two simulation modals; opened with openModal(SIMULATE_TEXT) and openModal(SIMULATE_CALL). */
export function SimulationModals() {
  return (
    <>
      <IdModal id={SIMULATE_TEXT} title="Simulate inbound text" size="md"><TextForm /></IdModal>
      <IdModal id={SIMULATE_CALL} title="Simulate inbound call" size="md"><CallForm /></IdModal>
    </>
  );
}
