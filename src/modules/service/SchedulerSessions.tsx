import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { ListScreen, type FilterSpec } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { deviceLabels, devices, loadSessions, sessionColumns } from './service.contract';
import { AppointmentTabs, REPORTS_HOME } from './serviceScreens';
import { optionsOf } from '../../web/options/optionsOf';

type Row = RowOf<typeof loadSessions>;

/** service-scheduler-sessions (seed 002): visits to the online scheduler, how far each got and what it booked. */
export default function SchedulerSessions() {
  const locations = useLocationOptions();
  const filters: FilterSpec[] = [
    { name: 'locationId', label: 'Location', kind: 'select', data: locationSelectData(locations.data) },
    { name: 'device', label: 'Device', kind: 'select', placeholder: 'Any', data: optionsOf(devices, deviceLabels) },
    { name: 'booked', label: 'Outcome', kind: 'select', placeholder: 'Any', data: [{ value: '1', label: 'Booked' }, { value: '0', label: 'Stopped before booking' }] },
    { name: 'minStartedAt', label: 'From', kind: 'date' },
    { name: 'maxStartedAt', label: 'To', kind: 'date' },
  ];
  return (
    <ListScreen<Row>
      className="service-scheduler-sessions"
      title="Scheduler sessions"
      action={loadSessions}
      noun={['session', 'sessions']}
      columns={sessionColumns}
      filters={filters}
      updateUrl
      above={<AppointmentTabs current="scheduler-sessions" />}
      rowKey={(row) => row.sessionId}
      rowLabel={(row) => `${row.locationName}, ${row.startedAt}`}
      emptyText="No scheduler sessions match these filters."
      cells={{
        lastStepLabel: (row) => <Badge color={row.appointmentId ? 'teal' : 'gray'} variant="light">{row.lastStepLabel}</Badge>,
        appointmentId: (row) => (row.appointmentId
          ? <Anchor component={Link} to={`${REPORTS_HOME}/?${new URLSearchParams({ query: `#${row.appointmentId}` })}`}>No. {row.appointmentId}</Anchor>
          : ''),
      }}
    />
  );
}
