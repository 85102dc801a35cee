import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Text } from '@mantine/core';
import { IconHeadset, IconPhoneOutgoing } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { ListScreen } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import { CallStatusBadge, DirectionLabel, otherParty, useCallControls } from './CallControls';
import { MAKE_CALL, MakeCallModal } from './MakeCall';
import { callColumns, loadCalls } from './phones.contract';
import { lineSource } from '../../web/options/lineOptions';
import { callHref, callStatusOptions, directionOptions, isControllable } from './phoneScreens';
import { useOpenRecord } from '../../web/ui/RecordPage';

/** call-manager: every call of the group, newest first; filters live in the address. */
export default function CallManager() {
  const canCall = useCan('messenger');
  const controls = useCallControls();
  const open = useOpenRecord();
  const [callBack, setCallBack] = useState<{ to?: string; phoneId?: number }>({});
  const call = (target: { to?: string; phoneId?: number }) => {
    setCallBack(target);
    openModal(MAKE_CALL);
  };

  return (
    <ListScreen
      className="call-manager"
      title="Calls"
      action={loadCalls}
      noun={['call', 'calls']}
      columns={callColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Number, line, store or agent' },
        { name: 'locationId', kind: 'location' },
        { name: 'phoneId', kind: 'remote', source: lineSource() },
        { name: 'direction', kind: 'select', placeholder: 'Any', data: directionOptions },
        { name: 'status', kind: 'select', placeholder: 'Any', data: callStatusOptions },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.callSid}
      onRowClick={(row) => open(callHref(row.callSid))}
      rowActions={
        canCall || controls.allowed
          ? (row) => [
              ...(isControllable(row) ? controls.menuItems(row) : []),
              ...(canCall
                ? [
                    {
                      label: 'Call back',
                      icon: <IconPhoneOutgoing size={16} />,
                      onClick: () => call({ to: otherParty(row), phoneId: row.phoneId ?? undefined }),
                    },
                  ]
                : []),
            ]
          : undefined
      }
      cells={{
        direction: (row) => <DirectionLabel direction={row.direction} />,
        status: (row) => <CallStatusBadge status={row.status} />,
        userName: (row) =>
          row.userName ?? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }}
      toolbar={
        <>
          <Button component={Link} to="/phones/calls/twilio" variant="default" leftSection={<IconHeadset size={16} />}>
            Live calls
          </Button>
          {canCall && (
            <Button leftSection={<IconPhoneOutgoing size={16} />} onClick={() => call({})}>
              Make a call
            </Button>
          )}
        </>
      }
    >
      {controls.modal}
      <MakeCallModal key={`${callBack.to}:${callBack.phoneId}`} to={callBack.to} phoneId={callBack.phoneId} />
    </ListScreen>
  );
}
