import { useRef, useState } from 'react';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { Callable, InputOf, OutputOf } from '../../shared/contract';
import { isIdempotent } from '../../shared/serverChecked';
import { callAction, errorMessage, isActionError, newIdempotencyKey } from '../api';
import { notifySuccess } from './notify';
import { reloadActions } from './useActionQuery';

/**
 * The prefixes the spec's seeds put before a failed call's first error in its alert (seed 000,
 * section 8; seed 001, section 8); most alerts show the error alone.
 */
export const ALERT_PREFIX = {
  unexpected: 'There was an unexpected error: ',
  error: 'There was an error: ',
  plain: 'Error: ',
} as const;

export interface ActionOptions<I, O> {
  /** The success popup, word for word from the spec where it has one. */
  success?: string | ((data: O, input: I) => string);
  successMs?: number;
  /**
   * The actions whose replies reload after success, by contract (seed 000: lists reload after add,
   * save and delete): every page of a list, and any record or picker read through the same action.
   */
  reload?: readonly Callable[];
  /** 'alert' for calls made from a button outside a form; forms show the error themselves. */
  errors?: 'inline' | 'alert';
  /** The alert's prefix, where the module's seed names one. */
  alertPrefix?: keyof typeof ALERT_PREFIX;
  onSuccess?: (data: O, input: I) => void;
  onError?: (error: unknown) => void;
  /**
   * How the input goes out when not as JSON: a form with a file chosen sends it with `uploadAction`.
   * An idempotent contract's key comes with it.
   */
  send?: (input: I, idempotencyKey?: string) => Promise<O>;
}

/**
 * A call that changes something: loading state for its button, success popup, list reloads. Given
 * the action's contract, its input and reply are typed from it.
 *
 * An idempotent contract's calls carry an `Idempotency-Key` (decision 025), one per intended
 * submission: made when the form or button is ready and kept until a call with it succeeds, so a
 * double click or a retry after a lost reply sends the same key and the server acts once. Changed
 * input is a new submission, with a new key; so is the next one after a success.
 */
export function useAction<C extends Callable>(
  contract: C,
  options: ActionOptions<InputOf<C>, OutputOf<C>> = {},
): UseMutationResult<OutputOf<C>, unknown, InputOf<C>> {
  const queryClient = useQueryClient();
  const [ready] = useState(() => (isIdempotent(contract) ? newIdempotencyKey() : null));
  const submission = useRef<{ key: string | null; input: string | null }>({ key: ready, input: null });
  return useMutation<OutputOf<C>, unknown, InputOf<C>>({
    mutationFn: async (input) => {
      let key: string | undefined;
      if (isIdempotent(contract)) {
        const sent = JSON.stringify(input);
        const kept = submission.current;
        key = kept.key !== null && (kept.input === null || kept.input === sent) ? kept.key : newIdempotencyKey();
        submission.current = { key, input: sent };
      }
      const data = await (options.send ? options.send(input, key) : callAction(contract, input, key));
      // Done: the next submission is a new one (a repeat of this one, still under way, keeps its key).
      if (key && submission.current.key === key) submission.current = { key: newIdempotencyKey(), input: null };
      return data;
    },
    onSuccess: (data, input) => {
      if (options.success)
        notifySuccess(
          typeof options.success === 'function' ? options.success(data, input) : options.success,
          options.successMs,
        );
      options.onSuccess?.(data, input);
      // The modal closes at once; the list catches up behind it.
      void reloadActions(queryClient, ...(options.reload ?? []));
    },
    onError: (error) => {
      if (options.errors === 'alert' && !(isActionError(error) && (error.network || error.status === 401))) {
        const prefix = options.alertPrefix ? ALERT_PREFIX[options.alertPrefix] : '';
        const message = errorMessage(error);
        // Loaded when first needed: the sign-in steps, which never alert, stay light.
        void import('./modals').then(({ showAlert }) =>
          showAlert(message.startsWith(prefix) ? message : prefix + message),
        );
      }
      options.onError?.(error);
    },
  });
}
