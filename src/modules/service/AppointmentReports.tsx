/**
 * The appointment reports of seed 000 (sources, services, long services, locations, recalls, days
 * out): one screen each, with its spec class and route, drawn by one component from a description.
 */
import { useMemo } from 'react';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { StackedBars, type BarSeries } from '../../web/ui/StackedBars';
import { StatCards, type Stat } from '../../web/ui/StatCards';
import { FilteredScreen, type FilterSpec, type Filters } from '../../web/ui/ListScreen';
import { formatNumber, lastDays } from '../../shared/format';
import type { OutputOf } from '../../shared/contract';
import type { ColumnSpec } from '../../shared/lists';
import {
  daysOutColumns,
  daysOutSpans,
  loadDaysOut,
  loadLocations,
  loadLongServices,
  loadRecallAppointments,
  loadServices,
  loadSources,
  locationColumns,
  recallColumns,
  serviceColumns,
  sourceColumns,
  type AppointmentReport,
  type ReportRow,
  type Timeline,
} from './service.contract';
import { AppointmentTabs, useServiceOptions, type appointmentTabs } from './serviceScreens';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Reply = OutputOf<AppointmentReport> & { timeline?: Timeline };
type Options = ReturnType<typeof useServiceOptions>['data'];

interface Report {
  tab: (typeof appointmentTabs)[number]['path'];
  className: string;
  title: string;
  contract: AppointmentReport;
  /** What a row is: [one, many]. */
  noun: (filters: Filters) => [string, string];
  columns: (filters: Filters) => ColumnSpec[];
  /** The figures above the chart. */
  stats: (reply: Reply) => Stat[];
  /** Bars per row split by these figures; without it the chart is the timeline (per week or month). */
  series?: BarSeries[];
  filters?: (options: Options) => FilterSpec[];
}

const statusSeries: BarSeries[] = [
  { name: 'completed', label: 'Completed', color: 'teal.6' },
  { name: 'noShows', label: 'No-shows', color: 'orange.5' },
  { name: 'canceled', label: 'Canceled', color: 'gray.5' },
  { name: 'upcoming', label: 'Upcoming', color: 'blue.6' },
];
const spanColors = ['teal.6', 'blue.6', 'grape.5', 'orange.5', 'red.6'];
const timelineColors = ['blue.6', 'teal.6', 'grape.5', 'orange.5', 'cyan.7', 'gray.5'];

const total = (rows: ReportRow[], key: keyof ReportRow) => rows.reduce((n, r) => n + (r[key] as number), 0);
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '–');
/** Appointments, what became of them, and the show rate over the kept and missed ones. */
const statusStats = (reply: Reply, count: number) => {
  const completed = total(reply.rows, 'completed');
  const noShows = total(reply.rows, 'noShows');
  return [
    { label: 'Appointments', value: formatNumber(count) },
    { label: 'Completed', value: formatNumber(completed) },
    { label: 'No-shows', value: formatNumber(noShows) },
    { label: 'Show rate', value: percent(completed, completed + noShows) },
  ];
};
const countOf = (reply: Reply, key: string) => (reply as unknown as Record<string, number>)[key] ?? 0;

export const reports = {
  sources: {
    tab: 'sources',
    className: 'appointment-source-manager',
    title: 'Appointment sources',
    contract: loadSources,
    noun: () => ['source', 'sources'],
    columns: () => sourceColumns,
    stats: (r) => [
      { label: 'Sources', value: formatNumber(countOf(r, 'sourceCount')) },
      ...statusStats(r, countOf(r, 'appointmentCount')),
    ],
  },
  services: {
    tab: 'services',
    className: 'appointment-service-manager',
    title: 'Appointment services',
    contract: loadServices,
    noun: () => ['service', 'services'],
    columns: () => serviceColumns,
    stats: (r) => [
      { label: 'Appointments', value: formatNumber(countOf(r, 'appointmentCount')) },
      { label: 'Services asked for', value: formatNumber(total(r.rows, 'appointments')) },
      { label: 'Services', value: formatNumber(countOf(r, 'serviceCount')) },
    ],
  },
  longServices: {
    tab: 'long-services',
    className: 'appointment-long-service-scheduler-manager',
    title: 'Long-service scheduler',
    contract: loadLongServices,
    noun: () => ['long service', 'long services'],
    columns: () => serviceColumns,
    series: statusSeries,
    stats: (r) => [
      { label: 'Long services', value: formatNumber(countOf(r, 'serviceCount')) },
      ...statusStats(r, countOf(r, 'appointmentCount')),
    ],
  },
  locations: {
    tab: 'locations',
    className: 'appointment-location-manager',
    title: 'Appointments by location',
    contract: loadLocations,
    noun: () => ['location', 'locations'],
    columns: () => locationColumns,
    series: statusSeries,
    stats: (r) => [
      { label: 'Locations', value: formatNumber(countOf(r, 'locationCount')) },
      ...statusStats(r, countOf(r, 'appointmentCount')),
    ],
  },
  recall: {
    tab: 'recall',
    className: 'recall-appointment-data-manager',
    title: 'Recall appointments',
    contract: loadRecallAppointments,
    noun: () => ['recall', 'recalls'],
    columns: () => recallColumns,
    series: statusSeries,
    stats: (r) => [
      { label: 'Texts sent', value: formatNumber(countOf(r, 'totalMessages')) },
      { label: 'Appointments', value: formatNumber(countOf(r, 'totalAppointments')) },
      {
        label: 'Booked per 100 texts',
        value: countOf(r, 'totalMessages')
          ? ((countOf(r, 'totalAppointments') / countOf(r, 'totalMessages')) * 100).toFixed(1)
          : '–',
      },
    ],
    filters: (options) => [
      {
        name: 'campaignId',
        label: 'Recall',
        kind: 'select',
        placeholder: 'Every recall',
        data: options?.campaigns ?? [],
      },
    ],
  },
  daysOut: {
    tab: 'days-out',
    className: 'service-days-out-report',
    title: 'Service days out',
    contract: loadDaysOut,
    noun: (f) => (f.groupBy === 'service' ? ['service', 'services'] : ['location', 'locations']),
    columns: (f) => daysOutColumns(f.groupBy === 'service' ? 'Service' : 'Location'),
    series: daysOutSpans.map((s, i) => ({ name: s.key, label: s.label, color: spanColors[i] })),
    stats: (r) => {
      const count = countOf(r, 'appointmentCount');
      const ahead = total(r.rows, 'appointments');
      const sameDay = total(r.rows, 'sameDay');
      const withinWeek = sameDay + total(r.rows, 'days1to2') + total(r.rows, 'days3to7');
      return [
        { label: 'Appointments', value: formatNumber(count) },
        { label: 'Same day', value: percent(sameDay, ahead) },
        { label: 'Within a week', value: percent(withinWeek, ahead) },
      ];
    },
    filters: () => [
      {
        name: 'groupBy',
        label: 'Rows',
        kind: 'select',
        placeholder: 'Locations',
        data: [
          { value: 'location', label: 'Locations' },
          { value: 'service', label: 'Services' },
        ],
      },
    ],
  },
} satisfies Record<string, Report>;

/** The chart shows the busiest rows; the table below has them all. */
const CHART_ROWS = 12;

function ReportBody({ report, filters }: { report: Report; filters: Filters }) {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const query = useActionQuery(report.contract, params, { placeholderData: keepPreviousData });
  const data = query.data as Reply | undefined;
  const noun = report.noun(filters);
  const chart = useMemo(() => {
    if (!data) return null;
    if (!report.series) {
      const timeline = data.timeline!;
      return {
        title: `Appointments per ${timeline.unit}`,
        rows: timeline.periods.map((p) => ({
          name: timeline.unit === 'week' ? `Week of ${p.label}` : p.label,
          ...p.values,
        })),
        series: timeline.keys.map((name, i) => ({
          name,
          label: name,
          color: timelineColors[i % timelineColors.length],
        })),
      };
    }
    const rows = data.rows.filter((r) => r.appointments > 0).slice(0, CHART_ROWS);
    return {
      title: `Appointments per ${noun[0]}${rows.length < data.rows.length ? `: the ${rows.length} busiest` : ''}`,
      rows,
      series: report.series,
    };
  }, [data, report, noun]);

  return (
    <Stack gap="md" className="appointment-report">
      <ActionAlert error={query.error} title="The report could not be loaded" />
      <StatCards stats={data ? report.stats(data) : []} />
      {chart && chart.rows.length > 0 && chart.series.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="sm">
            {chart.title}
          </Text>
          <StackedBars
            rows={chart.rows}
            label={(row) => row.name}
            series={chart.series}
            format={formatNumber}
            aria-label={`${report.title} chart`}
          />
        </Paper>
      )}
      <Stack gap={4}>
        <Title order={2} size="h4">
          {data
            ? `${formatNumber(data.rows.length)} ${data.rows.length === 1 ? noun[0] : noun[1]}, ${data.minCreatedAt} to ${data.maxCreatedAt}`
            : 'Loading…'}
          {query.isFetching && <Loader size="xs" ml="xs" aria-label="Loading" />}
        </Title>
        <DataTable<ReportRow>
          label={report.title}
          columns={report.columns(filters)}
          rows={data?.rows ?? []}
          rowKey={(row) => row.key}
          searchable
          emptyText="No appointments were booked in this range."
        />
      </Stack>
    </Stack>
  );
}

function ReportScreen({ report }: { report: Report }) {
  const options = useServiceOptions();
  const { from, to } = lastDays(30);
  const filters: FilterSpec[] = [
    { name: 'minCreatedAt', label: 'From', kind: 'date', defaultValue: from },
    { name: 'maxCreatedAt', label: 'To', kind: 'date', defaultValue: to },
    { name: 'locationId', kind: 'location' },
    ...(report.filters?.(options.data) ?? []),
  ];
  return (
    <FilteredScreen
      className={report.className}
      title={report.title}
      filters={filters}
      updateUrl
      above={<AppointmentTabs current={report.tab} />}
    >
      {(applied) => <ReportBody report={report} filters={applied} />}
    </FilteredScreen>
  );
}

export const SourcesReport = () => <ReportScreen report={reports.sources} />;
export const ServicesReport = () => <ReportScreen report={reports.services} />;
export const LongServicesReport = () => <ReportScreen report={reports.longServices} />;
export const LocationsReport = () => <ReportScreen report={reports.locations} />;
export const RecallReport = () => <ReportScreen report={reports.recall} />;
export const DaysOutReport = () => <ReportScreen report={reports.daysOut} />;
