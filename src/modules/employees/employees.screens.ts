import { IconId } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'employees',
    className: 'employee-manager',
    access: 'signedIn',
    load: () => import('./EmployeeManager'),
    nav: {
      group: 'People',
      order: 12,
      label: 'Employees',
      href: '/employees/',
      description: 'The staff directory of your locations',
      icon: IconId,
    },
  },
]);
