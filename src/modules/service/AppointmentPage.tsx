import { Anchor, Badge } from '@mantine/core';
import { Slot } from '../../web/slots';
import { RecordFields, RecordPage, useAddressedRecord } from '../../web/ui/RecordPage';
import { formatDateTime, formatPhone } from '../../shared/format';
import { loadAppointment, type AppointmentRecord } from './service.contract';
import { appointmentStatusColors, REPORTS_HOME } from './serviceScreens';

/** What the appointment is: when, for what, from where, and what became of it. */
function AppointmentFields({ appointment: a }: { appointment: AppointmentRecord }) {
  return (
    <RecordFields
      fields={[
        { label: 'Appointment', value: formatDateTime(a.scheduledAt) },
        {
          label: 'Status',
          value: (
            <Badge color={appointmentStatusColors[a.status]} variant="light">
              {a.statusLabel}
            </Badge>
          ),
        },
        { label: 'Booked', value: formatDateTime(a.createdAt) },
        {
          label: 'Customer',
          value: (
            <Slot
              name="customerName"
              props={{ kind: 'appointment', recordId: a.appointmentId, name: a.customerName }}
              fallback={a.customerName}
            />
          ),
        },
        {
          label: 'Phone',
          value: a.phone && (
            <Anchor inherit href={`tel:${a.phone}`}>
              {formatPhone(a.phone)}
            </Anchor>
          ),
        },
        { label: 'Vehicle', value: a.vehicle },
        { label: 'Services', value: a.services.join(', ') },
        { label: 'Source', value: a.sourceName },
        { label: 'Booked online', value: a.sessionId && `Scheduler visit ${a.sessionId}` },
        { label: 'Recall', value: a.recallName && `${a.recallName} ${a.recallTitle ?? ''}`.trim() },
        { label: 'Location', value: a.locationName },
      ]}
    />
  );
}

/** An appointment's page (`?id=`), opened from the appointment list (docs/service.md). */
export default function AppointmentPage() {
  const { record, error } = useAddressedRecord(
    loadAppointment,
    (appointmentId) => ({ appointmentId }),
    (reply) => reply.appointment,
  );
  return (
    <RecordPage
      className="appointment-page"
      kind="Appointment"
      list={{ label: 'Service appointments', href: `${REPORTS_HOME}/` }}
      record={record}
      error={error}
      missing="This address names no appointment."
      name={(a) => a.customerName}
      summary={(a) => `Service appointment ${a.appointmentId} · ${a.locationName}`}
    >
      {(a) => <AppointmentFields appointment={a} />}
    </RecordPage>
  );
}
