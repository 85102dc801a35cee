import { IconBrandFacebook } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'marketing/facebook',
    className: 'facebook-ads',
    access: 'marketing',
    load: () => import('./FacebookAds'),
    nav: {
      group: 'Marketing',
      order: 64,
      label: 'Facebook ads',
      href: '/marketing/facebook/',
      description: "What the stores' ads spent and earned, day by day",
      icon: IconBrandFacebook,
    },
  },
]);
