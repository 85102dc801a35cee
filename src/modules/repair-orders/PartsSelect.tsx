import { useNavigate, useSearchParams } from 'react-router';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { useAction } from '../../web/ui/useAction';
import { countText } from '../../web/ui/PagedList';
import { formatMoney } from '../../shared/format';
import { loadParts, partCategories, partColumns } from '../parts/parts.contract';
import { addParts, loadOrders, orderPage } from './repair-orders.contract';

/**
 * parts-select (seed 002): the parts catalogue with its show-filters toggle. Opened from a repair
 * order (`?orderId=`), the parts chosen are added to it as items at their list price.
 */
export default function PartsSelect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = Number(params.get('orderId')) || undefined;
  const add = useAction(addParts, {
    success: (reply) => `${countText(reply.added, ['part', 'parts'])} added to repair order ${reply.repairOrderId}.`,
    reload: [loadOrders],
    onSuccess: (reply) => void navigate(orderPage(reply.repairOrderId)),
  });
  return (
    <ListScreen
      className="parts-select"
      title={orderId ? `Choose parts for repair order ${orderId}` : 'Parts catalogue'}
      action={loadParts}
      noun={['part', 'parts']}
      columns={partColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Part number or description' },
        {
          name: 'category',
          kind: 'select',
          placeholder: 'Any',
          data: partCategories.map((c) => ({ value: c, label: c })),
        },
      ]}
      filtersToggle
      updateUrl
      rowKey={(row) => row.partId}
      rowLabel={(row) => row.partNumber}
      emptyText="No parts match; try part of the number or a word of the description."
      cells={{ price: (row) => formatMoney(row.priceCents) }}
      bulkActions={
        orderId
          ? [
              {
                label: `Add to repair order ${orderId}`,
                icon: <IconPlus size={16} />,
                question: (rows) =>
                  `Add ${countText(rows.length, ['part', 'parts'])} to repair order ${orderId} at list price?`,
                run: (rows) => add.mutateAsync({ repairOrderId: orderId, partIds: rows.map((r) => r.partId) }),
              },
            ]
          : undefined
      }
    />
  );
}
