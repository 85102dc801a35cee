import { Badge, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListScreen } from '../../web/ui/ListScreen';
import { IdModal, openModal } from '../../web/ui/modals';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { couponColumns, loadCoupon, loadCouponLocator, PLAN_COUPON_TYPES } from './marketing-plans.contract';

/** One coupon as a store shows it (seed 001, "Coupon (view)"). */
function CouponView({ couponId }: { couponId: number }) {
  const { data } = useActionQuery(loadCoupon, { couponId });
  if (!data) return <Text size="sm">Loading the coupon…</Text>;
  const c = data.coupon;
  return (
    <Stack gap="xs" className="coupon-view">
      {c.image && <Image src={c.image} alt={c.product} h={140} fit="contain" />}
      <Text tt="uppercase" size="sm" c="dimmed">
        {c.product}
      </Text>
      <Text size="xl" fw={700} className="coupon-price">
        {[c.leadingText, c.price, c.trailingText].filter(Boolean).join(' ')}
      </Text>
      {c.description && <Text size="sm">{c.description}</Text>}
      {c.promoCode && (
        <Text size="sm">
          Promo code: <strong>{c.promoCode}</strong>
        </Text>
      )}
      {c.disclaimer && (
        <Text size="xs" c="dimmed">
          {c.disclaimer}
        </Text>
      )}
      <Text size="xs">
        {c.location} · {c.plan}
        {c.current ? ' (active)' : ''}
      </Text>
    </Stack>
  );
}

/** coupon-locator: every plan's coupons, by product, promo code, store, type or plan. */
export default function CouponLocator() {
  const [shown, setShown] = useState<number | null>(null);
  const show = (couponId: number) => {
    setShown(couponId);
    openModal('coupon-view');
  };
  return (
    <ListScreen
      className="coupon-locator"
      title="Coupon locator"
      action={loadCouponLocator}
      noun={['coupon', 'coupons']}
      columns={couponColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Product, promo code or text' },
        { name: 'locationId', kind: 'location' },
        { name: 'type', kind: 'select', placeholder: 'Any', data: [...PLAN_COUPON_TYPES] },
        {
          name: 'live',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Live' },
            { value: '0', label: 'Not live' },
          ],
        },
      ]}
      rowKey={(row) => row.couponId}
      rowLabel={(row) => row.product}
      onRowClick={(row) => show(row.couponId)}
      cells={{ live: (row) => (row.live ? <Badge color="teal">Live</Badge> : <Badge color="gray">Off</Badge>) }}
    >
      <IdModal id="coupon-view" title="Coupon">
        {shown !== null && <CouponView couponId={shown} />}
      </IdModal>
    </ListScreen>
  );
}
