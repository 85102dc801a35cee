import { IconClipboardList } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 002 names the screen (vehicle-questionnaire-report) but not its URL: /reports/vehicle-questionnaire (docs/questionnaire.md).
export default defineScreens([
  {
    path: 'reports/vehicle-questionnaire',
    className: 'vehicle-questionnaire-report',
    access: 'appraiser',
    load: () => import('./VehicleQuestionnaireReport'),
    nav: {
      group: 'Trade-ins',
      order: 46.3,
      label: 'Vehicle questionnaires',
      href: '/reports/vehicle-questionnaire',
      description: 'Customers who answered questions about the vehicle they want to sell or trade',
      icon: IconClipboardList,
    },
  },
]);
