import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export const ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
export const AUTH_TOKEN = 'f'.repeat(32);

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  /** user:password from the Basic authorization header. */
  auth: string | null;
}

type Reply = { status: number; body?: unknown };
type Handler = { method: string; pattern: RegExp; reply: (request: Received, match: RegExpMatchArray) => Reply };

/**
 * A stand-in for api.twilio.com on a local port: it records each request (form fields, query,
 * Basic credentials) and answers with JSON shaped like Twilio's. Unrouted requests get Twilio's 404.
 */
export class FakeTwilio {
  readonly received: Received[] = [];
  private readonly handlers: Handler[] = [];
  private server!: Server;
  baseUrl = '';

  static async start(): Promise<FakeTwilio> {
    const fake = new FakeTwilio();
    fake.server = createServer((req, res) => {
      void read(req).then((body) => {
        const url = new URL(req.url ?? '/', 'http://fake.twilio');
        const header = req.headers.authorization ?? '';
        const received: Received = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          form: new URLSearchParams(body),
          auth: header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : null,
        };
        fake.received.push(received);
        const handler = fake.handlers.find((h) => h.method === received.method && h.pattern.test(received.path));
        const reply: Reply = handler
          ? handler.reply(received, received.path.match(handler.pattern)!)
          : {
              status: 404,
              body: {
                code: 20404,
                message: `The requested resource ${received.path} was not found`,
                more_info: 'https://www.twilio.com/docs/errors/20404',
                status: 404,
              },
            };
        res.writeHead(reply.status, reply.body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  on(method: string, pattern: RegExp, reply: Handler['reply']) {
    this.handlers.unshift({ method, pattern, reply });
    return this;
  }

  last(): Received {
    return this.received.at(-1)!;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/** The SDK's own HTTP client, with Twilio's hosts swapped for the fake's address. */
export class LocalRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 5000, keepAlive: false });
  }

  override request<TData>(opts: RequestOptions) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.base) } as never);
  }
}

const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
const api = `/2010-04-01/Accounts/${ACCOUNT_SID}`;

/** Twilio's JSON for a message. */
export function messageJson(values: {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  status: string;
  messagingServiceSid?: string | null;
  errorCode?: number | null;
}) {
  const now = rfc2822(new Date('2026-11-02T18:00:00Z'));
  return {
    account_sid: ACCOUNT_SID,
    api_version: '2010-04-01',
    body: values.body,
    date_created: now,
    date_sent: values.status === 'queued' ? null : now,
    date_updated: now,
    direction: 'outbound-api',
    error_code: values.errorCode ?? null,
    error_message: null,
    from: values.from,
    messaging_service_sid: values.messagingServiceSid ?? null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: values.sid,
    status: values.status,
    subresource_uris: { media: `${api}/Messages/${values.sid}/Media.json` },
    to: values.to,
    uri: `${api}/Messages/${values.sid}.json`,
  };
}

/** Twilio's JSON for a call. */
export function callJson(values: {
  sid: string;
  to: string;
  from: string;
  status: string;
  direction?: string;
  duration?: string | null;
  startTime?: Date | null;
  endTime?: Date | null;
}) {
  const created = new Date('2026-11-02T18:00:00Z');
  return {
    sid: values.sid,
    date_created: rfc2822(created),
    date_updated: rfc2822(created),
    parent_call_sid: null,
    account_sid: ACCOUNT_SID,
    to: values.to,
    to_formatted: values.to,
    from: values.from,
    from_formatted: values.from,
    phone_number_sid: null,
    status: values.status,
    start_time: values.startTime ? rfc2822(values.startTime) : null,
    end_time: values.endTime ? rfc2822(values.endTime) : null,
    duration: values.duration ?? null,
    price: null,
    price_unit: 'USD',
    direction: values.direction ?? 'outbound-api',
    answered_by: null,
    api_version: '2010-04-01',
    forwarded_from: null,
    group_sid: null,
    caller_name: null,
    queue_time: '0',
    trunk_sid: null,
    uri: `${api}/Calls/${values.sid}.json`,
    subresource_uris: { recordings: `${api}/Calls/${values.sid}/Recordings.json` },
  };
}

/** A list page as Twilio wraps it: the records under their key, with the paging fields. */
export function page(key: string, records: unknown[], uri: string) {
  return {
    [key]: records,
    end: records.length - 1,
    first_page_uri: uri,
    next_page_uri: null,
    page: 0,
    page_size: 50,
    previous_page_uri: null,
    start: 0,
    uri,
  };
}

export function twilioError(status: number, code: number, message: string): Reply {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

export const apiPath = api;
