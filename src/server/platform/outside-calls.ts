/**
 * Issue 29: an outside provider (a mail server, a carrier, a payments service) is never called inside
 * an action's transaction, where one that stops answering would hold a connection and the rows the
 * change locked until its timeout. Actions that call one are `outside` (src/server/http/actions.ts).
 * In development and tests a provider called from an action's transaction throws, so an action that
 * forgets fails its own tests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The action whose transaction the current code runs in, if any (set by the action pipeline). */
const openTransaction = new AsyncLocalStorage<string>();

/** Runs `change` as `action`'s transaction: a provider called from it is called inside it. */
export const insideTransaction = <T>(action: string, change: () => Promise<T>): Promise<T> =>
  openTransaction.run(action, change);

function checkOutside(provider: string, method: string) {
  const action = openTransaction.getStore();
  if (!action || process.env.NODE_ENV === 'production') return;
  throw new Error(
    `${action} calls ${provider}.${method} inside its transaction: make the action \`outside\` and write through ctx.change (issue 29).`,
  );
}

/** Wraps every method of each provider so that a call from inside an action's transaction is checked. */
export function watchProviders<S extends object>(services: S, names: readonly (keyof S & string)[]): S {
  for (const name of names) {
    const provider = services[name] as Record<string, unknown>;
    for (const key of methodsOf(provider)) {
      const method = provider[key] as (...args: unknown[]) => unknown;
      provider[key] = function (this: unknown, ...args: unknown[]) {
        checkOutside(name, key);
        return method.apply(this, args);
      };
    }
  }
  return services;
}

/** A provider's methods, its own and its class's. */
function methodsOf(object: object): string[] {
  const keys = new Set<string>();
  for (let o: object | null = object; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const key of Object.getOwnPropertyNames(o))
      if (key !== 'constructor' && typeof (object as Record<string, unknown>)[key] === 'function') keys.add(key);
  return [...keys];
}
