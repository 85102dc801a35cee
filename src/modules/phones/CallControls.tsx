/**
 * What the call screens share: the status badge, and ending or transferring a live call, each after a
 * confirmation (seed 001, section 5). The lists of calls reload afterwards.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowForwardUp, IconArrowUpRight, IconPhoneOff } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { closeModal, confirm, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatPhone } from '../../shared/format';
import { LineNumberInput } from '../../web/options/LineNumberInput';
import { CALL_LISTS } from './MakeCall';
import { endCall, formatDuration, transferCall, type CallDirection, type CallStatus } from './phones.contract';
import { callStatusColors, callStatusLabels } from './phoneScreens';

export interface ControlledCall {
  callSid: string;
  direction: CallDirection;
  from: string;
  to: string;
  status: CallStatus;
}

/** The customer's side of a call: who called us, or whom we called. */
export const otherParty = (call: Pick<ControlledCall, 'direction' | 'from' | 'to'>) =>
  call.direction === 'inbound' ? call.from : call.to;

export function DirectionLabel({ direction }: { direction: CallDirection }) {
  const Icon = direction === 'inbound' ? IconArrowDownLeft : IconArrowUpRight;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon
        size={14}
        color={direction === 'inbound' ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-grape-6)'}
      />
      <Text size="sm">{direction === 'inbound' ? 'Inbound' : 'Outbound'}</Text>
    </Group>
  );
}

export function CallStatusBadge({ status }: { status: CallStatus }) {
  // Title case and no ellipsis: the status is the point of the row, it must read in full.
  return (
    <Badge variant="light" color={callStatusColors[status]} className="call-status" tt="none">
      {callStatusLabels[status] ?? status}
    </Badge>
  );
}

function TransferForm({ call }: { call: ControlledCall }) {
  const done = () => closeModal('transfer-call');
  const form = useContractForm(transferCall, {
    initialValues: { to: '' },
    toInput: (values) => ({ callSid: call.callSid, to: values.to }),
    // The contract takes a line or a number; this form asks for one of them, as the server would.
    check: (values) => (values.to.trim() ? {} : { to: 'Choose a line or type a number to transfer the call to.' }),
    success: (data) => data.message,
    reload: CALL_LISTS,
    onSuccess: done,
  });
  // Checked first, then confirmed, then sent.
  const submit = async () => {
    if (
      form.form.isValid() &&
      !(await confirm({
        message: `Are you sure you want to transfer this call to ${formatPhone(form.values.to)}?`,
        confirmLabel: 'Transfer',
      }))
    )
      return;
    form.submit();
  };
  return (
    <RecordForm
      form={{ ...form, submit: () => void submit() }}
      failTitle="The call was not transferred"
      submitLabel="Transfer"
      onCancel={done}
    >
      <Text size="sm">
        The caller, {formatPhone(otherParty(call))}, is connected to the line or number you choose; this call's line
        hangs up.
      </Text>
      <LineNumberInput description="One of our lines, or any number." autoFocus {...form.field('to')} required />
    </RecordForm>
  );
}

/** End and transfer for live calls; `modal` must be rendered once by the screen. */
export function useCallControls() {
  const allowed = useCan('phoneAdmin');
  const [transferring, setTransferring] = useState<ControlledCall | null>(null);
  const end = useAction(endCall, {
    success: (data) => data.message,
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: CALL_LISTS,
  });
  const askEnd = async (call: ControlledCall) => {
    if (
      await confirm({
        message: `Are you sure you want to end this call with ${formatPhone(otherParty(call))}?`,
        confirmLabel: 'End call',
        danger: true,
      })
    ) {
      end.mutate({ callSid: call.callSid });
    }
  };
  const askTransfer = (call: ControlledCall) => {
    setTransferring(call);
    openModal('transfer-call');
  };
  const buttons = (call: ControlledCall) =>
    allowed && (
      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          leftSection={<IconPhoneOff size={14} />}
          loading={end.isPending && end.variables?.callSid === call.callSid}
          onClick={(e) => {
            e.stopPropagation();
            void askEnd(call);
          }}
        >
          End
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconArrowForwardUp size={14} />}
          onClick={(e) => {
            e.stopPropagation();
            askTransfer(call);
          }}
        >
          Transfer
        </Button>
      </Group>
    );
  const modal = (
    <IdModal id="transfer-call" title="Transfer call" size="md">
      {transferring && <TransferForm call={transferring} />}
    </IdModal>
  );
  const menuItems = (call: ControlledCall) =>
    allowed
      ? [
          { label: 'End call', icon: <IconPhoneOff size={16} />, color: 'red', onClick: () => void askEnd(call) },
          { label: 'Transfer call', icon: <IconArrowForwardUp size={16} />, onClick: () => askTransfer(call) },
        ]
      : [];
  return { allowed, buttons, menuItems, modal };
}

/**
 * How long a live call has run, counted up each second on the screen from when it started (the
 * provider's own duration is only known once the call ends).
 */
export function LiveDuration({ since }: { since: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="live-duration">{formatDuration(Math.max(0, Math.floor((now - Date.parse(since)) / 1000)))}</span>
  );
}
