/**
 * The one way the screens talk to the server: `POST /api/actions/<path>` with the envelope
 * `{ success, data, errors }`. Every failure becomes an `ActionError`, so screens handle one shape.
 */
import type { Envelope, ErrorData } from '../shared/envelope';
import type { SessionReply } from '../shared/session';
import type { Callable, Contract, InputOf, OutputOf } from '../shared/contract';

class ActionError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  readonly statusText: string;
  /** Sentences from the server, first one first. Empty when the server sent none. */
  readonly errors: string[];
  /** Fields the server named as wrong (data.fields). */
  readonly fields: string[];
  /** Each wrong field's sentence (data.fieldErrors). */
  readonly fieldErrors: Record<string, string>;
  /** No envelope came back: the network failed or something other than the app answered. */
  readonly network: boolean;

  constructor(init: {
    status: number;
    statusText: string;
    errors?: string[];
    fields?: string[];
    fieldErrors?: Record<string, string>;
    network?: boolean;
  }) {
    const errors = init.errors ?? [];
    super(errors[0] ?? `${init.status} ${init.statusText}`.trim());
    this.name = 'ActionError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = errors;
    this.fields = init.fields ?? [];
    this.fieldErrors = init.fieldErrors ?? {};
    this.network = init.network ?? false;
  }
}

export function isActionError(error: unknown): error is ActionError {
  return error instanceof ActionError;
}

/** The sentence to show for a failure: the server's first error, or the unexpected-error prefix. */
export function errorMessage(error: unknown): string {
  if (isActionError(error)) {
    if (error.errors[0]) return error.errors[0];
    return `There was an unexpected error: ${error.status ? `${error.status} ${error.statusText}` : error.statusText}`.trim();
  }
  return `There was an unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

/** "HTTP 502 Bad Gateway" or the browser's reason when nothing answered. */
export function networkMessage(error: ActionError): string {
  return error.status
    ? `The server answered ${error.status} ${error.statusText}`.trim()
    : `The server could not be reached (${error.statusText})`;
}

// The CSRF token of the current session; set each time the session is read.
let csrfToken: string | null = null;

export async function fetchSession(): Promise<SessionReply> {
  const reply = await send('/api/session', { method: 'GET', credentials: 'same-origin' });
  const session = reply.data as unknown as SessionReply;
  csrfToken = session.csrfToken;
  return session;
}

/** A call that moved the session to a new id (a password change) answers with its new CSRF token. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

async function send(url: string, init: RequestInit): Promise<Envelope> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ActionError({
      status: 0,
      statusText: error instanceof Error ? error.message : 'network error',
      network: true,
    });
  }
  let body: Envelope<Record<string, unknown> & ErrorData> | undefined;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy page, a crash, an empty reply.
  }
  if (!body || typeof body !== 'object' || !('success' in body)) {
    throw new ActionError({
      status: response.status,
      statusText: response.statusText || 'not a JSON reply',
      network: true,
    });
  }
  if (!response.ok || !body.success) {
    throw new ActionError({
      status: response.status,
      statusText: response.statusText,
      errors: Array.isArray(body.errors) ? body.errors : [],
      fields: Array.isArray(body.data?.fields) ? body.data.fields : [],
      fieldErrors: body.data?.fieldErrors && typeof body.data.fieldErrors === 'object' ? body.data.fieldErrors : {},
    });
  }
  return body;
}

/** A value as the server reads a form field: checkboxes become 1/0. */
function toField(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  return value;
}

/** Where an action answers: its own route (the spec's /api/kits/ calls) or under /api/actions/. */
const routeOf = (contract: Callable) => ('route' in contract && contract.route) || `/api/actions/${contract.path}`;

/**
 * Calls an action, by its contract, with a JSON body; the CSRF token rides in a header. Its input and
 * reply are typed from the contract, so a screen never names an action by a string. `idempotencyKey`
 * (an idempotent contract's, from `useAction`) goes out as `Idempotency-Key`: the server runs a key
 * once and answers a repeat with the first reply.
 */
export async function callAction<C extends Callable>(
  contract: C,
  body: InputOf<C> | Record<string, never> = {},
  idempotencyKey?: string,
  /** Aborts the request (an autosave a newer change replaces); the call then rejects. */
  signal?: AbortSignal,
): Promise<OutputOf<C>> {
  return post(contract, body, { idempotencyKey, signal });
}

/**
 * The same call made to outlive the page (`keepalive`): one sent as the staff member closes or leaves
 * it, such as a delete still waiting for its Undo (decision 040).
 */
export function callActionAsPageCloses<C extends Callable>(
  contract: C,
  body: InputOf<C> | Record<string, never> = {},
  idempotencyKey?: string,
): Promise<OutputOf<C>> {
  return post(contract, body, { idempotencyKey, keepalive: true });
}

async function post<C extends Callable>(
  contract: C,
  body: InputOf<C> | Record<string, never>,
  { idempotencyKey, signal, keepalive }: { idempotencyKey?: string; signal?: AbortSignal; keepalive?: boolean },
): Promise<OutputOf<C>> {
  const json = Object.fromEntries(Object.entries(body as object).map(([k, v]) => [k, toField(v)]));
  const reply = await send(routeOf(contract), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(json),
    signal,
    keepalive,
  });
  return reply.data as OutputOf<C>;
}

/**
 * A new `Idempotency-Key`: 128 random bits as hex. `crypto.getRandomValues`, unlike `randomUUID`, is
 * there on a plain-http intranet host too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends files (multipart) to an action; the CSRF token is a form field, as the spec names it. */
export async function uploadAction<C extends Contract>(
  contract: C,
  files: Record<string, File | Blob | (File | Blob)[]>,
  fields: Record<string, string> = {},
): Promise<OutputOf<C>> {
  const form = new FormData();
  if (csrfToken) form.append('csrfToken', csrfToken);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A list under one name goes as that field repeated, as a multiple file input sends it.
  for (const [name, file] of Object.entries(files)) for (const one of [file].flat()) form.append(name, one);
  const reply = await send(routeOf(contract), { method: 'POST', credentials: 'same-origin', body: form });
  return reply.data as OutputOf<C>;
}
