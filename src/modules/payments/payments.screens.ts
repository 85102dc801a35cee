import { lazy } from 'react';
import { IconCash } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';
import { addToSlot } from '../../web/slots';

// An appraisal's screen offers "Request payment" for its offer (RequestPaymentButton).
addToSlot(
  'appraisalActions',
  lazy(() => import('./RequestPaymentButton')),
);

// Seed 001 names the payments list, payment cancellation, payment status and manual payment start,
// not their URLs: one list beside the appraisal screens (/clicklane/appraisals/), whose rows open the
// status view and the steps' modals.
export default defineScreens([
  {
    path: 'clicklane/appraisals/payments',
    className: 'payments',
    access: 'appraiser',
    load: () => import('./Payments'),
    nav: {
      group: 'Trade-ins',
      order: 46.5,
      label: 'Payments to sellers',
      href: '/clicklane/appraisals/payments',
      description: 'Paying sellers for trade-ins: approval, sending, changes and voids',
      icon: IconCash,
    },
  },
]);
