/**
 * Stand-ins for one method of a running app's provider (issue 29): an `outside` action must have
 * committed what it asks for before the provider is asked, and must leave a clear state when the
 * provider fails. Each gives a way to put the method back.
 */
type Method = (...args: never[]) => Promise<unknown>;
type MethodsOf<P> = { [K in keyof P]: P[K] extends Method ? K : never }[keyof P];

/** Puts `stand` in the method's place; answers what puts the method back. */
export function replaceProvider<P extends object, K extends MethodsOf<P>>(provider: P, method: K, stand: P[K]) {
  const original = provider[method];
  provider[method] = stand;
  return () => {
    provider[method] = original;
  };
}

/**
 * Holds the method until `release`: meanwhile the test reads what the action committed (from another
 * connection on PostgreSQL; on PGlite, a transaction left open would keep the read waiting). The real
 * method then runs, with the check that no transaction is open (outside-calls.ts). Counts the calls.
 */
export function holdProvider<P extends object, K extends MethodsOf<P>>(provider: P, method: K) {
  const original = provider[method] as Method;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = () => {};
  const asked = new Promise<void>((resolve) => (reached = resolve));
  let calls = 0;
  const restore = replaceProvider(provider, method, (async (...args: never[]) => {
    calls += 1;
    reached();
    await released;
    return original.apply(provider, args);
  }) as P[K]);
  return { asked, release, calls: () => calls, restore };
}

/** Makes the method fail with `error` (a provider refusing, or not answering). */
export function failProvider<P extends object, K extends MethodsOf<P>>(provider: P, method: K, error: Error) {
  return replaceProvider(provider, method, (async () => Promise.reject(error)) as P[K]);
}
