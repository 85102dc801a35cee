import { Badge } from '@mantine/core';
import { Slot } from '../../web/slots';
import { ListScreen } from '../../web/ui/ListScreen';
import {
  appointmentColumns,
  appointmentStatuses,
  appointmentStatusLabels,
  appointmentHref,
  loadAppointments,
} from './service.contract';
import { useOpenRecord } from '../../web/ui/RecordPage';
import { AppointmentTabs, appointmentStatusColors, useServiceOptions } from './serviceScreens';
import { optionsOf } from '../../web/options/optionsOf';

/** appointment-data-manager (seed 000): the bookings themselves, by store, source, service, status, recall and days booked. */
export default function Appointments() {
  const options = useServiceOptions();
  const open = useOpenRecord();
  return (
    <ListScreen
      className="appointment-data-manager"
      title="Service appointments"
      action={loadAppointments}
      noun={['appointment', 'appointments']}
      columns={appointmentColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, phone or vehicle' },
        { name: 'locationId', kind: 'location' },
        { name: 'sourceId', kind: 'select', placeholder: 'Any', data: options.data?.sources ?? [] },
        { name: 'serviceId', kind: 'select', placeholder: 'Any', data: options.data?.services ?? [] },
        {
          name: 'status',
          kind: 'select',
          placeholder: 'Any',
          data: optionsOf(appointmentStatuses, appointmentStatusLabels),
        },
        {
          name: 'recall',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Recall appointments' },
            { value: '0', label: 'Not a recall' },
          ],
        },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
        { name: 'scheduledOn', kind: 'date' },
      ]}
      updateUrl
      above={<AppointmentTabs current="appointments" />}
      rowKey={(row) => row.appointmentId}
      rowLabel={(row) => `${row.customerName}, ${row.vehicle}`}
      onRowClick={(row) => open(appointmentHref(row.appointmentId))}
      emptyText="No appointments match these filters; clear a filter or widen the dates."
      // The word whole, however many columns share the width.
      cells={{
        customerName: (row) => (
          <Slot
            name="customerName"
            props={{ kind: 'appointment', recordId: row.appointmentId, name: row.customerName }}
            fallback={row.customerName}
          />
        ),
        statusLabel: (row) => (
          <Badge color={appointmentStatusColors[row.status]} variant="light">
            {row.statusLabel}
          </Badge>
        ),
      }}
    />
  );
}
