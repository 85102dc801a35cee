import { IconListCheck, IconMessageCog, IconMessageOff, IconMessages, IconSpeakerphone } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// The messenger sits with the phones: texts go out on the same lines the calls come in on.
export default defineScreens([
  {
    path: 'messenger',
    className: 'messenger',
    access: 'messenger',
    load: () => import('./Messenger'),
    nav: {
      group: 'Phones',
      order: 35,
      label: 'Messenger',
      href: '/messenger/',
      description: 'Texts with customers: read, reply, shortcuts and autopilot',
      icon: IconMessages,
    },
  },
  // Seed 001 names deploy and redeploy, not a screen for them: the address and class are ours.
  {
    path: 'messenger/shortcuts',
    className: 'messenger-shortcuts',
    access: 'messenger',
    load: () => import('./ShortcutsEditor'),
    nav: {
      group: 'Phones',
      order: 35.5,
      label: 'Messenger shortcuts',
      description: 'Canned replies and autopilot answers, edited as drafts and deployed per store',
      icon: IconMessageCog,
    },
  },
  {
    path: 'messenger/sends',
    className: 'bulk-sends',
    access: 'marketing',
    load: () => import('./BulkSends'),
    nav: {
      group: 'Phones',
      order: 36,
      label: 'Bulk sends',
      description: 'Mass texts and how far each has gone: sent, refused, waiting',
      icon: IconSpeakerphone,
    },
  },
  // Seed 001 names "SMS list cleaning" and "opt-out adding" but not their addresses or classes.
  {
    path: 'messenger/clean-list',
    className: 'sms-list-cleaning',
    access: 'messenger',
    load: () => import('./ListCleaning'),
    nav: {
      group: 'Phones',
      order: 37,
      label: 'SMS list cleaning',
      description: 'The numbers of a list a text reaches, and each checked against a store',
      icon: IconListCheck,
    },
  },
  {
    path: 'messenger/opt-outs',
    className: 'opt-out-adding',
    access: 'messenger',
    load: () => import('./OptOutAdding'),
    nav: {
      group: 'Phones',
      order: 38,
      label: 'Opt-out adding',
      description: 'Numbers no store texts or calls until they text START',
      icon: IconMessageOff,
    },
  },
]);
