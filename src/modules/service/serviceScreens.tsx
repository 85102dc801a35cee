/** What the appointment screens share: the filters' choices, and the tabs that move between the reports keeping the range. */
import { useLocation, useNavigate } from 'react-router';
import { ReportTabs } from '../../web/ui/ReportTabs';
import { loadServiceOptions, type AppointmentStatus } from './service.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

export const REPORTS_HOME = '/reports/service-appointments';

/** An appointment's status badge colour, in the list and on its page. */
export const appointmentStatusColors: Record<AppointmentStatus, string> = {
  scheduled: 'blue',
  completed: 'teal',
  'no-show': 'orange',
  canceled: 'gray',
};

/** The service department's appointment screens, in the order of the tabs (docs/service.md names their routes). */
export const appointmentTabs = [
  { path: 'appointments', label: 'Appointments' },
  { path: 'sources', label: 'Sources' },
  { path: 'services', label: 'Services' },
  { path: 'long-services', label: 'Long services' },
  { path: 'locations', label: 'Locations' },
  { path: 'recall', label: 'Recalls' },
  { path: 'days-out', label: 'Days out' },
  { path: 'scheduler-sessions', label: 'Scheduler sessions' },
] as const;

/** Filters every report reads; the rest belong to one screen and stay behind. */
const SHARED = ['minCreatedAt', 'maxCreatedAt', 'locationId'];

export function AppointmentTabs({ current }: { current: (typeof appointmentTabs)[number]['path'] }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const go = (path: string) => {
    const kept = new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => SHARED.includes(k)));
    // The appointments are the reports' index page.
    void navigate(`${REPORTS_HOME}/${path === 'appointments' ? '' : path}${kept.size ? `?${kept}` : ''}`);
  };
  return (
    <ReportTabs
      label="Appointment reports"
      tabs={appointmentTabs.map((tab) => ({ value: tab.path, label: tab.label }))}
      value={current}
      onChange={go}
    />
  );
}

/** Sources, services and recalls for the filters' selects. */
export function useServiceOptions() {
  return useActionQuery(loadServiceOptions, {}, { staleTime: 5 * 60_000 });
}
