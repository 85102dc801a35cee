import type { Contract, ServerChecked } from './contract';

/**
 * A handle on `C` that does not load its schemas (see `ServerChecked`): `titles` names its fields as
 * the contract's titles do, so the form and the server's sentences agree.
 */
export const serverChecked = <C extends Contract>(
  path: string,
  titles: Record<string, string> = {},
): ServerChecked<C> => ({ path, titles });
