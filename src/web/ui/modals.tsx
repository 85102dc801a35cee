/**
 * Modals addressed by id (seed 000, section 2): any code can open, close or toggle a modal by its id,
 * and the page is flagged `modal-open` while any modal is on (section 4).
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { randomId } from '../../shared/format';

const openIds = new Set<string>();
/** What had focus when each modal opened, to be given focus again when it closes. */
const openers = new Map<string, HTMLElement>();

/**
 * The element a modal returns focus to: the one focused when it opened, or, when that was an item of a
 * menu (which closes as the modal opens), the button that opened the menu.
 */
function currentOpener(): HTMLElement | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return undefined;
  const menu = active.closest('[role="menu"]');
  return (menu?.id && document.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`)) || active;
}
const listeners = new Set<() => void>();

function changed() {
  document.body.classList.toggle('modal-open', openIds.size > 0);
  for (const listener of listeners) listener();
}

export function openModal(id: string) {
  const opener = currentOpener();
  if (opener && !openIds.has(id)) openers.set(id, opener);
  openIds.add(id);
  changed();
}

export function closeModal(id: string) {
  if (openIds.delete(id)) changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalOpen(id: string): boolean {
  return useSyncExternalStore(subscribe, () => openIds.has(id));
}

interface IdModalProps extends Omit<ModalProps, 'opened' | 'onClose' | 'id'> {
  id: string;
  onClose?: () => void;
}

/**
 * A Mantine modal whose open state is the id store's; the id is also its class, as the spec names modals.
 * Closed, it gives focus back to what opened it, even when it was mounted already open (Mantine's own
 * return only works for a modal that was mounted closed) or opened from a menu.
 */
export function IdModal({ id, onClose, className, ...props }: IdModalProps) {
  const opened = useModalOpen(id);
  // A screen that unmounts must not leave the page flagged.
  useEffect(() => () => closeModal(id), [id]);
  return (
    <Modal
      returnFocus={false}
      onExitTransitionEnd={() => {
        const opener = openers.get(id);
        openers.delete(id);
        if (opener?.isConnected) opener.focus();
      }}
      {...props}
      opened={opened}
      className={[id, className].filter(Boolean).join(' ')}
      onClose={() => {
        closeModal(id);
        onClose?.();
      }}
    />
  );
}

interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** A confirmation prompt; resolves true only when the user confirms. */
export function confirm({
  title = 'Please confirm',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const modalId = `confirm-${randomId()}`;
    openModal(modalId);
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      closeModal(modalId);
      resolve(value);
    };
    modals.openConfirmModal({
      modalId,
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/** The spec's "alert": a message the user acknowledges. */
export function showAlert(message: ReactNode, title = 'Something went wrong') {
  const modalId = `alert-${randomId()}`;
  openModal(modalId);
  modals.open({
    modalId,
    title,
    onClose: () => closeModal(modalId),
    children: (
      <Stack>
        <Text size="sm" role="alert">
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}
