import { useSearchParams } from 'react-router';
import { Anchor, Button } from '@mantine/core';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { openModal } from '../../web/ui/modals';
import { RecordFields, RecordPage } from '../../web/ui/RecordPage';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { formatDateTime, formatPhone } from '../../shared/format';
import { CallStatusBadge, DirectionLabel, LiveDuration, otherParty, useCallControls } from './CallControls';
import { MAKE_CALL, MakeCallModal } from './MakeCall';
import { loadCalls, type CallRow } from './phones.contract';
import { isControllable, isLiveStatus } from './phoneScreens';

/** A call's provider id as the call log's search finds exactly one call by it. */
const CALL_SID = /^CA[0-9a-fA-F]{32}$/;

function CallFields({ call }: { call: CallRow }) {
  const live = isLiveStatus(call.status);
  return (
    <RecordFields
      fields={[
        { label: 'Started', value: formatDateTime(call.startedAt) },
        { label: 'Status', value: <CallStatusBadge status={call.status} /> },
        { label: 'Duration', value: live ? <LiveDuration since={call.startedAt} /> : call.duration },
        { label: 'Direction', value: <DirectionLabel direction={call.direction} /> },
        { label: 'From', value: formatPhone(call.from) },
        { label: 'To', value: formatPhone(call.to) },
        { label: 'Line', value: call.phoneDescription },
        { label: 'Location', value: call.locationName },
        { label: 'Agent', value: call.userName },
        { label: 'Transferred to', value: call.transferredTo && formatPhone(call.transferredTo) },
        {
          label: 'Recording',
          value: call.recordingUrl && (
            <Anchor inherit href={call.recordingUrl} target="_blank" rel="noreferrer">
              Listen to the recording
            </Anchor>
          ),
        },
        { label: 'Provider id', value: call.callSid },
      ]}
    />
  );
}

/**
 * A call's page (`?sid=`, the provider's id), opened from the call log. It is read through the call
 * log's own action, whose search finds exactly the call with that id within the user's reach.
 */
export default function CallPage() {
  const [params] = useSearchParams();
  const sid = params.get('sid') ?? '';
  const canCall = useCan('messenger');
  const controls = useCallControls();
  const query = useActionQuery(
    loadCalls,
    { query: sid, view: 'rows', limit: 1 },
    { enabled: CALL_SID.test(sid), select: (reply) => reply.rows[0] ?? null },
  );
  return (
    <RecordPage
      className="call-page"
      kind="Call"
      list={{ label: 'Calls', href: '/phones/calls/' }}
      record={CALL_SID.test(sid) ? query.data : null}
      error={query.error}
      missing="This address names no call within your stores."
      name={(call) => formatPhone(otherParty(call))}
      summary={(call) =>
        `${call.direction === 'inbound' ? 'Called in to' : 'Called from'} ${call.phoneDescription ?? formatPhone(call.direction === 'inbound' ? call.to : call.from)}`
      }
      actions={(call) => (
        <>
          {isControllable(call) && controls.buttons(call)}
          {canCall && (
            <Button leftSection={<IconPhoneOutgoing size={16} />} onClick={() => openModal(MAKE_CALL)}>
              Call back
            </Button>
          )}
        </>
      )}
    >
      {(call) => (
        <>
          <CallFields call={call} />
          {controls.modal}
          <MakeCallModal to={otherParty(call)} phoneId={call.phoneId ?? undefined} />
        </>
      )}
    </RecordPage>
  );
}
