/**
 * Delete with Undo by a delayed request (decision 040): the row goes from its list at once and a
 * notice offers Undo; the delete is sent only when the notice ends, or at once when the staff member
 * leaves the screen or the page. Undo sends nothing, so no record needs a "deleted" state to come back.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Callable, Contract, InputOf } from '../../shared/contract';
import { randomId } from '../../shared/format';
import { isIdempotent } from '../../shared/serverChecked';
import { callAction, callActionAsPageCloses, errorMessage, isActionError, newIdempotencyKey } from '../api';
import { showAlert } from './modals';
import { reloadActions } from './useActionQuery';

/**
 * How long the notice stays, so how long a delete waits for Undo, unless the spec gives its success
 * popup a time of its own ("page deleted": 4000 ms): its longest popup (seed 000, section 9).
 */
export const UNDO_MS = 6000;

interface WaitingDelete {
  /** The lists, by their actions' paths, whose rows it hides. */
  lists: readonly string[];
  /** Whether a row of those lists is the record waiting to be deleted. */
  hides: (row: unknown) => boolean;
  /** Sends the delete now; `pageCloses` when the page is going away and the request must outlive it. */
  send: (pageCloses: boolean) => void;
}

const waiting = new Map<string, WaitingDelete>();
let shown: WaitingDelete[] = [];
const listeners = new Set<() => void>();

function changed() {
  shown = [...waiting.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Closing the tab, reloading or following a link out of the app sends every delete still waiting:
// the staff member saw the row go, so it goes. `keepalive` lets the request finish after the page.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const delete_ of [...waiting.values()]) delete_.send(true);
  });
}

/**
 * Whether a row of this list is waiting to be deleted, and so is not shown (PagedList asks it of
 * each row). It stays hidden until the list has reloaded without it, or comes back on Undo or when
 * the server refuses.
 */
export function useWaitingDeletes(listPath: string): (row: unknown) => boolean {
  const all = useSyncExternalStore(subscribe, () => shown);
  const here = all.filter((d) => d.lists.includes(listPath));
  return (row) => here.some((d) => d.hides(row));
}

/** The notice: what was done, and Undo, which takes the focus since the row that held it is gone. */
function UndoNotice({ text, onUndo }: { text: string; onUndo: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{text}</Text>
      <Button ref={button} size="xs" variant="light" onClick={onUndo}>
        Undo
      </Button>
    </Group>
  );
}

export interface UndoableDeleteOptions<C extends Contract, Row> {
  /** The delete's input for a row; a row of the lists whose input is the same is the same record. */
  input: (row: Row) => InputOf<C>;
  /** The notice, the spec's success sentence where it has one ("Access deleted!"). */
  notice: string | ((row: Row) => string);
  /** How long it stays, the spec's time for that sentence where it names one; 2000 to 6000 ms. */
  noticeMs?: number;
  /** The lists the row hides from while the delete waits, reloaded once it is done: the list's own contract at least. */
  reload: readonly Callable[];
}

/**
 * `remove(row)`: hides the row and shows the notice; the delete goes when the notice ends (its time
 * out or its close button), at once when this screen closes, and never after Undo. A refused delete
 * brings the row back and says the server's sentence.
 */
export function useUndoableDelete<C extends Contract, Row>(
  contract: C,
  { input, notice, noticeMs = UNDO_MS, reload }: UndoableDeleteOptions<C, Row>,
) {
  const queryClient = useQueryClient();
  // This screen's deletes still waiting: leaving the screen sends them.
  const mine = useRef(new Set<string>());
  useEffect(() => {
    const ours = mine.current;
    return () => {
      for (const id of ours) waiting.get(id)?.send(false);
    };
  }, []);

  return (row: Row) => {
    const id = `undo-${randomId()}`;
    const body = input(row);
    const same = JSON.stringify(body);
    const key = isIdempotent(contract) ? newIdempotencyKey() : undefined;
    let state: 'waiting' | 'sent' | 'undone' = 'waiting';
    const forget = () => {
      waiting.delete(id);
      mine.current.delete(id);
      changed();
    };
    /** Focus inside a notice that goes would fall to the page's start: it goes to the screen instead. */
    const keepFocus = () => {
      if (document.getElementById(id)?.contains(document.activeElement)) document.getElementById('main')?.focus();
    };
    const send = (pageCloses: boolean) => {
      if (state !== 'waiting') return;
      state = 'sent';
      keepFocus();
      notifications.hide(id);
      (pageCloses ? callActionAsPageCloses : callAction)(contract, body, key)
        // Hidden until the lists have answered without it, so it does not flash back meanwhile.
        .then(() => reloadActions(queryClient, ...reload))
        .catch((error: unknown) => {
          // A lost connection is already a notification, a lost session already goes to sign-in.
          if (!(isActionError(error) && (error.network || error.status === 401)))
            showAlert(errorMessage(error), 'The delete was not done');
        })
        .finally(forget);
    };
    const undo = () => {
      if (state !== 'waiting') return;
      state = 'undone';
      keepFocus();
      notifications.hide(id);
      forget();
    };
    waiting.set(id, {
      lists: reload.map((c) => c.path),
      hides: (candidate) => {
        try {
          return JSON.stringify(input(candidate as Row)) === same;
        } catch {
          return false; // a row of another shape is not this record
        }
      },
      send,
    });
    mine.current.add(id);
    changed();
    notifications.show({
      id,
      message: <UndoNotice text={typeof notice === 'function' ? notice(row) : notice} onUndo={undo} />,
      color: 'teal',
      withBorder: true,
      closeButtonProps: { 'aria-label': 'Close' },
      autoClose: Math.min(6000, Math.max(2000, noticeMs)),
      // Its time out and its close button both end it: the delete goes.
      onClose: () => send(false),
    });
  };
}
