/**
 * The tabs that move between the reports of one screen (call activity, the appointment reports).
 * On a wide screen one line of tabs; on a phone the tabs wrap onto as many lines as they need, as
 * pills, so every report is in sight and the page never scrolls sideways to reach one.
 */
import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export interface ReportTab {
  value: string;
  label: string;
}

export function ReportTabs({
  label,
  tabs,
  value,
  onChange,
}: {
  /** What the tabs choose between, for screen readers: "Appointment reports". */
  label: string;
  tabs: readonly ReportTab[];
  value: string;
  onChange: (value: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next)} variant={phone ? 'pills' : 'default'}>
      <Tabs.List aria-label={label} style={{ flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
