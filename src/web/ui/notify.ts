import { notifications } from '@mantine/notifications';

export type NotifyType = 'info' | 'success' | 'warning' | 'error';

const colors: Record<NotifyType, string> = { info: 'blue', success: 'teal', warning: 'yellow', error: 'red' };

/** Seed 000, section 9: popups run 2000 to 6000 ms. */
const NOTIFY_MIN_MS = 2000;
const NOTIFY_MAX_MS = 6000;
const NOTIFY_DEFAULT_MS = 4000;

export interface NotifyOptions {
  message?: string;
  title?: string;
  type?: NotifyType;
  duration?: number;
}

/** A popup notification: 'New Notification' and type info unless told otherwise. */
export function notify({
  message = 'New Notification',
  title,
  type = 'info',
  duration = NOTIFY_DEFAULT_MS,
}: NotifyOptions = {}) {
  const autoClose = Math.min(NOTIFY_MAX_MS, Math.max(NOTIFY_MIN_MS, duration));
  return notifications.show({ message, title, color: colors[type], autoClose, withBorder: true });
}

/** The success popup after a save: the spec's sentence and duration. */
export const notifySuccess = (message: string, duration = NOTIFY_DEFAULT_MS) =>
  notify({ message, type: 'success', duration });
