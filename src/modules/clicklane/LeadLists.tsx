/**
 * The two lead lists of seed 001 (`/clicklane/leads/` and `/clicklane/leads/location`): the search
 * form in the address, a count of leads (vrLeads) with those completed and sold, the add-lead and
 * edit-lead modals, and a row menu to start an insurance quote or open the lead's delivery.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconPlus, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react';
import { formatNumber } from '../../shared/format';
import { useSignedIn } from '../../web/shell/session';
import { ListScreen } from '../../web/ui/ListScreen';
import {
  deliveryHref,
  leadColumns,
  loadLeads,
  loadLocationLeads,
  locationLeadColumns,
  startQuoteHref,
  type LeadRow,
  type LeadStatus,
} from './clicklane.contract';
import { leadSourceOptions, leadStatusOptions, useLeadModals } from './LaneForms';

const statusColors: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  quoted: 'grape',
  completed: 'teal',
  sold: 'green',
  lost: 'gray',
};

/** "about" when the server estimated the counts (past 1,000, or a common search: docs/clicklane.md). */
const figure = (value: unknown, estimated: boolean) =>
  typeof value === 'number' ? `${estimated && value > 0 ? 'about ' : ''}${formatNumber(value)}` : '0';
const leadCounts = (reply: Record<string, unknown>) => {
  const estimated = reply.countEstimated === true;
  return `· ${figure(reply.completed, estimated)} completed · ${figure(reply.sold, estimated)} sold`;
};

/** What both lead lists share: rows that open the lead, the row menu, the counts, adding a lead. */
function useLeadList(locationId: string | undefined) {
  const records = useLeadModals(locationId);
  const navigate = useNavigate();
  const rowActions = (row: LeadRow) => [
    {
      label: 'Start insurance quote',
      icon: <IconShieldCheck size={16} />,
      onClick: () => void navigate(startQuoteHref(row.leadId)),
    },
    {
      label: row.deliveryId ? 'Open delivery' : 'Schedule delivery',
      icon: <IconTruckDelivery size={16} />,
      onClick: () =>
        void navigate(
          row.deliveryId ? deliveryHref(row.deliveryId) : `/clicklane/deliveries/delivery?leadId=${row.leadId}`,
        ),
    },
  ];
  return {
    noun: ['lead', 'leads'] as [string, string],
    updateUrl: true,
    rowKey: (row: LeadRow) => row.leadId,
    rowLabel: (row: LeadRow) => row.customerName,
    onRowClick: (row: LeadRow) => records.edit(row),
    rowActions,
    countDetail: leadCounts,
    cells: { statusLabel: statusCell },
    toolbar: (
      <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
        Add lead
      </Button>
    ),
    children: records.modals,
  };
}

const statusCell = (row: LeadRow) => (
  <Badge color={statusColors[row.status]} variant="light">
    {row.statusLabel}
  </Badge>
);

/** clicklane-leads: every lead within reach, newest first. */
export function ClickLaneLeads() {
  const [params] = useSearchParams();
  const locationId = params.get('locationId') ?? undefined;
  return (
    <ListScreen
      className="clicklane-leads"
      title="ClickLane leads"
      action={loadLeads}
      columns={leadColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, email, phone or vehicle' },
        { name: 'locationId', kind: 'location' },
        { name: 'status', kind: 'select', placeholder: 'Any', data: leadStatusOptions },
        { name: 'source', kind: 'select', placeholder: 'Any', data: leadSourceOptions },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      {...useLeadList(locationId)}
    />
  );
}

/** clicklane-location-leads: one store's leads, latest activity first; changing the store reloads the list. */
export function ClickLaneLocationLeads() {
  const { user } = useSignedIn();
  const [params] = useSearchParams();
  const home = user.locationId ? String(user.locationId) : '';
  const locationId = params.get('locationId') ?? (home || undefined);
  return (
    <ListScreen
      className="clicklane-location-leads"
      title="Leads by store"
      action={loadLocationLeads}
      columns={locationLeadColumns}
      filters={[
        { name: 'locationId', kind: 'location', defaultValue: home },
        { name: 'status', kind: 'select', placeholder: 'Any', data: leadStatusOptions },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
        { name: 'query', kind: 'search', placeholder: 'Customer, email, phone or vehicle' },
      ]}
      {...useLeadList(locationId)}
    />
  );
}
