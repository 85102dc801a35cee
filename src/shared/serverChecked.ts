import type { Callable, Contract, ServerChecked } from './contract';

/**
 * A handle on `C` that does not load its schemas (see `ServerChecked`): `titles` names its fields as
 * the contract's titles do, so the form and the server's sentences agree.
 */
export const serverChecked = <C extends Contract>(
  path: string,
  titles: Record<string, string> = {},
): ServerChecked<C> => ({ path, titles });

/**
 * Whether calls to it carry an `Idempotency-Key` (a server-checked handle never does). Here, not in
 * ./contract.ts: every screen's `useAction` asks, the sign-in's too, and that file brings zod.
 */
export const isIdempotent = (contract: Callable): boolean => 'idempotent' in contract && contract.idempotent === true;
