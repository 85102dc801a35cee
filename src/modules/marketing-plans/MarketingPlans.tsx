import { Badge, Button } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RowOf } from '../../shared/contract';
import { callAction, errorMessage } from '../../web/api';
import { ListScreen } from '../../web/ui/ListScreen';
import { confirm, showAlert } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { reloadActions } from '../../web/ui/useActionQuery';
import { deletePlan, loadPlans, PLAN_DELETE_FAILED, planColumns } from './marketing-plans.contract';

type Row = RowOf<typeof loadPlans>;
export const EDITOR = '/marketing/plans/edit';

/** Deletes a plan after asking; a failure alerts with the spec's prefix. Answers the plan's store, or null. */
export async function deletePlanAsked(plan: { planId: number; name: string }): Promise<number | null> {
  if (
    !(await confirm({
      message: `Are you sure you want to delete the plan ${plan.name}?`,
      confirmLabel: 'Delete',
      danger: true,
    }))
  )
    return null;
  try {
    const { locationId } = await callAction(deletePlan, { planId: plan.planId });
    notifySuccess('Plan deleted!');
    return locationId;
  } catch (error) {
    showAlert(PLAN_DELETE_FAILED + errorMessage(error));
    return null;
  }
}

/** marketing-plans: a store's plans (`?location=`), the active one marked. */
export default function MarketingPlans() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const location = params.get('location') ?? '';
  const open = (row: Row, extra = '') => navigate(`${EDITOR}?plan=${row.planId}&view=plan${extra}`);
  return (
    <ListScreen
      className="marketing-plans"
      title="Marketing plans"
      action={loadPlans}
      params={location ? { locationId: location } : {}}
      noun={['plan', 'plans']}
      columns={planColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Plan name' },
        ...(location ? [] : [{ name: 'locationId' as const, kind: 'location' as const }]),
      ]}
      rowKey={(row) => row.planId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => open(row)}
      cells={{ current: (row) => (row.current ? <Badge color="teal">Active</Badge> : null) }}
      rowActions={(row) => [
        { label: 'Edit', icon: <IconPencil size={14} />, onClick: () => open(row) },
        { label: 'Duplicate', icon: <IconCopy size={14} />, onClick: () => open(row, '&clone=true') },
        {
          label: 'Delete',
          icon: <IconTrash size={14} />,
          color: 'red',
          onClick: async () => {
            if ((await deletePlanAsked(row)) !== null) reloadActions(queryClient, loadPlans);
          },
        },
      ]}
      toolbar={
        <Button
          component={Link}
          to={`${EDITOR}${location ? `?location=${location}` : ''}`}
          leftSection={<IconPlus size={16} />}
        >
          New plan
        </Button>
      }
    />
  );
}
