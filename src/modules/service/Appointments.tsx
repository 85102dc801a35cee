import { Badge } from '@mantine/core';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { ListScreen, type FilterSpec } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { appointmentColumns, appointmentStatuses, appointmentStatusLabels, loadAppointments, type AppointmentStatus } from './service.contract';
import { AppointmentTabs, useServiceOptions } from './serviceScreens';
import { optionsOf } from '../../web/options/optionsOf';

type Row = RowOf<typeof loadAppointments>;

const statusColors: Record<AppointmentStatus, string> = { scheduled: 'blue', completed: 'teal', 'no-show': 'orange', canceled: 'gray' };

/** appointment-data-manager (seed 000): the bookings themselves, by store, source, service, status, recall and days booked. */
export default function Appointments() {
  const locations = useLocationOptions();
  const options = useServiceOptions();
  const filters: FilterSpec[] = [
    { name: 'query', label: 'Search', kind: 'search', placeholder: 'Customer, phone or vehicle' },
    { name: 'locationId', label: 'Location', kind: 'select', data: locationSelectData(locations.data) },
    { name: 'sourceId', label: 'Source', kind: 'select', placeholder: 'Any', data: options.data?.sources ?? [] },
    { name: 'serviceId', label: 'Service', kind: 'select', placeholder: 'Any', data: options.data?.services ?? [] },
    { name: 'status', label: 'Status', kind: 'select', placeholder: 'Any', data: optionsOf(appointmentStatuses, appointmentStatusLabels) },
    { name: 'recall', label: 'Recall', kind: 'select', placeholder: 'Any', data: [{ value: '1', label: 'Recall appointments' }, { value: '0', label: 'Not a recall' }] },
    { name: 'minCreatedAt', label: 'Booked from', kind: 'date' },
    { name: 'maxCreatedAt', label: 'Booked to', kind: 'date' },
    { name: 'scheduledOn', label: 'Appointment day', kind: 'date' },
  ];
  return (
    <ListScreen<Row>
      className="appointment-data-manager"
      title="Service appointments"
      action={loadAppointments}
      noun={['appointment', 'appointments']}
      columns={appointmentColumns}
      filters={filters}
      updateUrl
      above={<AppointmentTabs current="appointments" />}
      rowKey={(row) => row.appointmentId}
      rowLabel={(row) => `${row.customerName}, ${row.vehicle}`}
      emptyText="No appointments match these filters; clear a filter or widen the dates."
      // The word whole, however many columns share the width.
      cells={{ statusLabel: (row) => <Badge color={statusColors[row.status]} variant="light">{row.statusLabel}</Badge> }}
    />
  );
}
