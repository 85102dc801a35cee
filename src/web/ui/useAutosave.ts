import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Callable } from '../../shared/contract';
import { isActionError } from '../api';
import { reloadActions } from './useActionQuery';

export type AutosaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'failed';

export interface AutosaveOptions<T, R> {
  /** Sends one save; `revision` grows with every change, so the server can refuse a late one. */
  save: (value: T, revision: number, signal: AbortSignal) => Promise<R>;
  /** Whether the record exists yet: until its first save answers, the next change waits for it instead of aborting it. */
  created: () => boolean;
  onSaved: (reply: R, value: T) => void;
  onError: (error: unknown) => void;
  /** The lists (and any read) whose replies reload after each save, as `useAction`'s `reload`. */
  reload: readonly Callable[];
}

/**
 * Autosave of a record edited in place (seed 001, section 4): each change saves after `delay` ms;
 * only one save is in flight, and a newer change aborts the older request. The record's first save
 * is never aborted (it creates the record and answers its id): a change made meanwhile waits for it.
 * Revisions are the time of the change, never less than one more than the last, so a later change
 * always carries the larger one.
 */
export function useAutosave<T, R>({ save, created, onSaved, onError, reload }: AutosaveOptions<T, R>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AutosaveState>('idle');
  const latest = useRef({ save, created, onSaved, onError, reload });
  useLayoutEffect(() => {
    latest.current = { save, created, onSaved, onError, reload };
  });
  const flight = useRef<{ controller: AbortController; creating: boolean; done: Promise<void> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revision = useRef(0);

  const run = useCallback(
    async (value: T, rev: number) => {
      const previous = flight.current;
      if (previous?.creating) await previous.done;
      else previous?.controller.abort();
      if (rev !== revision.current) return; // a newer change took over while waiting
      const controller = new AbortController();
      let finish = () => {};
      const current = { controller, creating: !latest.current.created(), done: new Promise<void>((r) => (finish = r)) };
      flight.current = current;
      setState('saving');
      try {
        const reply = await latest.current.save(value, rev, controller.signal);
        if (!controller.signal.aborted) {
          void reloadActions(queryClient, ...latest.current.reload);
          latest.current.onSaved(reply, value);
          if (rev === revision.current) setState('saved');
        }
      } catch (error) {
        if (!controller.signal.aborted && !(isActionError(error) && /abort/i.test(error.statusText))) {
          setState('failed');
          latest.current.onError(error);
        }
      } finally {
        if (flight.current === current) flight.current = null;
        finish();
      }
    },
    [queryClient],
  );

  /** Saves this value after `delay` ms, unless another change comes first. */
  const change = useCallback(
    (value: T, delay = 300) => {
      revision.current = Math.max(revision.current + 1, Date.now());
      const rev = revision.current;
      if (timer.current) clearTimeout(timer.current);
      setState('waiting');
      timer.current = setTimeout(() => void run(value, rev), delay);
    },
    [run],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { state, change };
}
