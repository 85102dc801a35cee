import { z } from 'zod';
import {
  choice,
  flag,
  id,
  int,
  list,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalPhone,
  optionalText,
  phone,
  text,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract, type RowOf } from '../../shared/contract';

/** The spec's messages, word for word (seed 000, section 8). */
export const PHONE_ADDED = 'Phone has been added!';
export const PHONE_UPDATED = 'Phone settings updated!';
export const PHONE_DELETED = 'Phone has been deleted!';

export const phoneTypes = ['main', 'sales', 'service', 'parts', 'collision', 'bdc', 'tracking'] as const;
export type PhoneType = (typeof phoneTypes)[number];
export const phoneTypeLabels: Record<PhoneType, string> = {
  main: 'Main line',
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  collision: 'Collision',
  bdc: 'BDC',
  tracking: 'Campaign tracking',
};

export const callDirections = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof callDirections)[number];

/** Twilio's call statuses; the last five are final. */
export const callStatuses = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const;
export type CallStatus = (typeof callStatuses)[number];
export const finalCallStatuses: readonly CallStatus[] = ['completed', 'busy', 'failed', 'no-answer', 'canceled'];
export const isFinalCallStatus = (status: string) => (finalCallStatuses as readonly string[]).includes(status);
/** A call's status in words (the phone screens, the Outbox). */
export const callStatusLabels: Record<CallStatus, string> = {
  queued: 'Queued',
  initiated: 'Dialling',
  ringing: 'Ringing',
  'in-progress': 'In progress',
  completed: 'Completed',
  busy: 'Busy',
  failed: 'Failed',
  'no-answer': 'No answer',
  canceled: 'Canceled',
};

/**
 * The carrier's order of a call: queued (initiated is Twilio's queued for a call it dials itself)
 * → ringing → in-progress (answered) → completed. Status callbacks and the simulations both read it.
 */
export const callProgress: Readonly<Partial<Record<CallStatus, number>>> = {
  queued: 1,
  initiated: 1,
  ringing: 2,
  'in-progress': 3,
  completed: 4,
};
/**
 * The id of a call make-call has asked the carrier for, until the carrier answers with its own
 * (docs/phones.md, "Placing, ending and transferring a call"). One per number called: the unique
 * index on the id lets only one request dial a customer at a time.
 */
const REQUESTED = 'requested:';
export const requestedCallSid = (to: string) => `${REQUESTED}${to}`;
export const isRequestedCall = (callSid: string) => callSid.startsWith(REQUESTED);

/** How a call that was never answered ends. */
const unansweredEndings: readonly CallStatus[] = ['busy', 'no-answer', 'failed', 'canceled'];

/**
 * What a carrier could report next about a call: a later step of its order (completed only once
 * it was answered), or, before it is answered, busy, no-answer, failed or canceled. Nothing follows
 * a final status. The local driver's simulations allow exactly these.
 */
export function nextCallStatuses(status: CallStatus): CallStatus[] {
  const rank = callProgress[status];
  if (rank === undefined || isFinalCallStatus(status)) return [];
  const answered = callProgress['in-progress']!;
  // queued and initiated share a rank: a call moves on from either to ringing, never between them.
  const later = callStatuses.filter(
    (next) => (callProgress[next] ?? 0) > rank && (next !== 'completed' || rank === answered),
  );
  return [...later, ...(rank < answered ? unansweredEndings : [])];
}
/** Twilio's message statuses. */
export const messageStatuses = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'receiving',
  'received',
  'undelivered',
  'failed',
  'canceled',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const phoneActionKinds = ['ring-group', 'forward', 'voicemail', 'hours'] as const;
export type PhoneActionKind = (typeof phoneActionKinds)[number];
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];
/** Per weekday, [open, close] as HH:MM in the location's time zone; a missing or null day is closed. */
const storedHours = z.partialRecord(z.enum(weekdays), z.tuple([z.string(), z.string()]).nullable());
export type OpeningHours = z.output<typeof storedHours>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blank, s.optional());

const sid = (prefix: string) =>
  optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'must be text' })
        .regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), { error: `must be a provider id starting with ${prefix}` }),
    ),
  );

/** add-phone and save-phone (the add-phone and edit-phone modals); checkboxes arrive as 1 or 0. */
const phoneFields = {
  description: text(120),
  phoneNumber: phone,
  locationId: id,
  bridge: optionalPhone,
  phoneType: z.preprocess((v) => (v === '' || v === undefined ? 'main' : v), choice(phoneTypes)),
  directRing: flag,
  sid: sid('PN').meta({ title: 'Provider id' }),
  messagingServiceSid: sid('MG').meta({ title: 'Messaging service id' }),
  active: flag,
  autopilot: flag,
  squad: flag,
};
const addPhoneInput = z.object({
  ...phoneFields,
  /** Buy the number through the provider first (a number found with twilio/load-local-numbers). */
  buy: flag,
});
const savePhoneInput = z.object({ phoneId: id, ...phoneFields });
const phoneIdInput = z.object({ phoneId: id });
export type AddPhoneInput = z.infer<typeof addPhoneInput>;
export type SavePhoneInput = z.infer<typeof savePhoneInput>;

const count = z.number().int();
const recordId = z.number().int();

/** data.phone of load-phone, add-phone and save-phone. */
const phoneRecord = z.object({
  phoneId: recordId,
  description: z.string(),
  phoneNumber: z.string(),
  phoneNumberFormatted: z.string(),
  locationId: recordId,
  locationName: z.string(),
  bridge: z.string(),
  bridgeFormatted: z.string(),
  phoneType: z.enum(phoneTypes),
  directRing: z.boolean(),
  sid: z.string().nullable(),
  messagingServiceSid: z.string().nullable(),
  bought: z.boolean(),
  outbound: z.boolean(),
  active: z.boolean(),
  autopilot: z.boolean(),
  squad: z.boolean(),
  actionCount: count,
  /** What a call to the line does, all its steps together (plan-summary.ts). */
  planSummary: z.string(),
});
export type PhoneRecord = z.output<typeof phoneRecord>;

const phoneFilters = {
  query: optionalText(100).meta({ title: 'Search' }),
  locationId: optionalId,
  phoneType: optionalChoice(phoneTypes).meta({ title: 'Type' }),
  active: yesNo.meta({ title: 'Status' }),
};
export const phoneColumns: ColumnSpec[] = [
  { key: 'description', label: 'Description', sortable: true },
  { key: 'phoneNumber', label: 'Number', format: 'phone', sortable: true },
  { key: 'locationName', label: 'Location' },
  { key: 'phoneTypeLabel', label: 'Type' },
  { key: 'bridge', label: 'Bridge', format: 'phone' },
  { key: 'outbound', label: 'Outbound', format: 'flag' },
  { key: 'active', label: 'Active', format: 'flag' },
  { key: 'autopilot', label: 'Autopilot', format: 'flag' },
  { key: 'squad', label: 'Squad', format: 'flag' },
];
/** A row of phones/load-phones. */
const phoneRow = phoneRecord
  .pick({
    phoneId: true,
    description: true,
    phoneNumber: true,
    phoneNumberFormatted: true,
    locationId: true,
    locationName: true,
    phoneType: true,
    bridge: true,
    directRing: true,
    sid: true,
    outbound: true,
    active: true,
    autopilot: true,
    squad: true,
  })
  .extend({ phoneTypeLabel: z.string() });

/** phones/list-options: how many lines a picker gets at most, and by default. */
const PHONE_OPTIONS_MAX = 50;
export const PHONE_OPTIONS_DEFAULT = 20;

/**
 * A line picker's question: lines whose description or number contains `search` (three digits or
 * more search the number), narrowed by location and state; or, with `ids`, the lines already chosen.
 */
const phoneOptionsInput = z.object({
  search: optionalText(100),
  locationId: optionalId,
  active: yesNo,
  outbound: yesNo,
  ids: list(id, PHONE_OPTIONS_MAX),
  limit: optional(int(1, PHONE_OPTIONS_MAX)),
});
/** A line as pickers show it. */
const phoneLineOption = phoneRecord.pick({
  phoneId: true,
  phoneNumber: true,
  phoneNumberFormatted: true,
  description: true,
  locationId: true,
  active: true,
  outbound: true,
});
export type PhoneLineOption = z.output<typeof phoneLineOption>;

/** twilio/load-local-numbers: numbers the provider has for sale in an area code. */
const localNumbersInput = z.object({
  areaCode: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'is required' }).regex(/^[2-9]\d{2}$/, { error: 'must be a three-digit area code' }),
  ),
  contains: optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().regex(/^[0-9A-Za-z*]{1,10}$/, { error: 'may use digits, letters and * only, up to 10' }),
    ),
  ),
});
const availableNumber = z.object({
  phoneNumber: z.string(),
  phoneNumberFormatted: z.string(),
  locality: z.string(),
  region: z.string(),
});
export type AvailableNumberRow = z.output<typeof availableNumber>;
export const localNumberColumns: ColumnSpec[] = [
  { key: 'phoneNumber', label: 'Number', format: 'phone' },
  { key: 'locality', label: 'City' },
  { key: 'region', label: 'State' },
];

export const replaceOutboundInput = z.object({
  /** A line of the location whose outbound number changes (usually the current outbound line). */
  phoneId: id,
  newPhoneId: optionalId.meta({ title: 'New outbound line' }),
  /** Or the new outbound line by its number. */
  number: optionalPhone.meta({ title: 'New outbound number' }),
});

// ---- calls

const dateRange = {
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

const callFilters = {
  locationId: optionalId,
  phoneId: optionalId.meta({ title: 'Line' }),
  userId: optionalId,
  direction: optionalChoice(callDirections, 'must be inbound or outbound'),
  status: optionalChoice(callStatuses),
  ...dateRange,
  query: optionalText(40).meta({ title: 'Search' }),
};
export const callColumns: ColumnSpec[] = [
  { key: 'startedAt', label: 'Started', format: 'datetime', sortable: true },
  { key: 'direction', label: 'Direction' },
  { key: 'from', label: 'From', format: 'phone' },
  { key: 'to', label: 'To', format: 'phone' },
  { key: 'status', label: 'Status' },
  { key: 'duration', label: 'Duration' },
  { key: 'locationName', label: 'Location' },
  { key: 'phoneDescription', label: 'Line' },
  { key: 'userName', label: 'Agent' },
];
/** A row of phones/calls/load-calls. */
const callRow = z.object({
  id: recordId,
  callSid: z.string(),
  startedAt: z.string(),
  direction: z.enum(callDirections),
  from: z.string(),
  to: z.string(),
  status: z.enum(callStatuses),
  durationSeconds: count,
  duration: z.string(),
  locationId: recordId.nullable(),
  locationName: z.string().nullable(),
  phoneId: recordId.nullable(),
  phoneDescription: z.string().nullable(),
  userId: recordId.nullable(),
  userName: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  transferredTo: z.string().nullable(),
});

/** load-twilio-calls: the provider's own view, live calls first. */
export const providerCallsInput = z.object({
  status: optionalChoice(callStatuses),
  ...dateRange,
  limit: optional(int(1, 200)),
});
export const providerCallColumns: ColumnSpec[] = [
  { key: 'startedAt', label: 'Started', format: 'datetime' },
  { key: 'direction', label: 'Direction' },
  { key: 'from', label: 'From', format: 'phone' },
  { key: 'to', label: 'To', format: 'phone' },
  { key: 'status', label: 'Status' },
  { key: 'duration', label: 'Duration' },
  { key: 'phoneDescription', label: 'Line' },
];
/** A call as the provider sees it (ISO timestamps), on one of our lines when `phoneId` is known. */
const providerCall = z.object({
  callSid: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  direction: z.enum(callDirections),
  from: z.string(),
  to: z.string(),
  status: z.enum(callStatuses),
  durationSeconds: count,
  duration: z.string(),
  live: z.boolean(),
  phoneId: recordId.nullable(),
  phoneDescription: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type ProviderCall = z.output<typeof providerCall>;

const callSidField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: 'is required' }).regex(/^CA[0-9a-fA-F]{32}$/, { error: 'must be a call id starting with CA' }),
);
const callSidInput = z.object({ callSid: callSidField });
const transferCallInput = z.object({
  callSid: callSidField,
  to: optionalPhone.meta({ title: 'Transfer to' }),
  phoneId: optionalId,
});
export const makeCallInput = z.object({
  to: phone.meta({ title: 'Number to call' }),
  /** The line to call from; without it, the location's outbound line. */
  phoneId: optionalId.meta({ title: 'Call from' }),
  locationId: optionalId,
});

/** The activity reports: one row per user, location or line over a date range (default: the last 30 days). */
export const activityInput = z.object({
  ...dateRange,
  locationId: optionalId,
  direction: optionalChoice(callDirections, 'must be inbound or outbound'),
});
const callFigures = z.object({
  calls: count,
  inbound: count,
  outbound: count,
  answered: count,
  missed: count,
  totalSeconds: count,
  totalDuration: z.string(),
});
/** A row of a call activity report: a user, a location or a line (`key` its id; null for calls without one). */
const callActivityRow = callFigures.extend({
  key: recordId.nullable(),
  name: z.string(),
  averageSeconds: count,
  averageDuration: z.string(),
});
export type CallActivityRow = z.output<typeof callActivityRow>;
export const callActivityColumns = (nameLabel: string): ColumnSpec[] => [
  { key: 'name', label: nameLabel },
  { key: 'calls', label: 'Calls', format: 'number' },
  { key: 'inbound', label: 'Inbound', format: 'number' },
  { key: 'outbound', label: 'Outbound', format: 'number' },
  { key: 'answered', label: 'Answered', format: 'number' },
  { key: 'missed', label: 'Missed', format: 'number' },
  { key: 'totalDuration', label: 'Talk time' },
  { key: 'averageDuration', label: 'Average' },
];
const messageFigures = z.object({
  messages: count,
  inbound: count,
  outbound: count,
  delivered: count,
  failed: count,
  optOuts: count,
});
const messageActivityRow = messageFigures.extend({ key: recordId.nullable(), name: z.string() });
export type MessageActivityRow = z.output<typeof messageActivityRow>;
export const messageActivityColumns: ColumnSpec[] = [
  { key: 'name', label: 'Location' },
  { key: 'messages', label: 'Texts', format: 'number' },
  { key: 'inbound', label: 'Received', format: 'number' },
  { key: 'outbound', label: 'Sent', format: 'number' },
  { key: 'delivered', label: 'Delivered', format: 'number' },
  { key: 'failed', label: 'Failed', format: 'number' },
  { key: 'optOuts', label: 'Opt-outs', format: 'number' },
];

// ---- phone actions

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be HH:MM' });
const dayHours = z.union([
  z.null(),
  z.tuple([hhmm, hhmm]).refine(([open, close]) => open < close, { error: 'must open before it closes' }),
]);
const openingHours = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.strictObject(
    Object.fromEntries(weekdays.map((d) => [d, dayHours.optional()])) as Record<
      Weekday,
      z.ZodOptional<typeof dayHours>
    >,
    {
      error: 'must be opening hours per weekday, for example {"mon":["08:00","18:00"]}',
    },
  ),
);

const phoneActionFields = {
  phoneId: id,
  kind: choice(phoneActionKinds),
  label: optionalText(120),
  targets: list(phone, 20).meta({ title: 'Numbers to ring' }),
  userIds: list(id, 50).meta({ title: 'Users to ring' }),
  hours: optional(openingHours),
  greeting: optionalText(500),
  timeoutSeconds: optional(int(5, 120)).meta({ title: 'Ring for (seconds)' }),
  position: optional(int(0, 1000)),
};
export const addPhoneActionInput = z.object(phoneActionFields);
const savePhoneActionInput = z.object({ actionId: id, ...phoneActionFields });
const actionIdInput = z.object({ actionId: id });
export type PhoneActionInput = z.infer<typeof addPhoneActionInput>;

const phoneActionFilters = {
  phoneId: optionalId.meta({ title: 'Line' }),
  locationId: optionalId,
  kind: optionalChoice(phoneActionKinds),
};
export const phoneActionColumns: ColumnSpec[] = [
  { key: 'position', label: 'Order', format: 'number', sortable: true },
  { key: 'phoneDescription', label: 'Line' },
  { key: 'kind', label: 'Step' },
  { key: 'label', label: 'Label' },
  { key: 'summary', label: 'What happens' },
];
const phoneActionRecord = z.object({
  actionId: recordId,
  phoneId: recordId,
  kind: z.enum(phoneActionKinds),
  label: z.string(),
  targets: z.array(z.string()),
  userIds: z.array(recordId),
  hours: storedHours.nullable(),
  greeting: z.string(),
  timeoutSeconds: count,
  position: count,
});
export type PhoneActionRecord = z.output<typeof phoneActionRecord>;
/** A row of phones/actions/load-actions: the step, its line, and the step in words (plan-summary.ts). */
const phoneActionListRow = phoneActionRecord.extend({
  phoneDescription: z.string(),
  phoneNumber: z.string(),
  locationId: recordId,
  /** The ring group's users by id: "Ana Lucero". */
  memberNames: z.record(z.string(), z.string()),
  /** What this step does, e.g. "Rings Ana Lucero and (505) 555-3001 for 25 s". */
  summary: z.string(),
});

// ---- developer simulation (Outbox screen, local driver only)

const simulatedFrom = phone.meta({ title: 'From (the customer)' });
const simulatedTo = phone.meta({ title: 'To (our line)' });
const simulateTextInput = z.object({ from: simulatedFrom, to: simulatedTo, body: text(1600) });
const simulateCallInput = z.object({
  from: simulatedFrom,
  to: simulatedTo,
  durationSeconds: optional(int(0, 7200)).meta({ title: 'End after (seconds)' }),
});
const simulateCallStatusInput = z.object({
  callSid: callSidField,
  status: choice(callStatuses),
});
// The Outbox screen's tools: their paths stay under outbox/, where the developer finds them.
/** A customer's text arriving on one of our lines (STOP, START and HELP included), with what we answered. */
export const simulateInboundText = defineContract({
  path: 'outbox/simulate-inbound-text',
  input: simulateTextInput,
  output: z.object({
    messageSid: z.string(),
    replies: z.array(z.string()),
    twiml: z.string(),
    optedOut: z.boolean(),
    optedIn: z.boolean(),
  }),
});
/** A customer calling one of our lines: how the line's phone actions answered. */
export const simulateInboundCall = defineContract({
  path: 'outbox/simulate-inbound-call',
  input: simulateCallInput,
  output: z.object({ callSid: z.string(), twiml: z.string(), outcome: z.string(), status: z.string() }),
});
/** A live call moving on, as a carrier would report it. */
export const simulateCallStatus = defineContract({
  path: 'outbox/simulate-call-status',
  input: simulateCallStatusInput,
  output: z.object({
    callSid: z.string(),
    status: z.enum(callStatuses),
    applied: z.enum(['applied', 'unchanged', 'unknown']),
  }),
});

/** "1:02:03" or "4:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** What one step of a line's call plan holds, as the call plan runs it and the screens describe it. */
export interface PhoneActionFields {
  kind: PhoneActionKind;
  targets: string[];
  userIds: number[];
  hours: OpeningHours | null;
  greeting: string;
  timeoutSeconds: number;
}

// ---- the actions

const message = z.string();

/** The group's lines (within reach), searchable by description or number, filtered by location, type and state. */
export const loadPhones = listContract({
  path: 'phones/load-phones',
  filters: phoneFilters,
  row: phoneRow,
  countKey: 'phoneCount',
});
export type PhoneRow = RowOf<typeof loadPhones>;
/** Lines for pickers: a page of matches for `search`, or the lines with the given `ids`. */
export const phoneOptions = defineContract({
  path: 'phones/list-options',
  input: phoneOptionsInput,
  output: z.object({ phones: z.array(phoneLineOption) }),
});
export const loadPhone = defineContract({
  path: 'phones/load-phone',
  input: phoneIdInput,
  output: z.object({ phone: phoneRecord }),
});
/** Adds a line; with buy=1 the number is bought from the provider first. */
export const addPhone = defineContract({
  path: 'phones/add-phone',
  input: addPhoneInput,
  output: z.object({ phoneId: recordId, phone: phoneRecord, message }),
});
export const savePhone = defineContract({
  path: 'phones/save-phone',
  input: savePhoneInput,
  output: z.object({ phoneId: recordId, phone: phoneRecord, message }),
});
/** Deletes a line; `released` when its number, bought through the provider, went back. */
export const deletePhone = defineContract({
  path: 'phones/delete-phone',
  input: phoneIdInput,
  output: z.object({ phoneId: recordId, released: z.boolean(), message }),
});
/** The most lines deactivated at once: a page of the phone manager at its largest. */
const MAX_BULK_PHONES = 250;
/** Deactivates many lines at once (a bulk action of the phone manager); `deactivatedCount` were active. */
export const deactivatePhones = defineContract({
  path: 'phones/deactivate-phones',
  input: z.object({
    phoneIds: list(id, MAX_BULK_PHONES)
      .refine((ids) => ids.length > 0, 'must name at least one line')
      .meta({ title: 'Lines' }),
  }),
  output: z.object({ deactivatedCount: z.number().int() }),
});
/** Numbers for sale in an area code; `rows`, `numberCount` and `html` for callers of the old API. */
export const loadLocalNumbers = defineContract({
  path: 'phones/twilio/load-local-numbers',
  input: localNumbersInput,
  output: z.object({
    numbers: z.array(availableNumber),
    rows: z.array(availableNumber),
    numberCount: count,
    html: z.string(),
  }),
});
export const replaceOutboundNumber = defineContract({
  path: 'phones/replace-outbound-number',
  input: replaceOutboundInput,
  output: z.object({ phone: phoneRecord, previousPhoneId: recordId.nullable(), message }),
});

/** Calls of the group, newest first. */
export const loadCalls = listContract({
  path: 'phones/calls/load-calls',
  filters: callFilters,
  row: callRow,
  countKey: 'callCount',
});
export type CallRow = RowOf<typeof loadCalls>;
/** The provider's own view of recent calls, live ones to end or transfer. */
export const loadProviderCalls = defineContract({
  path: 'phones/calls/load-twilio-calls',
  input: providerCallsInput,
  output: z.object({
    rows: z.array(providerCall),
    html: z.string(),
    callCount: count,
    liveCount: count,
    provider: z.enum(['local', 'twilio']),
  }),
});
export const endCall = defineContract({
  path: 'phones/calls/end-call',
  input: callSidInput,
  output: z.object({ callSid: z.string(), status: z.enum(callStatuses), message }),
});
export const transferCall = defineContract({
  path: 'phones/calls/transfer-call',
  input: transferCallInput,
  output: z.object({ callSid: z.string(), transferredTo: z.string(), message }),
});
/** An outbound call, through the send gate: the call placed and the sentence to show. */
export const makeCall = defineContract({
  path: 'phones/calls/make-call',
  input: makeCallInput,
  output: z.object({
    callId: recordId,
    callSid: z.string(),
    to: z.string(),
    from: z.string(),
    status: z.enum(callStatuses),
    message,
  }),
});

/** A call activity report: its rows, their totals and the days they cover, with the count its spec names. */
const callActivityReply = {
  rows: z.array(callActivityRow),
  html: z.string(),
  totals: callFigures,
  minCreatedAt: z.string(),
  maxCreatedAt: z.string(),
};
export const userActivity = defineContract({
  path: 'phones/calls/users',
  input: activityInput,
  output: z.object({ ...callActivityReply, userCount: count }),
});
export const gecUserActivity = defineContract({
  path: 'phones/calls/gec-users',
  input: activityInput,
  output: z.object({ ...callActivityReply, userCount: count }),
});
export const locationActivity = defineContract({
  path: 'phones/calls/locations',
  input: activityInput,
  output: z.object({ ...callActivityReply, locationCount: count }),
});
export const lineActivity = defineContract({
  path: 'phones/calls/phones',
  input: activityInput,
  output: z.object({ ...callActivityReply, phoneCount: count }),
});
export const messageActivity = defineContract({
  path: 'phones/messages/locations',
  input: activityInput,
  output: z.object({
    rows: z.array(messageActivityRow),
    html: z.string(),
    locationCount: count,
    totals: messageFigures,
    minCreatedAt: z.string(),
    maxCreatedAt: z.string(),
  }),
});
/** Any of the activity reports (the call-activity screen's tabs). */
export type ActivityReport =
  | typeof userActivity
  | typeof gecUserActivity
  | typeof locationActivity
  | typeof lineActivity
  | typeof messageActivity;

/** What a call to each line does, step by step. */
export const loadPhoneActions = listContract({
  path: 'phones/actions/load-actions',
  filters: phoneActionFilters,
  row: phoneActionListRow,
  countKey: 'actionCount',
});
export type PhoneActionListRow = RowOf<typeof loadPhoneActions>;
export const loadPhoneAction = defineContract({
  path: 'phones/actions/load-action',
  input: actionIdInput,
  output: z.object({ action: phoneActionRecord }),
});
export const addPhoneAction = defineContract({
  path: 'phones/actions/add-action',
  input: addPhoneActionInput,
  output: z.object({ actionId: recordId, action: phoneActionRecord, message }),
});
export const savePhoneAction = defineContract({
  path: 'phones/actions/save-action',
  input: savePhoneActionInput,
  output: z.object({ actionId: recordId, action: phoneActionRecord, message }),
});
export const deletePhoneAction = defineContract({
  path: 'phones/actions/delete-action',
  input: actionIdInput,
  output: z.object({ actionId: recordId, message }),
});
