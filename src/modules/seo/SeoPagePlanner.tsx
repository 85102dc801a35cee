import { useEffect, useRef } from 'react';
import { Alert, Card, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useBlocker } from 'react-router';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { confirm } from '../../web/ui/modals';
import { StackedBars } from '../../web/ui/StackedBars';
import { StatCards } from '../../web/ui/StatCards';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { dayFromToday, formatDate } from '../../shared/format';
import { loadPlannerPages, loadPlannerUsers, PLANNER_DEFAULT_DAYS, PLANNER_LEAVE_WARNING } from './seo.contract';

const searchTypeOptions = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const daysAgo = (n: number) => dayFromToday(-n);

/**
 * Seed 002, section 5: leaving the planner warns. Only once someone has chosen filters on this visit:
 * an untouched planner has nothing to lose.
 */
function useLeaveWarningOnce(touched: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && touched(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ message: PLANNER_LEAVE_WARNING, confirmLabel: 'Leave' }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (touched()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [touched]);
}

/** The charts: pages made per period by the team the filters name, and the caller's own. */
function PlannerCharts({ applied }: { applied: Record<string, string> }) {
  const pages = useActionQuery(loadPlannerPages, applied);
  if (pages.isPending) return <Loader aria-label="Loading the planner" />;
  if (pages.isError) return <Alert color="red">The planner could not load; try again.</Alert>;
  const { dates, pageAmount, personalAmount, overallPageAmount } = pages.data;
  const rows = dates.map((date, i) => ({ date, pages: pageAmount[i], mine: personalAmount[i] }));
  const mine = personalAmount.reduce((a, b) => a + b, 0);
  return (
    <Stack>
      <StatCards
        stats={[
          { label: 'Pages made', value: overallPageAmount.toLocaleString('en-US') },
          { label: 'Your pages', value: mine.toLocaleString('en-US') },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder className="planner-pages-chart">
          <Title order={2} size="h5" mb="sm">
            Pages made
          </Title>
          <StackedBars
            aria-label="Pages made per period"
            rows={rows}
            label={(r) => formatDate(r.date)}
            series={[{ name: 'pages', label: 'Pages', color: 'blue.6' }]}
            format={String}
          />
        </Card>
        <Card withBorder className="planner-personal-chart">
          <Title order={2} size="h5" mb="sm">
            Your pages
          </Title>
          <StackedBars
            aria-label="Your pages per period"
            rows={rows}
            label={(r) => formatDate(r.date)}
            series={[{ name: 'mine', label: 'Yours', color: 'teal.6' }]}
            format={String}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** seo-page-planner: SEO pages made over time, by family, dealership or team member (seed 002). */
export default function SeoPagePlanner() {
  const team = useActionQuery(loadPlannerUsers, { query: '' }, { staleTime: 60_000 });
  const initial = useRef<string | null>(null);
  const current = useRef('');
  useLeaveWarningOnce(() => initial.current !== null && current.current !== initial.current);
  return (
    <FilteredScreen
      className="seo-page-planner"
      title="SEO page planner"
      action={loadPlannerPages}
      updateUrl
      filters={[
        { name: 'minCreatedAt', kind: 'date', defaultValue: daysAgo(PLANNER_DEFAULT_DAYS) },
        { name: 'maxCreatedAt', kind: 'date' },
        { name: 'family', kind: 'select', placeholder: 'Any', data: team.data?.families ?? [] },
        { name: 'location', kind: 'location' },
        {
          name: 'userId',
          kind: 'select',
          placeholder: 'Anyone',
          data: (team.data?.users ?? []).map((u) => ({ value: String(u.userId), label: `${u.name} (${u.pageCount})` })),
        },
        { name: 'searchType', kind: 'select', placeholder: 'Day', data: searchTypeOptions },
      ]}
    >
      {(applied) => {
        const key = JSON.stringify(applied);
        if (initial.current === null) initial.current = key;
        current.current = key;
        return <PlannerCharts applied={applied} />;
      }}
    </FilteredScreen>
  );
}
