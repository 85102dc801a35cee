import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers';
import { bookkeeping, tableFingerprint } from '../../../tests/fingerprint';
import { multipartBody } from '../../../tests/multipart';
import { createLine } from '../../../tests/telephony';
import { actionRegistry, actionRoute, type ActionDefinition } from './actions';
import { exportRegistry, listRegistry } from './lists';
import { sessions } from './platform.db';
import { SESSION_COOKIE } from './session';
import { userFactors, users } from '../../modules/users/users.db';
import { phoneActions } from '../../modules/phones/phones.db';
import { jobCodes } from '../../modules/access/access.db';
import { simulateInboundCall } from '../../modules/phones/phones.api';
import { allFlags } from '../../shared/permissions';
import { registeredActions, registeredExports } from '../../../tests/registries';

/**
 * Every registered action (lists included) and every CSV export, called with payloads built from
 * its own zod schema and then broken on purpose: fields missing, extra, of the wrong type, huge,
 * with NUL and half surrogate pairs, other scripts, SQL and HTML, numbers out of range, arrays for
 * scalars and back, prototype keys, deep nesting; sent as JSON, form fields and multipart. Whatever
 * comes, the server answers below 500 with the envelope, a refusal changes no table, and a call that
 * changes a table (an accepted one, or a refusal that keeps its writes) writes its audit row.
 *
 * FUZZ_CASES sets the cases per action: by default 50 on PostgreSQL (`TEST_DATABASE_URL`, as CI runs
 * it) and 10 on the embedded database, where each call costs several times more; FUZZ_SEED picks another run (default below);
 * FUZZ_ONLY narrows to actions whose route contains it. A failure prints the seed, the case number
 * and the body, and the same seed replays the same cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_102);
const CASES = Math.max(10, Number(process.env.FUZZ_CASES ?? (process.env.TEST_DATABASE_URL ? 50 : 10)));
const ONLY = process.env.FUZZ_ONLY ?? '';

/** Tables the platform legitimately writes when it refuses a call (see tests/fingerprint.ts) … */
const ALWAYS_SKIPPED = [...bookkeeping];
/**
 * … and what a failed sign-in or a wrong code records on purpose although the call fails
 * (`AppError.committing()`): the failure count and lock on the user, the event, the sign-in
 * throttle, and the mail telling the owner of repeated failures.
 */
const SIGN_IN_FAILURE_TABLES = ['users', 'user_events', 'signin_throttles', 'outbox', 'audit_log'];
const signInSteps = new Set(['users/authenticate', 'users/2fa-verify']);

// ---------------------------------------------------------------- a seeded PRNG

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = ReturnType<typeof mulberry32>;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const seedFor = (route: string) => createHash('sha256').update(`${SEED}:${route}`).digest().readUInt32LE(0);

// ---------------------------------------------------------------- valid-looking payloads from a schema

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, default, nullable, preprocess and pipes: what the value must finally be. */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return core(def.innerType as z.ZodType);
    case 'pipe':
      return core(defOf(def.out as z.ZodType).type === 'transform' ? (def.in as z.ZodType) : (def.out as z.ZodType));
    default:
      return schema;
  }
}

/** Records the payloads name: each action gets its own line, phone action, live call and job code. */
interface Samples {
  userId: number;
  username: string;
  locationId: number;
  phoneId: number;
  lineNumber: string;
  actionId: number;
  factorId: number;
  jobCode: string;
  employeeNumber: string;
  callSid: string;
  route: string;
}

/** Realistic values by field name, tried before the generic ones. */
function namedCandidates(key: string, s: Samples): unknown[] {
  const k = key.toLowerCase();
  if (k === 'userid' || k.endsWith('userids')) return [s.userId];
  if (k.includes('locationid')) return [s.locationId];
  if (k.includes('phoneid') || k.includes('lineid')) return [s.phoneId];
  if (k.includes('actionid')) return [s.actionId];
  if (k.includes('factorid')) return [s.factorId];
  if (k.includes('jobcode')) return [s.route.includes('/add-') ? `N${s.jobCode}` : s.jobCode];
  if (k === 'status' && s.route.includes('simulate-call-status')) return ['completed'];
  if (k === 'to' && s.route.includes('transfer-call')) return ['+15055550143'];
  if (k === 'factortype') return ['email'];
  if (k.includes('areacode')) return ['505'];
  if (k.includes('employee')) return [s.employeeNumber];
  if (k.includes('callsid')) return [s.callSid];
  if (k.includes('password')) return [TEST_PASSWORD];
  if (k === 'username') return [s.username];
  if (k.includes('email')) return ['fuzz@forecourt.test'];
  if (k === 'to') return [s.lineNumber, '2026-11-30'];
  if (k === 'from') return ['+15055550142', '2026-11-01'];
  if (k.includes('phone') || k.includes('number')) return ['+15055550142'];
  if (k.includes('url')) return ['https://www.example.com/page'];
  if (k === 'code') return ['FZ1'];
  if (k === 'sid') return [undefined];
  if (k === 'redirect') return ['/'];
  if (k === 'authcode') return ['123456'];
  if (k === 'cursor' || k === 'sort') return [undefined];
  return [];
}

const GENERIC: unknown[] = [
  'Fuzz value',
  1,
  '1',
  true,
  '+15055550142',
  '2026-11-02',
  'fuzz@forecourt.test',
  'https://www.example.com',
  'FUZZ1',
  'ABG',
  '123456',
  'sms',
  'email',
  'totp',
  `CA${'0'.repeat(32)}`,
  `SM${'0'.repeat(32)}`,
  'America/Denver',
  'NM',
  '87109',
  0,
  30,
  '505',
  'completed',
  '09:00',
  `PN${'0'.repeat(32)}`,
  `MG${'0'.repeat(32)}`,
  [],
];

function valueFor(key: string, schema: z.ZodType, s: Samples): unknown {
  for (const candidate of namedCandidates(key, s)) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  const c = core(schema);
  const def = defOf(c);
  switch (def.type) {
    case 'object':
      return objectFor(c, s);
    case 'array': {
      const item = valueFor(key.replace(/s$/, ''), def.element as z.ZodType, s);
      return [item];
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => valueFor(key, item, s));
    case 'union': {
      const options = def.options as z.ZodType[];
      for (const option of options) {
        const value = valueFor(key, option, s);
        if (schema.safeParse(value).success) return value;
      }
      return valueFor(key, options[0], s);
    }
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      for (const candidate of [...namedCandidates(key, s), ...GENERIC]) {
        if (schema.safeParse(candidate).success) return candidate;
      }
      return def.type === 'number' ? 1 : 'abc';
  }
}

function objectFor(schema: z.ZodType, s: Samples): Record<string, unknown> {
  const shape = (defOf(core(schema)).shape ?? {}) as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = valueFor(key, field, s);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------- breaking it

const HOSTILE_STRINGS = [
  'x'.repeat(1024 * 1024),
  'a\u0000b',
  '\u0000',
  'half \ud800',
  '\udc00 half',
  'end \ud83d',
  '🚗🚙 emoji ✅',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFFbom',
  '\uFFFF\uFFFE',
  "' or 1=1 --",
  "'); drop table users; --",
  '"; select pg_sleep(10); --',
  '\\',
  '%',
  '_',
  '%00',
  '\\x00',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '-1',
  '   ',
  '',
  '\t\r\n',
  'null',
  'undefined',
  'true',
  '[object Object]',
  'javascript:alert(1)',
  'https://',
  '+',
  '0x10',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '9'.repeat(400),
  '2026-02-30',
  '0000-00-00',
  '275760-09-13',
  '-271821-04-20',
  'a'.repeat(201),
  'Ω'.repeat(5000),
];
const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  99_999_999_999,
];
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[]',
  'constructor[prototype]',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

/** Sets an own property, even `__proto__` (which assignment would take as the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function deep(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

function hostileValue(rng: Rng, current: unknown): unknown {
  switch (Math.floor(rng() * 10)) {
    case 0:
    case 1:
    case 2:
      return pick(rng, HOSTILE_STRINGS);
    case 3:
      return pick(rng, HOSTILE_NUMBERS);
    case 4:
      return String(pick(rng, [...HOSTILE_NUMBERS, 'NaN', 'Infinity', '-Infinity', '1e400']));
    case 5:
      return Array.isArray(current) ? (current[0] ?? 'abc') : [current ?? 'abc', current ?? 'abc'];
    case 6:
      return pick(rng, [null, true, false, {}, [], { $gt: '' }, [[1]], { a: { b: { c: 1 } } }]);
    case 7:
      return deep(1 + Math.floor(rng() * 40), pick(rng, ['x', 1, null]));
    case 8:
      return Array.from({ length: 1 + Math.floor(rng() * 600) }, () => pick(rng, ['a', 1, '\u0000']));
    default:
      return typeof current === 'string'
        ? `${current}${pick(rng, HOSTILE_STRINGS).slice(0, 50)}`
        : pick(rng, HOSTILE_STRINGS);
  }
}

/**
 * Values at and just past a field's bounds, where the outside review found 500s: a day's last year
 * and the years past the platform's range (9999 overflowed day arithmetic and the database's
 * calendar), a number's maximum and one past it and one below its minimum (past the columns).
 */
function boundaryValues(schema: z.ZodType): unknown[] {
  if (z.safeParse(schema, '2026-11-02').success && !z.safeParse(schema, 'not a day').success) {
    return ['2100-12-31', '2101-01-01', '9999-12-31', '1899-12-31'];
  }
  const c = core(schema);
  if (defOf(c).type !== 'number') return [];
  const bag = (c as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag;
  return [
    ...(Number.isFinite(bag.maximum) ? [bag.maximum!, bag.maximum! + 1] : []),
    ...(Number.isFinite(bag.minimum) ? [bag.minimum! - 1] : []),
  ];
}

interface Mutation {
  body: Record<string, unknown>;
  notes: string[];
}

function mutate(rng: Rng, base: Record<string, unknown>, keys: string[], route: string): Mutation {
  const body: Record<string, unknown> = structuredClone(base);
  const notes: string[] = [];
  const count = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) {
    const key =
      keys.length && rng() < 0.85
        ? pick(rng, keys)
        : pick(rng, ['extra', 'csrfToken', 'x'.repeat(300), 'a[b]', 'ünïcode', '']);
    const isList = listRegistry.has(route.replace('/api/actions/', ''));
    let choice = Math.floor(rng() * 8);
    // Paging fields are a list's own; any other action gets a hostile value instead.
    if (choice === 2 && !isList) choice = 3;
    switch (choice) {
      case 0:
        delete body[key];
        notes.push(`drop ${key}`);
        break;
      case 1: {
        const proto = pick(rng, PROTO_KEYS);
        const where =
          rng() < 0.3 && typeof body[key] === 'object' && body[key] ? (body[key] as Record<string, unknown>) : body;
        setOwn(where, proto, pick(rng, [1, 'x', { polluted: true }, [1]]));
        notes.push(`prototype key ${proto}${where === body ? '' : ` under ${key}`}`);
        break;
      }
      case 2: {
        const field = pick(rng, ['sort', 'cursor', 'dir', 'limit']);
        const value =
          field === 'cursor'
            ? pick(rng, [
                Buffer.from(
                  JSON.stringify(
                    pick(rng, [
                      ['abc', 'xyz'],
                      [1, 2],
                      ['2026-01-01T00:00:00Z', 1],
                      [null, null],
                      ['\u0000', 1],
                      [1e308, 'x'],
                      [{}, []],
                    ]),
                  ),
                ).toString('base64url'),
                'garbage',
                '',
                'A'.repeat(501),
                Buffer.from('["a"').toString('base64url'),
              ])
            : pick(rng, [
                'constructor',
                '__proto__',
                'toString',
                'hasOwnProperty',
                'valueOf',
                '',
                'DESC',
                '-1',
                '0',
                '501',
                '1e3',
                ' 5 ',
              ]);
        body[field] = value;
        notes.push(`${field}=${JSON.stringify(value).slice(0, 60)}`);
        break;
      }
      default: {
        const value = hostileValue(rng, body[key]);
        setOwn(body, key, value);
        notes.push(`${key || '(empty)'}=${show(value)}`);
      }
    }
  }
  return { body, notes };
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 60)}…(${text.length} chars)` : text;
}

// ---------------------------------------------------------------- sending it

type Encoding = 'json' | 'form' | 'multipart' | 'raw';

function formPairs(body: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  const text = (v: unknown) =>
    typeof v === 'object' && v !== null ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (Array.isArray(value)) for (const item of value) pairs.push([`${key}[]`, text(item)]);
    else if (value !== undefined) pairs.push([key, text(value)]);
  }
  return pairs;
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function encode(
  rng: Rng,
  encoding: Encoding,
  body: Record<string, unknown>,
  action: ActionDefinition,
  valid = false,
): { payload: string | Buffer; contentType: string; note: string } {
  switch (encoding) {
    case 'json':
      return { payload: JSON.stringify(body), contentType: 'application/json', note: 'json' };
    case 'form':
      return {
        payload: new URLSearchParams(formPairs(body)).toString(),
        contentType: 'application/x-www-form-urlencoded',
        note: 'form',
      };
    case 'multipart': {
      const fields: Record<string, string[]> = Object.create(null);
      for (const [key, value] of formPairs(body)) {
        // Multipart field names cannot carry a quote or a line break in this simple writer.
        if (/["\r\n]/.test(key)) continue;
        (fields[key] ??= []).push(value);
      }
      const files = valid
        ? [{ field: 'file', filename: 'photo.png', type: 'image/png', data: png }]
        : action.maxFileBytes || rng() < 0.3
          ? Array.from({ length: pick(rng, [1, 1, 2, 3]) }, (_, i) => ({
              field: pick(rng, ['file', 'photo', 'constructor']),
              filename: pick(rng, [`f${i}.png`, 'a\u0000.png', '../../x.png', '']),
              type: 'image/png',
              data: pick(rng, [png, Buffer.from('not an image'), Buffer.alloc(0)]),
            }))
          : [];
      const { payload, headers } = multipartBody(fields, files);
      return { payload, contentType: headers['content-type'], note: `multipart with ${files.length} file(s)` };
    }
    default: {
      const raw = pick(rng, [
        ['{"a":', 'application/json'],
        ['', 'application/json'],
        ['null', 'application/json'],
        ['[1,2]', 'application/json'],
        ['"text"', 'application/json'],
        [`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
        [`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, 'application/json'],
        ['{"__proto__":{"x":1}}', 'application/json'],
        ['{"constructor":{"prototype":{"x":1}}}', 'application/json'],
        ['a=1&a=2&a[]=3', 'application/x-www-form-urlencoded'],
        ['%zz=%zz&%E0%A4%A=1', 'application/x-www-form-urlencoded'],
        ['plain text', 'text/plain'],
        ['<xml/>', 'application/xml'],
        ['--x\r\n', 'multipart/form-data; boundary=x'],
        ['', 'multipart/form-data'],
      ] as const);
      return { payload: raw[0], contentType: raw[1], note: `raw ${raw[1]} ${show(raw[0])}` };
    }
  }
}

// ---------------------------------------------------------------- the run

let t: TestApp;
const totals = { requests: 0, refused: 0, succeeded: 0, started: 0 };
/** Replies by action and status, printed with FUZZ_VERBOSE=1 (to see how deep the cases reach). */
const statuses = new Map<string, Record<number, number>>();
const tally = (route: string, status: number, valid: boolean) => {
  const row = statuses.get(route) ?? {};
  const key = valid ? status * 1000 : status;
  row[key] = (row[key] ?? 0) + 1;
  statuses.set(route, row);
};

/** A session row for a user: `full`, or `password` (half signed in, for the two-factor calls). */
async function newSession(userId: number, stage: 'full' | 'password', factorId: number | null = null) {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await t.db
    .insert(sessions)
    .values({ id: createHash('sha256').update(token).digest('hex'), userId, stage, csrfToken, factorId });
  return { token, csrfToken };
}

let fixtureCount = 0;

/** A line with a voicemail step, a live call on it, a user at its location and a job code nobody holds. */
async function fixtures(route: string): Promise<Samples> {
  fixtureCount += 1;
  const { line } = await createLine(t);
  const other = await t.createUser({ locationId: line.locationId, phone: '+15055550178' });
  const [action] = await t.db
    .insert(phoneActions)
    .values({ phoneId: line.id, kind: 'voicemail', label: 'Fuzz', greeting: 'Leave a message.' })
    .returning();
  const { callSid } = await simulateInboundCall(t.db, t.app.services, { from: '+15055550142', to: line.phoneNumber });
  const jobCode = `FZ${fixtureCount}`;
  await t.db.insert(jobCodes).values({ jobCode, longName: 'Fuzz', flags: [] });
  const [employee] = (
    (await t.db.execute(sql`select employee_number from employees order by employee_number limit 1`)) as unknown as {
      rows: { employee_number: string }[];
    }
  ).rows;
  return {
    userId: other.id,
    username: other.username,
    locationId: line.locationId,
    phoneId: line.id,
    lineNumber: line.phoneNumber,
    actionId: action.id,
    factorId: 1,
    jobCode,
    employeeNumber: employee?.employee_number ?? '1001',
    callSid,
    route,
  };
}

interface Failure {
  seed: number;
  route: string;
  case: number;
  sent: string;
  status: number;
  reply: string;
  problem: string;
}

function checkEnvelope(status: number, text: string): string | null {
  if (status >= 500) return 'answered 5xx';
  let body: { success?: unknown; data?: unknown; errors?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return 'the reply is not JSON';
  }
  if (typeof body.success !== 'boolean') return 'success is not a boolean';
  if (!body.data || typeof body.data !== 'object' || Array.isArray(body.data)) return 'data is not an object';
  if (!Array.isArray(body.errors) || body.errors.some((e) => typeof e !== 'string' || !e.trim()))
    return 'errors is not a list of sentences';
  if (status >= 400 && (body.success || body.errors.length === 0)) return 'a refusal without a sentence';
  if (status < 400 && !body.success) return 'success false on a 2xx';
  return null;
}

function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
  allowed: readonly string[],
): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name] && !allowed.includes(name));
}

/**
 * Every change that commits has its audit row (issue 29, item 5): a call, accepted or refused, that
 * changed any table (beyond the bookkeeping) wrote to the audit log too. A refusal that keeps its
 * writes (`AppError.committing()`) keeps its audit rows; a load (`readOnly`, no transaction, no audit
 * rows) that wrote would be found here.
 */
function unaudited(before: Record<string, string>, after: Record<string, string>): string | null {
  const changed = changedTables(before, after, [...ALWAYS_SKIPPED, 'audit_log']);
  if (!changed.length || before.audit_log !== after.audit_log) return null;
  return `changed ${changed.join(', ')} with no audit row`;
}

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * Registers the fuzzing of every `parts`-th action from the `part`-th (and, in part 0, of the exports):
 * each part is a test file of its own, so the suite's workers share the run.
 */
export function fuzzActions(part: number, parts: number) {
  beforeAll(async () => {
    t = await testApp();
    Object.assign(totals, { requests: 0, refused: 0, succeeded: 0, started: Date.now() });
  });

  afterAll(async () => {
    const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${totals.requests} requests (${totals.succeeded} accepted, ${totals.refused} refused) over part ${part + 1} of ${parts} of ${actionRegistry.size} actions ` +
        `and ${exportRegistry.size} export(s), ${CASES} cases each, seed ${SEED}, ${seconds} s on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    if (process.env.FUZZ_VERBOSE) for (const [route, row] of statuses) console.log(route, JSON.stringify(row));
    await t?.close();
  });

  describe(`fuzzing every action from its schema (part ${part + 1} of ${parts})`, () => {
    const actions = [...registeredActions().values()].filter(
      (a, i) => i % parts === part && actionRoute(a).includes(ONLY),
    );

    it.skipIf(part > 0)('covers the registry', () => {
      expect(actionRegistry.size).toBeGreaterThan(20);
    });

    for (const action of actions) {
      const route = actionRoute(action);
      it(`${route} (${action.permission})`, { timeout: 120_000 }, async () => {
        const rng = mulberry32(seedFor(route));
        const failures: Failure[] = [];
        const pending = action.permission === 'pending';
        const anonymousOnly = action.permission === 'public';
        // A user of its own per action, with every flag and the whole group: what one action does to
        // its caller (a sign-out, a password change, a lock) never spoils the next action's run.
        const samples = await fixtures(route);
        const user = await t.createUser({
          flags: [...allFlags],
          groupWide: true,
          locationId: samples.locationId,
          phone: '+15055550177',
        });
        let factorId: number | null = null;
        if (pending) {
          const [factor] = await t.db
            .insert(userFactors)
            .values({ userId: user.id, type: 'email', target: user.email, confirmed: true })
            .returning();
          factorId = factor.id;
        }
        const own: Samples = {
          ...samples,
          username: anonymousOnly ? user.username : samples.username,
          factorId: factorId ?? samples.factorId,
        };
        const base = objectFor(action.input, own);
        const keys = Object.keys(base)
          .concat(Object.keys((defOf(core(action.input)).shape ?? {}) as object))
          .filter((k, i, all) => all.indexOf(k) === i);
        const allowed = [
          ...ALWAYS_SKIPPED,
          ...(signInSteps.has(route.replace('/api/actions/', '')) ? SIGN_IN_FAILURE_TABLES : []),
        ];

        let session = anonymousOnly ? null : await newSession(user.id, pending ? 'password' : 'full', factorId);
        let before = await tableFingerprint(t.db, []);
        for (let n = 0; n < CASES; n++) {
          if (pending) {
            // Wrong codes count towards a lock; each case starts from a clean slate.
            await t.db.update(users).set({ accountLocked: false }).where(eq(users.id, user.id));
            before = await tableFingerprint(t.db, []);
          }
          const valid = n < 3;
          const mutation = valid ? { body: structuredClone(base), notes: ['valid'] } : mutate(rng, base, keys, route);
          const encoding: Encoding = valid
            ? action.maxFileBytes
              ? 'multipart'
              : (['json', 'form', 'json'] as const)[n]
            : rng() < 0.08
              ? 'raw'
              : pick(rng, ['json', 'json', 'json', 'form', 'form', 'multipart'] as const);
          // The token goes in the header, or (a form's way) in the body.
          const tokenInBody = session && (n === 2 || (!valid && rng() < 0.2));
          if (tokenInBody) mutation.body.csrfToken = session!.csrfToken;
          const sent = encode(rng, encoding, mutation.body, action, valid);
          // A caller now and then comes without a session at all.
          const anonymous = !session || (!valid && rng() < 0.04);
          const res = await t.app.inject({
            method: 'POST',
            url: rng() < 0.1 ? `${route}.php` : route,
            remoteAddress: nextAddress(),
            headers: {
              'content-type': sent.contentType,
              ...(session && !anonymous && !tokenInBody ? { 'x-csrf-token': session.csrfToken } : {}),
            },
            cookies: session && !anonymous ? { [SESSION_COOKIE]: session.token } : {},
            payload: sent.payload,
          });
          totals.requests += 1;
          tally(route, res.statusCode, valid);
          if (valid && res.statusCode >= 400 && process.env.FUZZ_VERBOSE)
            console.log(`valid case ${n} of ${route} refused: ${res.body.slice(0, 200)}`);
          const after = await tableFingerprint(t.db, []);
          const record = (problem: string) =>
            failures.push({
              seed: SEED,
              route,
              case: n,
              sent: `${sent.note}: ${mutation.notes.join('; ')} — ${show(typeof sent.payload === 'string' ? sent.payload : sent.payload.toString('latin1'))}`,
              status: res.statusCode,
              reply: res.body.slice(0, 300),
              problem,
            });
          const problem = checkEnvelope(res.statusCode, res.body) ?? unaudited(before, after);
          if (problem) record(problem);
          if (res.statusCode >= 400) {
            totals.refused += 1;
            const changed = changedTables(before, after, allowed);
            if (changed.length) record(`a refusal changed ${changed.join(', ')}`);
          } else {
            totals.succeeded += 1;
            // A success may have ended or replaced the session (sign-out, sign-in, password change): start a new one.
            if (session) session = await newSession(user.id, pending ? 'password' : 'full', factorId);
          }
          before = after;
        }
        // Every bounded field at and past its bounds, one at a time, on an otherwise valid body.
        const shape = (defOf(core(action.input)).shape ?? {}) as Record<string, z.ZodType>;
        for (const [key, field] of Object.entries(shape)) {
          for (const value of boundaryValues(field)) {
            if (pending) await t.db.update(users).set({ accountLocked: false }).where(eq(users.id, user.id));
            before = await tableFingerprint(t.db, []);
            const res = await t.app.inject({
              method: 'POST',
              url: route,
              remoteAddress: nextAddress(),
              headers: session ? { 'x-csrf-token': session.csrfToken } : {},
              cookies: session ? { [SESSION_COOKIE]: session.token } : {},
              payload: { ...base, [key]: value },
            });
            totals.requests += 1;
            tally(route, res.statusCode, false);
            if (res.statusCode >= 400) totals.refused += 1;
            else totals.succeeded += 1;
            const after = await tableFingerprint(t.db, []);
            const problem =
              checkEnvelope(res.statusCode, res.body) ??
              unaudited(before, after) ??
              (res.statusCode >= 400 && changedTables(before, after, allowed).length
                ? 'a refusal changed a table'
                : null);
            if (problem) {
              failures.push({
                seed: SEED,
                route,
                case: -1,
                sent: `bound ${key}=${show(value)}`,
                status: res.statusCode,
                reply: res.body.slice(0, 300),
                problem,
              });
            }
            if (res.statusCode < 400 && session)
              session = await newSession(user.id, pending ? 'password' : 'full', factorId);
          }
        }
        if (failures.length) {
          console.error(
            `fuzz failures for ${route} (FUZZ_SEED=${SEED} FUZZ_ONLY=${route}):\n${failures.map((f) => JSON.stringify(f)).join('\n')}`,
          );
        }
        expect(
          failures.map(
            (f) =>
              `case ${f.case}: ${f.problem} (${f.status}) after ${f.sent.slice(0, 200)} → ${f.reply.slice(0, 160)}`,
          ),
        ).toEqual([]);
      });
    }
  });

  describe.skipIf(part > 0)('fuzzing every CSV export from its schema', () => {
    for (const [route, download] of registeredExports()) {
      it.skipIf(!route.includes(ONLY))(route, { timeout: 120_000 }, async () => {
        const rng = mulberry32(seedFor(route));
        const samples = await fixtures(route);
        const user = await t.createUser({ flags: [...allFlags], groupWide: true });
        const session = await newSession(user.id, 'full');
        const base = objectFor(download.input, samples);
        const keys = Object.keys((defOf(core(download.input)).shape ?? {}) as object);
        const failures: string[] = [];
        let before = await tableFingerprint(t.db, []);
        for (let n = 0; n < CASES; n++) {
          // Mutated as the list is (sort and the rest), then sent as a query string.
          const { body, notes } =
            n === 0 ? { body: base, notes: ['valid'] } : mutate(rng, base, keys, `/api/actions/${download.list.path}`);
          const query = new URLSearchParams(formPairs(body)).toString().slice(0, 6000);
          const res = await t.app.inject({
            method: 'GET',
            url: `${route}?${query}`,
            cookies: { [SESSION_COOKIE]: session.token },
            remoteAddress: nextAddress(),
          });
          totals.requests += 1;
          const after = await tableFingerprint(t.db, []);
          const where = `case ${n} (FUZZ_SEED=${SEED}): ${notes.join('; ')} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) failures.push(`answered 5xx: ${where}`);
          if (res.statusCode === 200) {
            totals.succeeded += 1;
            if (!String(res.headers['content-type']).startsWith('text/csv')) failures.push(`not CSV: ${where}`);
          } else {
            totals.refused += 1;
            const problem = checkEnvelope(res.statusCode, res.body);
            if (problem) failures.push(`${problem}: ${where}`);
            const changed = changedTables(before, after, ALWAYS_SKIPPED);
            if (changed.length) failures.push(`a refusal changed ${changed.join(', ')}: ${where}`);
          }
          before = after;
        }
        expect(failures).toEqual([]);
      });
    }
  });
}
