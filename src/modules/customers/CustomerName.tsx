import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { useCan } from '../../web/shell/session';
import type { Slots } from '../../web/slots';
import { customerOfHref, linkKinds, type LinkKind } from './customers.contract';

/**
 * A customer's name on another module's record screen: a link to the customer page for those who may
 * open it (`crmManager`), the name alone for others.
 */
export default function CustomerName({ kind, recordId, name }: Slots['customerName']) {
  const can = useCan('crmManager');
  if (!can || !name || !(linkKinds as readonly string[]).includes(kind)) return <>{name}</>;
  return (
    <Anchor
      component={Link}
      to={customerOfHref(kind as LinkKind, recordId)}
      inherit
      underline="always"
      className="customer-link"
    >
      {name}
    </Anchor>
  );
}
