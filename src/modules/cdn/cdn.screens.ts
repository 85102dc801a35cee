import { IconCloudUpload } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'tools/cdn',
    className: 'cdn-uploads',
    access: 'marketing',
    load: () => import('./CdnUploads'),
    nav: {
      group: 'Tools',
      order: 80,
      label: 'CDN uploads',
      href: '/tools/cdn/',
      description: "The stores' images and files for landing pages and ads, checked and compressed",
      icon: IconCloudUpload,
    },
  },
  {
    path: 'tools/cdn/add',
    className: 'cdn-add',
    access: 'marketing',
    title: 'Upload files',
    load: () => import('./CdnAdd'),
  },
]);
