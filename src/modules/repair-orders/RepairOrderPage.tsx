import { Link, useSearchParams } from 'react-router';
import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { loadOrder } from './repair-orders.contract';
import { OrderEditor } from './OrderEditor';
import { useActionQuery } from '../../web/ui/useActionQuery';

/** The repair order view (seed 001: `/tools/repair-orders/order?orderId={id}`), reached after creating an order. */
export default function RepairOrderPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const order = useActionQuery(
    loadOrder,
    { repairOrderId: orderId },
    {
      select: (reply) => reply.repairOrder,
      enabled: Number.isInteger(orderId) && orderId > 0,
      // Loaded once, as the edit modal is: a reload while someone edits would throw their changes away.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    },
  );
  return (
    <Stack className="repair-order-view" maw={960}>
      <Anchor component={Link} to="/tools/repair-orders/" size="sm">
        ← Manage Repair Orders
      </Anchor>
      <Title order={1}>Repair order {Number.isInteger(orderId) && orderId > 0 ? orderId : ''}</Title>
      {order.isPending && order.fetchStatus !== 'idle' && <Loader aria-label="Loading" />}
      <ActionAlert
        error={order.error ?? (orderId > 0 ? null : 'This address names no repair order.')}
        title="The repair order did not open"
      />
      {order.data && <OrderEditor order={order.data} />}
    </Stack>
  );
}
