import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { ListScreen } from '../../web/ui/ListScreen';
import { deviceLabels, devices, loadSessions, sessionColumns } from './service.contract';
import { AppointmentTabs, REPORTS_HOME } from './serviceScreens';
import { optionsOf } from '../../web/options/optionsOf';

/** service-scheduler-sessions (seed 002): visits to the online scheduler, how far each got and what it booked. */
export default function SchedulerSessions() {
  return (
    <ListScreen
      className="service-scheduler-sessions"
      title="Scheduler sessions"
      action={loadSessions}
      noun={['session', 'sessions']}
      columns={sessionColumns}
      filters={[
        { name: 'locationId', kind: 'location' },
        { name: 'device', kind: 'select', placeholder: 'Any', data: optionsOf(devices, deviceLabels) },
        {
          name: 'booked',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Booked' },
            { value: '0', label: 'Stopped before booking' },
          ],
        },
        { name: 'minStartedAt', kind: 'date' },
        { name: 'maxStartedAt', kind: 'date' },
      ]}
      updateUrl
      above={<AppointmentTabs current="scheduler-sessions" />}
      rowKey={(row) => row.sessionId}
      rowLabel={(row) => `${row.locationName}, ${row.startedAt}`}
      emptyText="No scheduler sessions match these filters."
      cells={{
        lastStepLabel: (row) => (
          <Badge color={row.appointmentId ? 'teal' : 'gray'} variant="light">
            {row.lastStepLabel}
          </Badge>
        ),
        appointmentId: (row) =>
          row.appointmentId ? (
            <Anchor component={Link} to={`${REPORTS_HOME}/?${new URLSearchParams({ query: `#${row.appointmentId}` })}`}>
              No. {row.appointmentId}
            </Anchor>
          ) : (
            ''
          ),
      }}
    />
  );
}
