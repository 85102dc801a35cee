import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { closeModal, IdModal } from '../../web/ui/modals';
import { RemoteSelect } from '../../web/ui/RemoteSelect';
import { useAction } from '../../web/ui/useAction';
import { useFields } from '../../web/ui/useFields';
import { makeCallInput } from './phones.contract';
import { lineSource } from './pickers';

export const MAKE_CALL = 'make-call';
/** The lists a placed call shows up in. */
export const CALL_LISTS = ['phones/calls/load-calls', 'phones/calls/load-twilio-calls'];

function MakeCallForm({ phoneId, to }: { phoneId?: number; to?: string }) {
  const form = useFields({ to: to ?? '', phoneId: phoneId ? String(phoneId) : '' });
  const call = useAction<Record<string, unknown>, { message: string }>('phones/calls/make-call', {
    success: (data) => data.message,
    reload: CALL_LISTS,
    onSuccess: () => closeModal(MAKE_CALL),
    onError: form.markErrors,
  });
  const submit = () => {
    if (!form.check(makeCallInput, form.values)) return;
    call.mutate(form.values);
  };
  return (
    <Form onSubmit={submit}>
      <Stack>
        <Text size="sm" c="dimmed">We call the customer from the line; when they answer, the call is put through to your phone (the number on your profile).</Text>
        <TextInput label="Number to call" type="tel" required placeholder="(505) 555-0142" data-autofocus {...form.text('to')} />
        <RemoteSelect label="Call from" clearable description="Empty: the outbound line of your location."
          source={lineSource({ active: '1' })} {...form.select('phoneId')} />
        <ActionAlert error={form.invalid ?? call.error} title="The call was not placed" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(MAKE_CALL)}>Cancel</Button>
          <Button type="submit" leftSection={<IconPhoneOutgoing size={16} />} loading={call.isPending}>Call</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The outbound call (phones/calls/make-call, permission messenger); opened with openModal(MAKE_CALL). */
export function MakeCallModal({ phoneId, to }: { phoneId?: number; to?: string }) {
  return (
    <IdModal id={MAKE_CALL} title="Make a call" size="md">
      <MakeCallForm phoneId={phoneId} to={to} />
    </IdModal>
  );
}
