import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ReportTabs } from '../../web/ui/ReportTabs';
import { keepPreviousData } from '@tanstack/react-query';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { StackedBars } from '../../web/ui/StackedBars';
import { StatCards } from '../../web/ui/StatCards';
import { FilteredScreen, type Filters } from '../../web/ui/ListScreen';
import { formatNumber } from '../../shared/format';
import type { ColumnSpec } from '../../shared/lists';
import {
  callActivityColumns,
  gecUserActivity,
  lineActivity,
  locationActivity,
  messageActivity,
  messageActivityColumns,
  userActivity,
  type ActivityReport,
  type CallActivityRow,
  type MessageActivityRow,
} from './phones.contract';
import { directionOptions } from './phoneScreens';
import { lastDays } from '../../shared/format';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Row = CallActivityRow | MessageActivityRow;

interface Report {
  label: string;
  /** What a row is, for the count and the chart's title. */
  noun: [string, string];
  measure: string;
  contract: ActivityReport;
  columns: ColumnSpec[];
  /** The figures the chart stacks per row, and what the stat cards total. */
  series: { name: string; label: string; color: string }[];
  stats: { key: string; label: string }[];
}

// People are credited with the calls they answered or placed, so their bars split by direction;
// a location's or line's bars show what happened to its calls.
const directionSeries = [
  { name: 'inbound', label: 'Inbound', color: 'blue.6' },
  { name: 'outbound', label: 'Outbound', color: 'grape.5' },
];
const callSeries = [
  { name: 'answered', label: 'Answered', color: 'teal.6' },
  { name: 'missed', label: 'Missed', color: 'orange.5' },
];
const callStats = [
  { key: 'calls', label: 'Calls' },
  { key: 'answered', label: 'Answered' },
  { key: 'missed', label: 'Missed' },
  { key: 'totalDuration', label: 'Talk time' },
];

/** One tab per activity report of seed 001 (user, GEC user, location, line and message location activity). */
const reports: Record<string, Report> = {
  users: {
    label: 'Users',
    noun: ['user', 'users'],
    measure: 'Calls',
    contract: userActivity,
    columns: callActivityColumns('User'),
    series: directionSeries,
    stats: callStats,
  },
  gec: {
    label: 'GEC users',
    noun: ['GEC user', 'GEC users'],
    measure: 'Calls',
    contract: gecUserActivity,
    columns: callActivityColumns('User'),
    series: directionSeries,
    stats: callStats,
  },
  locations: {
    label: 'Locations',
    noun: ['location', 'locations'],
    measure: 'Calls',
    contract: locationActivity,
    columns: callActivityColumns('Location'),
    series: callSeries,
    stats: callStats,
  },
  lines: {
    label: 'Lines',
    noun: ['line', 'lines'],
    measure: 'Calls',
    contract: lineActivity,
    columns: callActivityColumns('Line'),
    series: callSeries,
    stats: callStats,
  },
  texts: {
    label: 'Texts',
    noun: ['location', 'locations'],
    measure: 'Texts',
    contract: messageActivity,
    columns: messageActivityColumns,
    series: [
      { name: 'inbound', label: 'Received', color: 'blue.6' },
      { name: 'outbound', label: 'Sent', color: 'grape.5' },
    ],
    stats: [
      { key: 'messages', label: 'Texts' },
      { key: 'inbound', label: 'Received' },
      { key: 'outbound', label: 'Sent' },
      { key: 'failed', label: 'Failed' },
      { key: 'optOuts', label: 'Opt-outs' },
    ],
  },
};
/** The chart shows the busiest rows; the table below has them all. */
const CHART_ROWS = 12;

interface ActivityReply {
  rows: Row[];
  totals: Record<string, number | string>;
  minCreatedAt: string;
  maxCreatedAt: string;
}

function ReportBody({ report, filters }: { report: Report; filters: Filters }) {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const query = useActionQuery(report.contract, params, { placeholderData: keepPreviousData });
  const data = query.data as ActivityReply | undefined;
  const chartRows = useMemo(
    () =>
      (data?.rows ?? [])
        .filter((r) => report.series.some((s) => ((r as Record<string, unknown>)[s.name] as number) > 0))
        .slice(0, CHART_ROWS),
    [data, report],
  );

  return (
    <Stack gap="md" className="activity-report">
      <ActionAlert error={query.error} title="The report could not be loaded" />
      <StatCards
        stats={report.stats.map((s) => {
          const value = data?.totals[s.key];
          return {
            label: s.label,
            value: value === undefined ? '…' : typeof value === 'number' ? formatNumber(value) : value,
          };
        })}
      />
      {chartRows.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="sm">
            {report.measure} per {report.noun[0]}
            {chartRows.length < (data?.rows.length ?? 0) ? `: the ${chartRows.length} busiest` : ''}
          </Text>
          <StackedBars
            rows={chartRows}
            label={(row) => row.name}
            series={report.series}
            format={formatNumber}
            aria-label={`${report.label} chart`}
          />
        </Paper>
      )}
      <Stack gap={4}>
        <Title order={3} size="h4">
          {data
            ? `${formatNumber(data.rows.length)} ${data.rows.length === 1 ? report.noun[0] : report.noun[1]}, ${data.minCreatedAt} to ${data.maxCreatedAt}`
            : 'Loading…'}
          {query.isFetching && <Loader size="xs" ml="xs" aria-label="Loading" />}
        </Title>
        <DataTable<Row>
          label={`${report.label} activity`}
          columns={report.columns}
          rows={data?.rows ?? []}
          rowKey={(row) => row.key ?? 'none'}
          searchable
          emptyText="No activity in this range."
        />
      </Stack>
    </Stack>
  );
}

/** call-activity: calls and texts per user, GEC user, location and line over a range of days. */
export default function CallActivity() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('report') ?? 'users';
  const report = reports[tab] ?? reports.users;
  const { from, to } = lastDays(7);
  return (
    <FilteredScreen
      className="call-activity"
      title="Call activity"
      filters={[
        { name: 'minCreatedAt', label: 'From', kind: 'date', defaultValue: from },
        { name: 'maxCreatedAt', label: 'To', kind: 'date', defaultValue: to },
        { name: 'locationId', kind: 'location' },
        { name: 'direction', label: 'Direction', kind: 'select', placeholder: 'Both', data: directionOptions },
      ]}
      updateUrl
      above={
        <ReportTabs
          label="Call activity reports"
          tabs={Object.entries(reports).map(([key, r]) => ({ value: key, label: r.label }))}
          value={tab in reports ? tab : 'users'}
          onChange={(next) =>
            setParams((p) => {
              p.set('report', next);
              return p;
            })
          }
        />
      }
    >
      {(applied) => <ReportBody key={tab} report={report} filters={applied} />}
    </FilteredScreen>
  );
}
