import { IconCalendarStats, IconChartBar, IconDeviceMobile } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

const reports = () => import('./AppointmentReports');

// Seed 000 gives only the recall report's route: the others sit beside it under /reports/service-appointments/ (docs/service.md).
export default defineScreens([
  {
    path: 'reports/service-appointments',
    className: 'appointment-data-manager',
    access: 'serviceManager',
    load: () => import('./Appointments'),
    nav: {
      group: 'Service',
      order: 50,
      label: 'Service appointments',
      href: '/reports/service-appointments/',
      description: 'Every booking, by store, source, service, status and recall',
      icon: IconCalendarStats,
    },
  },
  {
    path: 'reports/service-appointments/appointment',
    className: 'appointment-page',
    title: 'Appointment',
    access: 'serviceManager',
    load: () => import('./AppointmentPage'),
  },
  {
    path: 'reports/service-appointments/sources',
    className: 'appointment-source-manager',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.SourcesReport })),
    nav: {
      group: 'Service',
      order: 51,
      label: 'Appointment reports',
      href: '/reports/service-appointments/sources',
      description: 'Sources, services, stores, recalls and how far ahead customers book',
      icon: IconChartBar,
    },
  },
  {
    path: 'reports/service-appointments/services',
    className: 'appointment-service-manager',
    title: 'Appointment services',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.ServicesReport })),
  },
  {
    path: 'reports/service-appointments/long-services',
    className: 'appointment-long-service-scheduler-manager',
    title: 'Long-service scheduler',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.LongServicesReport })),
  },
  {
    path: 'reports/service-appointments/locations',
    className: 'appointment-location-manager',
    title: 'Appointments by location',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.LocationsReport })),
  },
  {
    path: 'reports/service-appointments/recall',
    className: 'recall-appointment-data-manager',
    title: 'Recall appointments',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.RecallReport })),
  },
  {
    path: 'reports/service-appointments/days-out',
    className: 'service-days-out-report',
    title: 'Service days out',
    access: 'serviceManager',
    load: () => reports().then((m) => ({ default: m.DaysOutReport })),
  },
  {
    path: 'reports/service-appointments/scheduler-sessions',
    className: 'service-scheduler-sessions',
    access: 'serviceManager',
    load: () => import('./SchedulerSessions'),
    nav: {
      group: 'Service',
      order: 52,
      label: 'Scheduler sessions',
      href: '/reports/service-appointments/scheduler-sessions',
      description: 'Visits to the online scheduler: how far each got and what it booked',
      icon: IconDeviceMobile,
    },
  },
]);
