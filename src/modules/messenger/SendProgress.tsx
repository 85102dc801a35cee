/**
 * Where a bulk send stands, asked again every second until it is over: a bar of what is settled
 * (sent, refused, failed), every count, the most frequent reasons for refusals, the time left, and
 * Cancel send while it runs.
 */
import { Alert, Badge, Button, Center, Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlayerStop } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { confirm } from '../../web/ui/modals';
import { StatCards } from '../../web/ui/StatCards';
import { useAction } from '../../web/ui/useAction';
import { formatDateTime, formatNumber } from '../../shared/format';
import {
  cancelSend,
  loadSend,
  loadSends,
  SEND_CANCELLED,
  type SendProgress as Progressed,
  type SendState,
} from './messenger.contract';
import { reloadAction, useActionQuery } from '../../web/ui/useActionQuery';

/** How often a send still going is asked about. */
const POLL_MS = 1000;
const FINISHED: readonly SendState[] = ['done', 'cancelled', 'failed'];
const isFinished = (state: SendState) => FINISHED.includes(state);

export const stateColors: Record<SendState, string> = {
  queued: 'gray',
  sending: 'blue',
  waiting: 'yellow',
  done: 'teal',
  cancelled: 'gray',
  failed: 'red',
};

/** "about 2 min left", from the server's estimate at the line's pace. */
function timeLeft(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`;
}

const stats = (figures: [string, number][]) => figures.map(([label, value]) => ({ label, value: formatNumber(value) }));

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** A call is placed and answered where a text is sent and delivered. */
const wordsFor = (kind: Progressed['kind']) =>
  kind === 'call' ? { sent: 'Placed', delivered: 'Answered' } : { sent: 'Sent', delivered: 'Delivered' };

function ProgressBar({ send }: { send: Progressed }) {
  const whole = send.recipientCount;
  // Failed texts are among those sent (the carrier said so after): the bar shows them apart.
  const settled = send.sent + send.refused;
  const words = wordsFor(send.kind);
  const label = `${words.sent} ${formatNumber(send.sent)} of ${formatNumber(whole)}`;
  const detail = [
    send.refused && `${formatNumber(send.refused)} refused`,
    send.failed && `${formatNumber(send.failed)} failed`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>
          {label}
          {detail ? ` · ${detail}` : ''}
        </Text>
        {timeLeft(send.secondsLeft) && (
          <Text size="sm" c="dimmed" className="send-time-left">
            {timeLeft(send.secondsLeft)}
          </Text>
        )}
      </Group>
      {/* One bar for the screen reader, its parts for the eye: the parts carry no role of their own. */}
      <Progress.Root
        size="xl"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={whole}
        aria-valuenow={settled}
        aria-valuetext={`${label}${detail ? `, ${detail}` : ''}`}
      >
        <Progress.Section value={percent(send.sent - send.failed, whole)} color="teal" withAria={false} />
        <Progress.Section value={percent(send.refused, whole)} color="yellow" withAria={false} />
        <Progress.Section value={percent(send.failed, whole)} color="red" withAria={false} />
      </Progress.Root>
      <Group gap="md">
        {(
          [
            ['teal', words.sent],
            ['yellow', 'Refused'],
            ['red', 'Failed'],
          ] as const
        ).map(([color, name]) => (
          <Group key={name} gap={6}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 12,
                height: 12,
                borderRadius: 3,
                background: `var(--mantine-color-${color}-filled)`,
              }}
            />
            <Text size="xs">{name}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** A bulk send's progress (messenger/bulk/load-send), polled every second until it is done, cancelled or failed. */
export function SendProgress({ sendId, heading = true }: { sendId: number; heading?: boolean }) {
  const queryClient = useQueryClient();
  const progress = useActionQuery(
    loadSend,
    { sendId },
    {
      select: (reply) => reply.send,
      refetchInterval: (query) => (query.state.data && isFinished(query.state.data.send.state) ? false : POLL_MS),
      staleTime: 0,
    },
  );
  const cancel = useAction(cancelSend, {
    success: SEND_CANCELLED,
    reload: [loadSends],
    onSuccess: () => void reloadAction(queryClient, loadSend, { sendId }),
  });
  const send = progress.data;
  if (!send) {
    return progress.error ? (
      <ActionAlert error={progress.error} title="The send could not be loaded" />
    ) : (
      <Center h={160}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const over = isFinished(send.state);
  // Those waiting for their morning are among the queued.
  const left = send.queued;
  const askCancel = async () => {
    const ok = await confirm({
      title: 'Cancel this send?',
      message: `The ${formatNumber(left)} ${left === 1 ? 'recipient' : 'recipients'} not sent yet will not be sent. Those already sent stay sent.`,
      confirmLabel: 'Cancel send',
      cancelLabel: 'Keep sending',
      danger: true,
    });
    if (ok) cancel.mutate({ sendId });
  };

  return (
    <Stack gap="md" className="send-progress">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          {heading && (
            <Text fw={700}>
              {send.kindLabel} from {send.locationName}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {formatNumber(send.recipientCount)} {send.recipientCount === 1 ? 'recipient' : 'recipients'} · started{' '}
            {formatDateTime(send.createdAt)}
            {send.createdBy ? ` by ${send.createdBy}` : ''}
            {send.finishedAt ? ` · finished ${formatDateTime(send.finishedAt)}` : ''}
          </Text>
        </Stack>
        <Badge
          size="lg"
          variant="light"
          color={stateColors[send.state]}
          className="send-state"
          style={{ flexShrink: 0 }}
        >
          {send.stateLabel}
        </Badge>
      </Group>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap' }}
        p="sm"
        bg="var(--mantine-color-default-hover)"
        bdrs="md"
        lineClamp={12}
      >
        {send.body}
      </Text>
      <ProgressBar send={send} />
      {/* What became of those handled, then those not (yet) sent. */}
      <StatCards
        stats={stats([
          [wordsFor(send.kind).sent, send.sent],
          [wordsFor(send.kind).delivered, send.delivered],
          ['Failed', send.failed],
          ['Refused', send.refused],
        ])}
      />
      <StatCards
        stats={stats([
          ['Queued', send.queued],
          ['Waiting', send.waiting],
          ['Cancelled', send.cancelled],
          ...(send.unknown > 0 ? ([['Not known', send.unknown]] as [string, number][]) : []),
        ])}
      />
      {send.unknown > 0 && (
        <Alert color="yellow" variant="light" title="Not known whether sent">
          {formatNumber(send.unknown)} {send.unknown === 1 ? 'email was' : 'emails were'} with the mail server when the
          send was cancelled; a mail server keeps no list to ask, so whether{' '}
          {send.unknown === 1 ? 'it went out' : 'they went out'} is not known.
        </Alert>
      )}
      {send.waiting > 0 && !over && (
        <Alert color="yellow" variant="light" title="Waiting for the morning">
          {formatNumber(send.waiting)} {send.waiting === 1 ? 'recipient is' : 'recipients are'} outside 8:00–21:00 in
          their time zone; they are sent when it opens.
        </Alert>
      )}
      {send.reasons.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Why some were refused
          </Text>
          <List size="sm" spacing={4} className="send-reasons">
            {send.reasons.map((r) => (
              <List.Item key={r.reason}>
                {r.reason} ({formatNumber(r.count)})
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <ActionAlert error={cancel.error} title="The send was not cancelled" />
      {!over && (
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            loading={cancel.isPending}
            onClick={() => void askCancel()}
          >
            Cancel send
          </Button>
        </Group>
      )}
    </Stack>
  );
}
