import { IconChartBar, IconHeadset, IconListNumbers, IconPhone, IconPhoneCall } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Viewing needs phoneLookup; the screens offer changes to phoneAdmin and outbound calls to messenger.
export default defineScreens([
  {
    path: 'phones',
    className: 'phone-manager',
    access: 'phoneLookup',
    load: () => import('./PhoneManager'),
    nav: {
      group: 'Phones',
      order: 30,
      label: 'Phones',
      href: '/phones/',
      description: 'Lines, their settings, buying numbers and the outbound line',
      icon: IconPhone,
    },
  },
  {
    path: 'phones/calls',
    className: 'call-manager',
    access: 'phoneLookup',
    load: () => import('./CallManager'),
    nav: {
      group: 'Phones',
      order: 31,
      label: 'Calls',
      href: '/phones/calls/',
      description: 'Every call in and out, by location, line and day',
      icon: IconPhoneCall,
    },
  },
  {
    path: 'phones/calls/call',
    className: 'call-page',
    title: 'Call',
    access: 'phoneLookup',
    load: () => import('./CallPage'),
  },
  {
    path: 'phones/calls/twilio',
    className: 'live-calls',
    access: 'phoneLookup',
    load: () => import('./LiveCalls'),
    nav: {
      group: 'Phones',
      order: 32,
      label: 'Live calls',
      description: 'Calls on the line now: end or transfer them',
      icon: IconHeadset,
    },
  },
  {
    path: 'phones/activity',
    className: 'call-activity',
    access: 'phoneLookup',
    load: () => import('./CallActivity'),
    nav: {
      group: 'Phones',
      order: 33,
      label: 'Call activity',
      description: 'Calls and texts per user, location and line',
      icon: IconChartBar,
    },
  },
  {
    path: 'phones/actions',
    className: 'phone-action-manager',
    access: 'phoneLookup',
    load: () => import('./PhoneActionManager'),
    nav: {
      group: 'Phones',
      order: 34,
      label: 'Call plans',
      href: '/phones/actions/',
      description: 'What a call to each line does: ring groups, hours, voicemail',
      icon: IconListNumbers,
    },
  },
]);
