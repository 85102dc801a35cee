import { IconCashBanknote, IconListCheck, IconMapPin } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 000 names the screens and the downloads' routes (/clicklane/appraisals/export…), not the
// screens' addresses: they sit beside the downloads, under /clicklane/appraisals/.
export default defineScreens([
  {
    path: 'clicklane/appraisals',
    className: 'appraisal-manager',
    access: 'appraiser',
    load: () => import('./AppraisalManager'),
    nav: {
      group: 'Trade-ins',
      order: 46,
      label: 'Appraisals',
      href: '/clicklane/appraisals/',
      description: 'Trade-in offers from the website, the service lane, walk-ins and calls',
      icon: IconCashBanknote,
    },
  },
  {
    path: 'clicklane/appraisals/locations',
    className: 'appraisal-locations',
    access: 'appraiser',
    load: () => import('./AppraisalLocations'),
    nav: {
      group: 'Trade-ins',
      order: 46.1,
      label: 'Appraisal locations',
      description: 'Appraisals and offers per store, by status',
      icon: IconMapPin,
    },
  },
  {
    path: 'clicklane/appraisals/rules',
    className: 'appraisal-rules',
    access: 'appraisalManager',
    load: () => import('./AppraisalRules'),
    nav: {
      group: 'Trade-ins',
      order: 46.2,
      label: 'Appraisal rules',
      description: 'The rules that adjust trade-in offers by year, make, mileage and date',
      icon: IconListCheck,
    },
  },
  {
    path: 'clicklane/appraisals/vehicle',
    className: 'appraisal-vehicle-edit',
    access: 'appraiser',
    load: () => import('./AppraisalVehicleEdit'),
    title: 'Appraisal',
  },
]);
