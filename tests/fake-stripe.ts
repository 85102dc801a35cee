import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const SECRET_KEY = `sk_test_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
export const WEBHOOK_SECRET = `whsec_${'a1b2c3d4e5f6'.repeat(3)}`;

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, unknown>;
  /** The Bearer key, the Stripe-Account and Idempotency-Key headers as sent. */
  key: string | null;
  account: string | null;
  idempotencyKey: string | null;
}

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json };
type Account = { id: string; email: string; ready: boolean };
type Transfer = Json & { id: string; amount: number; amount_reversed: number; reversed: boolean; destination: string };
type Payout = Json & { id: string; status: string; account: string; metadata: Record<string, string> };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const stripeError = (status: number, message: string, type = 'invalid_request_error', code?: string): Reply => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/**
 * A stand-in for Stripe's API on a local port, holding what the Connect payout flow touches:
 * connected accounts, transfers (and their reversals) and payouts on the connected accounts. It keeps
 * idempotency keys as Stripe does (per account: the same key answers the first reply, another body
 * under it is refused), records every request, and can drop its replies or stop answering. Payouts
 * move only when a test says so (`settle`), as a bank would.
 */
export class FakeStripe {
  readonly received: Received[] = [];
  readonly accounts = new Map<string, Account>();
  readonly transfers = new Map<string, Transfer>();
  readonly payouts = new Map<string, Payout>();
  readonly reversals: Json[] = [];
  private readonly keys = new Map<string, { body: string; reply: Reply }>();
  /** Requests matching this are carried out, then the connection is cut before the reply (a reply lost on the way). */
  dropReplies: { pattern: RegExp; times: number } | null = null;
  /** Cut every connection at once, doing nothing: Stripe not answering. */
  silent = false;
  /** Requests matching `pattern` are answered only once `until` settles (Stripe slow to answer); `asked` settles when one arrives. */
  held: { pattern: RegExp; until: Promise<void>; asked: () => void } | null = null;
  private server!: Server;
  baseUrl = '';

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** A seller's connected account, as the office made it in Stripe; `ready` when payouts are enabled on a manual schedule. */
  addAccount(email: string, ready = true): string {
    const account = { id: `acct_${randomBytes(8).toString('hex')}`, email, ready };
    this.accounts.set(account.id, account);
    return account.id;
  }

  /** The bank's word on a payout: in transit, paid, failed. */
  settle(payoutId: string, status: 'in_transit' | 'paid' | 'failed' | 'pending') {
    this.payouts.get(payoutId)!.status = status;
  }

  payoutsOf(account: string) {
    return [...this.payouts.values()].filter((p) => p.account === account);
  }

  /** A webhook event as Stripe sends it: the object as it stood then, and the connected account for Connect events. */
  event(type: string, object: Json, account?: string): string {
    return JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      ...(account ? { account } : {}),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }

  accountJson(accountId: string): Json {
    const a = this.accounts.get(accountId)!;
    return {
      id: a.id,
      object: 'account',
      type: 'express',
      email: a.email,
      charges_enabled: false,
      payouts_enabled: a.ready,
      details_submitted: a.ready,
      settings: { payouts: { schedule: { interval: a.ready ? 'manual' : 'daily', delay_days: 2 } } },
    };
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await read(req);
    if (this.silent) return req.socket.destroy();
    const url = new URL(req.url ?? '/', 'http://fake.stripe');
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
    const received: Received = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: parseForm(raw),
      key: header('authorization')?.replace(/^Bearer /, '') ?? null,
      account: header('stripe-account'),
      idempotencyKey: header('idempotency-key'),
    };
    this.received.push(received);
    const held = this.held;
    if (held?.pattern.test(`${received.method} ${received.path}`)) {
      held.asked();
      await held.until;
    }
    const reply = this.idempotent(received, raw);
    const drop = this.dropReplies;
    if (drop && drop.times > 0 && drop.pattern.test(`${received.method} ${received.path}`)) {
      drop.times -= 1;
      return req.socket.destroy();
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(reply.body));
  }

  /** A POST with an Idempotency-Key answers as the first time it was sent (on the same account), never twice. */
  private idempotent(r: Received, raw: string): Reply {
    if (r.key !== SECRET_KEY) return stripeError(401, 'Invalid API Key provided.', 'authentication_error');
    if (r.method !== 'POST' || !r.idempotencyKey) return this.route(r);
    const slot = `${r.account ?? 'platform'}|${r.idempotencyKey}`;
    const kept = this.keys.get(slot);
    if (kept && kept.body !== raw)
      return stripeError(
        400,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_error',
      );
    if (kept) return kept.reply;
    const reply = this.route(r);
    this.keys.set(slot, { body: raw, reply });
    return reply;
  }

  private route(r: Received): Reply {
    const at = `${r.method} ${r.path}`;
    let m: RegExpMatchArray | null;
    if ((m = at.match(/^GET \/v1\/accounts\/(acct_\w+)$/)))
      return this.accounts.has(m[1])
        ? { status: 200, body: this.accountJson(m[1]) }
        : stripeError(404, `No such account: '${m[1]}'`, 'invalid_request_error', 'resource_missing');
    if (at === 'POST /v1/transfers') return this.createTransfer(r);
    if (at === 'GET /v1/transfers') {
      const group = r.query.get('transfer_group');
      const found = [...this.transfers.values()].filter((t) => !group || t.transfer_group === group);
      return { status: 200, body: list('/v1/transfers', found) };
    }
    if ((m = at.match(/^GET \/v1\/transfers\/(tr_\w+)$/))) return this.found(this.transfers.get(m[1]), m[1]);
    if ((m = at.match(/^POST \/v1\/transfers\/(tr_\w+)\/reversals$/))) return this.reverse(m[1], r);
    if (!r.account || !this.accounts.has(r.account))
      return stripeError(403, 'The provided key does not have access to this account.', 'invalid_request_error');
    if (at === 'POST /v1/payouts') return this.createPayout(r);
    if (at === 'GET /v1/payouts')
      return { status: 200, body: list('/v1/payouts', this.payoutsOf(r.account).reverse().map(this.payoutJson)) };
    if ((m = at.match(/^GET \/v1\/payouts\/(po_\w+)$/))) return this.found(this.payoutOn(r.account, m[1]), m[1]);
    if ((m = at.match(/^POST \/v1\/payouts\/(po_\w+)\/cancel$/))) return this.cancel(r.account, m[1]);
    return stripeError(404, `Unrecognized request URL (${r.method}: ${r.path}).`);
  }

  private found(object: Json | undefined, objectId: string): Reply {
    if (!object) return stripeError(404, `No such object: '${objectId}'`, 'invalid_request_error', 'resource_missing');
    return { status: 200, body: 'account' in object ? this.payoutJson(object as Payout) : object };
  }

  private payoutOn(account: string, payoutId: string) {
    const payout = this.payouts.get(payoutId);
    return payout?.account === account ? payout : undefined;
  }

  private payoutJson = (p: Payout): Json => {
    const { account: _account, ...json } = p;
    return json;
  };

  private createTransfer(r: Received): Reply {
    const destination = String(r.form.destination ?? '');
    if (!this.accounts.has(destination)) return stripeError(400, `No such destination: '${destination}'`);
    const transfer: Transfer = {
      id: id('tr'),
      object: 'transfer',
      amount: Number(r.form.amount),
      amount_reversed: 0,
      currency: String(r.form.currency),
      created: now(),
      description: r.form.description ?? null,
      destination,
      metadata: r.form.metadata ?? {},
      reversed: false,
      transfer_group: r.form.transfer_group ?? null,
    };
    this.transfers.set(transfer.id, transfer);
    return { status: 200, body: transfer };
  }

  private reverse(transferId: string, r: Received): Reply {
    const transfer = this.transfers.get(transferId);
    if (!transfer) return stripeError(404, `No such transfer: '${transferId}'`);
    if (transfer.reversed) return stripeError(400, 'The transfer is already fully reversed.');
    const reversal = {
      id: id('trr'),
      object: 'transfer_reversal',
      amount: transfer.amount - transfer.amount_reversed,
      transfer: transferId,
      metadata: r.form.metadata ?? {},
    };
    transfer.amount_reversed = transfer.amount;
    transfer.reversed = true;
    this.reversals.push(reversal);
    return { status: 200, body: reversal };
  }

  private createPayout(r: Received): Reply {
    const payout: Payout = {
      id: id('po'),
      object: 'payout',
      account: r.account!,
      amount: Number(r.form.amount),
      currency: String(r.form.currency),
      arrival_date: now() + 2 * 86_400,
      created: now(),
      description: r.form.description ?? null,
      metadata: (r.form.metadata ?? {}) as Record<string, string>,
      method: 'standard',
      status: 'pending',
      type: 'bank_account',
    };
    this.payouts.set(payout.id, payout);
    return { status: 200, body: this.payoutJson(payout) };
  }

  private cancel(account: string, payoutId: string): Reply {
    const payout = this.payoutOn(account, payoutId);
    if (!payout) return stripeError(404, `No such payout: '${payoutId}'`);
    if (payout.status !== 'pending')
      return stripeError(400, `Payouts can only be canceled while they are pending (this one is ${payout.status}).`);
    payout.status = 'canceled';
    return { status: 200, body: this.payoutJson(payout) };
  }
}

/** Stripe's form encoding, one level deep as the payout flow sends it: `metadata[forecourt_key]=…`. */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const nested = key.match(/^(\w+)\[(\w+)\]$/);
    if (nested) out[nested[1]] = { ...((out[nested[1]] as Json) ?? {}), [nested[2]]: value };
    else out[key] = value;
  }
  return out;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The Stripe-Signature header for a body, as Stripe signs it (or with another secret, to be refused). */
export function signed(payload: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
