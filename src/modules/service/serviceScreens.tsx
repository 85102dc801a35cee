/** What the appointment screens share: the filters' choices, and the tabs that move between the reports keeping the range. */
import { useLocation, useNavigate } from 'react-router';
import { Tabs } from '@mantine/core';
import { loadServiceOptions } from './service.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

export const REPORTS_HOME = '/reports/service-appointments';

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
  const go = (path: string | null) => {
    const kept = new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => SHARED.includes(k)));
    // The appointments are the reports' index page.
    navigate(`${REPORTS_HOME}/${path === 'appointments' ? '' : (path ?? '')}${kept.size ? `?${kept}` : ''}`);
  };
  return (
    <Tabs value={current} onChange={go}>
      {/* One row that scrolls sideways on a phone, rather than wrapping. */}
      <Tabs.List
        aria-label="Appointment reports"
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
      >
        {appointmentTabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** Sources, services and recalls for the filters' selects. */
export function useServiceOptions() {
  return useActionQuery(loadServiceOptions, {}, { staleTime: 5 * 60_000 });
}
