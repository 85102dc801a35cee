import { Alert, Anchor, Card, Loader, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListScreen } from '../../web/ui/ListScreen';
import { StackedBars } from '../../web/ui/StackedBars';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { dayFromToday, formatDate } from '../../shared/format';
import { adColumns, adFilters, loadAdDays, loadAds } from './ads.contract';

/** The first of the 30 whole days before today (results arrive a day late), on the browser's clock. */
const LAST_30_DAYS = dayFromToday(-30);
const money = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The totals over time: what the ads the filters match spent each day (the list's filters, from the address). */
function SpendChart() {
  const [params] = useSearchParams();
  const filters = {
    ...Object.fromEntries(Object.keys(adFilters).map((k) => [k, params.get(k) ?? ''])),
    minDay: params.get('minDay') ?? LAST_30_DAYS,
  };
  const days = useActionQuery(loadAdDays, filters);
  if (days.isPending) return <Loader aria-label="Loading the chart" />;
  if (days.isError) return <Alert color="red">The chart could not load; try again.</Alert>;
  if (days.data.days.length === 0) return null;
  return (
    <Card withBorder className="ads-spend-chart" mb="md">
      <Title order={2} size="h5" mb="sm">
        Spend per day
      </Title>
      <StackedBars
        aria-label="Spend per day"
        rows={days.data.days.map((d) => ({ ...d, spend: d.spendCents / 100 }))}
        label={(d) => formatDate(d.day)}
        series={[{ name: 'spend', label: 'Spend', color: 'indigo.6' }]}
        format={money}
      />
    </Card>
  );
}

/** The Facebook ad conversions (seed 001: /marketing/facebook/, the query is the filters). */
export default function FacebookAds() {
  return (
    <ListScreen
      className="facebook-ads"
      title="Facebook ads"
      action={loadAds}
      noun={['ad day', 'ad days']}
      countDetail={(reply) =>
        typeof reply.spend === 'number'
          ? `${money(reply.spend)} spent · ${Number(reply.impressions).toLocaleString('en-US')} impressions · ${Number(reply.clicks).toLocaleString('en-US')} clicks · ${money(Number(reply.cpc))} a click`
          : ''
      }
      columns={adColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Campaign or ad' },
        { name: 'locationId', kind: 'location' },
        // A report of the last 30 days unless the dates are cleared, as the platform's own reports open.
        { name: 'minDay', kind: 'date', defaultValue: LAST_30_DAYS },
        { name: 'maxDay', kind: 'date' },
      ]}
      updateUrl
      above={<SpendChart />}
      rowKey={(row) => row.adInsightId}
      rowLabel={(row) => `${row.adName} on ${row.day}`}
      cells={{
        adName: (row) => (
          <div>
            <Anchor href={row.creativeLinkUrl || undefined} target="_blank" rel="noreferrer" size="sm">
              {row.adName}
            </Anchor>
            {row.creativeMessage && (
              <Text size="xs" c="dimmed">
                {row.creativeMessage}
              </Text>
            )}
          </div>
        ),
        campaignName: (row) => (
          <div>
            <Text size="sm">{row.campaignName}</Text>
            <Text size="xs" c="dimmed">
              Lifetime budget {row.campaignLifetimeBudget}
            </Text>
          </div>
        ),
      }}
      emptyText="No ads match these filters."
    />
  );
}
