import { Text, TextInput } from '@mantine/core';
import { closeModal, IdModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { RemoteSelect } from '../../web/ui/RemoteSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { loadCalls, loadProviderCalls, makeCall } from './phones.contract';
import { lineSource } from '../../web/options/lineOptions';

export const MAKE_CALL = 'make-call';
/** The lists a placed call shows up in. */
export const CALL_LISTS = [loadCalls, loadProviderCalls];

function MakeCallForm({ phoneId, to }: { phoneId?: number; to?: string }) {
  const done = () => closeModal(MAKE_CALL);
  const form = useContractForm(makeCall, {
    initialValues: { to: to ?? '', phoneId: phoneId ? String(phoneId) : '' },
    success: (data) => data.message,
    reload: CALL_LISTS,
    onSuccess: done,
  });
  return (
    <RecordForm form={form} failTitle="The call was not placed" submitLabel="Call" onCancel={done}>
      <Text size="sm" c="dimmed">
        We call the customer from the line; when they answer, the call is put through to your phone (the number on your
        profile).
      </Text>
      <TextInput type="tel" placeholder="(505) 555-0142" data-autofocus {...form.field('to')} />
      <RemoteSelect
        clearable
        description="Empty: the outbound line of your location."
        source={lineSource({ active: '1' })}
        {...form.field('phoneId')}
        value={form.values.phoneId || null}
        onChange={(v) => form.form.setFieldValue('phoneId', v ?? '')}
      />
    </RecordForm>
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
