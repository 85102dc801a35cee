/**
 * What the screens read from the server, keyed by the action's contract: every cached reply of an
 * action sits under its path, so a change reloads all of them at once (list pages, a record, its
 * pickers) by naming the contract, never a key written out by hand.
 */
import { useQuery, type QueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { Callable, InputOf, OutputOf } from '../../shared/contract';
import { callAction } from '../api';

/** An action's input as a screen sends it, or none for an action that takes nothing. */
export type QueryInput<C extends Callable> = InputOf<C> | Record<string, never>;

/**
 * The one key of an action's replies: its path, then the input sent. With the input left out it is
 * the prefix of every reply of the action; with part of an input, of the replies sent that part
 * (TanStack matches an object in a key by the properties given).
 */
export function actionKey<C extends Callable>(contract: C, input?: Partial<QueryInput<C>>): readonly unknown[] {
  return input === undefined ? [contract.path] : [contract.path, input];
}

export type ActionQueryOptions<C extends Callable, T = OutputOf<C>> = Omit<
  UseQueryOptions<OutputOf<C>, Error, T, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** A read by the action's contract: its reply typed from it, under `actionKey(contract, input)`. */
export function useActionQuery<C extends Callable, T = OutputOf<C>>(
  contract: C,
  input: QueryInput<C> = {},
  options: ActionQueryOptions<C, T> = {},
): UseQueryResult<T, Error> {
  return useQuery({ ...options, queryKey: actionKey(contract, input), queryFn: () => callAction(contract, input) });
}

/** Marks every reply of these actions stale (list pages, records, pickers under them); the ones shown reload. */
export function reloadActions(queryClient: QueryClient, ...contracts: readonly Callable[]) {
  return Promise.all(contracts.map((contract) => queryClient.invalidateQueries({ queryKey: actionKey(contract) })));
}

/** Marks the replies of one action sent this input (or these fields of it) stale: one record, not every one. */
export function reloadAction<C extends Callable>(queryClient: QueryClient, contract: C, input: Partial<QueryInput<C>>) {
  return queryClient.invalidateQueries({ queryKey: actionKey(contract, input) });
}
