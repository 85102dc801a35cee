import { Link } from 'react-router';
import { Badge, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { IconList, IconPhoneOutgoing, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { FilteredScreen, type Filters } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import type { PopoutItem } from '../../web/ui/PopoutMenu';
import { useAction } from '../../web/ui/useAction';
import { formatNumber } from '../../shared/format';
import { CallStatusBadge, DirectionLabel, LiveDuration, otherParty, useCallControls } from './CallControls';
import { CALL_LISTS, MAKE_CALL, MakeCallModal } from './MakeCall';
import {
  loadProviderCalls,
  nextCallStatuses,
  simulateCallStatus,
  providerCallColumns,
  type CallStatus,
  type ProviderCall,
} from './phones.contract';
import { callStatusLabels, callStatusOptions } from './phoneScreens';
import { reloadActions, useActionQuery } from '../../web/ui/useActionQuery';

const ACTION = loadProviderCalls;
/** Live calls change by the second: the screen asks again this often while it is open. */
const REFRESH_MS = 5000;

function CallsBody({ filters }: { filters: Filters }) {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const calls = useActionQuery(ACTION, params, {
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const controls = useCallControls();
  const canSimulate = useCan('developer') && calls.data?.provider === 'local';
  const simulate = useAction(simulateCallStatus, {
    success: (_d, input) => `The call is now ${callStatusLabels[input.status as CallStatus].toLowerCase()}.`,
    errors: 'alert',
    reload: CALL_LISTS,
  });
  // Live calls first, each group newest first, as the provider lists them.
  const rows = [...(calls.data?.rows ?? [])].sort((a, b) => Number(b.live) - Number(a.live));
  const menu = (row: ProviderCall): PopoutItem[] =>
    row.live
      ? [
          ...controls.menuItems(row),
          ...(canSimulate
            ? nextCallStatuses(row.status).map((status) => ({
                label: `Simulate: ${callStatusLabels[status].toLowerCase()}`,
                icon: <IconPlayerPlay size={16} />,
                onClick: () => simulate.mutate({ callSid: row.callSid, status }),
              }))
            : []),
        ]
      : [];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3} size="h4" className="list-count">
            {calls.data
              ? `${formatNumber(calls.data.liveCount)} live ${calls.data.liveCount === 1 ? 'call' : 'calls'} of ${formatNumber(calls.data.callCount)} recent`
              : 'Loading calls…'}
          </Title>
          {calls.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        {calls.data && (
          <Badge variant="outline" color="gray">
            {calls.data.provider === 'local' ? 'Local telephony driver' : 'Twilio'}
          </Badge>
        )}
      </Group>
      <ActionAlert error={calls.error} title="The calls could not be loaded" />
      <DataTable<ProviderCall>
        label="Provider calls"
        columns={
          controls.allowed ? [...providerCallColumns, { key: 'controls', label: 'Live call' }] : providerCallColumns
        }
        rows={rows}
        rowKey={(row) => row.callSid}
        rowLabel={(row) => `call with ${otherParty(row)}`}
        rowActions={controls.allowed || canSimulate ? menu : undefined}
        emptyText="No calls in this range."
        cells={{
          direction: (row) => <DirectionLabel direction={row.direction} />,
          status: (row) => <CallStatusBadge status={row.status} />,
          phoneDescription: (row) => row.phoneDescription ?? '',
          duration: (row) => (row.live && row.startedAt ? <LiveDuration since={row.startedAt} /> : row.duration),
          controls: (row) => (row.live ? controls.buttons(row) : ''),
        }}
      />
      {controls.modal}
    </Stack>
  );
}

/** live-calls: the telephony provider's own view of live and recent calls, with end and transfer. */
export default function LiveCalls() {
  const queryClient = useQueryClient();
  const canCall = useCan('messenger');
  return (
    <FilteredScreen
      className="live-calls"
      title="Live calls"
      action={ACTION}
      filters={[
        { name: 'status', kind: 'select', placeholder: 'Any', data: callStatusOptions },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      toolbar={
        <>
          <Button
            variant="default"
            className="list-refresh"
            leftSection={<IconRefresh size={16} />}
            onClick={() => reloadActions(queryClient, ACTION)}
          >
            Refresh
          </Button>
          <Button component={Link} to="/phones/calls/" variant="default" leftSection={<IconList size={16} />}>
            All calls
          </Button>
          {canCall && (
            <Button leftSection={<IconPhoneOutgoing size={16} />} onClick={() => openModal(MAKE_CALL)}>
              Make a call
            </Button>
          )}
        </>
      }
    >
      {(applied) => (
        <>
          <CallsBody filters={applied} />
          <MakeCallModal />
        </>
      )}
    </FilteredScreen>
  );
}
