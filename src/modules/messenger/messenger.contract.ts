import { z } from 'zod';
import {
  choice,
  flag,
  id,
  int,
  list,
  optionalChoice,
  optionalId,
  optionalText,
  phone,
  text,
  yesNo,
} from '../../shared/fields';
import { defineContract, listContract } from '../../shared/contract';
import type { ColumnSpec } from '../../shared/lists';

/** The open conversation's phone in the address is cut to its first 10 characters (seed 001, section 5). */
export const URL_PHONE_LENGTH = 10;
/** What the mass SMS modal shows when a send fails (seed 001, section 8). */
export const MESSAGE_NOT_SENT = 'Message not sent';

export const directions = ['inbound', 'outbound'] as const;
export const directionLabels = { inbound: 'Awaiting reply', outbound: 'Answered' } as const;

/**
 * messenger/load-messages (seed 001: locationId, direction, filter, count): the conversations,
 * the newest first. `direction` is who spoke last (`inbound`: awaiting a reply); `filter` finds a
 * name or a number; `count` is how many the screen shows (the page size when no `limit` is given).
 */
const messageFilters = {
  locationId: optionalId,
  direction: optionalChoice(directions),
  filter: optionalText(100).meta({ title: 'Search' }),
  unread: optionalChoice(['1'], 'must be 1'),
  count: z.preprocess((v) => (v === '' ? undefined : v), int(1, 500).optional()),
};

const conversationRow = z.object({
  conversationId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  phone: z.string(),
  contactId: z.number().int().nullable(),
  contactName: z.string(),
  lastMessageAt: z.string(),
  lastDirection: z.enum(directions),
  lastBody: z.string(),
  unread: z.number().int(),
  messageCount: z.number().int(),
  autopilot: z.boolean(),
});
export type ConversationRow = z.output<typeof conversationRow>;

export const loadMessages = listContract({
  path: 'messenger/load-messages',
  filters: messageFilters,
  row: conversationRow,
  countKey: 'conversationCount',
});

const message = z.object({
  messageId: z.number().int(),
  direction: z.enum(directions),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentBy: z.string().nullable(),
  automatic: z.boolean(),
});
export type ConversationMessage = z.output<typeof message>;

/** A conversation (seed 001: load-conversation {phone} → contactName, html); opening it marks it read. */
export const loadConversation = defineContract({
  path: 'messenger/load-conversation',
  input: z.object({ phone, locationId: optionalId }),
  output: z.object({
    contactName: z.string(),
    html: z.string(),
    phone: z.string(),
    locationId: z.number().int().nullable(),
    contactId: z.number().int().nullable(),
    autopilot: z.boolean(),
    optedOut: z.boolean(),
    messages: z.array(message),
  }),
});

/** Seed 001: toggle-autopilot {contactId} → data.direction, the state the screen then shows. */
const autopilotStates = ['enabled', 'disabled'] as const;
export const toggleAutopilot = defineContract({
  path: 'messenger/toggle-autopilot',
  input: z.object({ contactId: id }),
  output: z.object({ direction: z.enum(autopilotStates) }),
});

/** Seed 001: load-shortcut {locationId, shortcut} → data.message, with the store's shortcodes filled in. */
export const loadShortcut = defineContract({
  path: 'messenger/load-shortcut',
  input: z.object({ locationId: id, shortcut: text(40) }),
  output: z.object({ message: z.string() }),
});
/** The shortcuts a store can use (the conversation's shortcut menu). */
export const listShortcuts = defineContract({
  path: 'messenger/list-shortcuts',
  input: z.object({ locationId: id }),
  output: z.object({
    shortcuts: z.array(z.object({ shortcut: z.string(), message: z.string(), keywords: z.array(z.string()) })),
  }),
});

/**
 * The product's one way to text a person from a screen (seed 000: /api/kits/text/send-text with to,
 * message and a quote url): through the send gate, from the store's line.
 */
export const sendText = defineContract({
  path: 'kits/text/send-text',
  route: '/api/kits/text/send-text',
  input: z.object({
    to: phone,
    message: text(1600),
    // Any http(s) address, the server's own included (a quote's page on a store's intranet host).
    quoteUrl: z
      .preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? v.trim() : v),
        z
          .url({ protocol: /^https?$/, error: 'must be a web address starting with https://' })
          .max(500, { error: 'must be at most 500 characters' })
          .optional(),
      )
      .meta({ title: 'Quote URL' }),
    locationId: optionalId,
  }),
  output: z.object({ messageId: z.number().int(), status: z.string(), to: z.string() }),
});

/**
 * A text to a number typed in the messenger ("New text"; docs/messenger.md): the store's contact with
 * the number, or a new one named as given, and the text sent as a reply is (send-text), in one
 * transaction: a text the send gate refuses leaves no contact behind.
 */
export const startConversation = defineContract({
  path: 'messenger/start-conversation',
  input: z.object({
    locationId: id,
    // Left blank, it is missing rather than misspelt.
    mobilePhone: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), phone),
    firstName: optionalText(60),
    lastName: optionalText(60),
    message: text(1600),
  }),
  output: z.object({
    contactId: z.number().int(),
    /** Whether the contact was made by this call (false: the store already had the number). */
    contactAdded: z.boolean(),
    contactName: z.string(),
    messageId: z.number().int(),
    status: z.string(),
    to: z.string(),
  }),
});

/* ---------------------------------------------------------------- bulk sends */

export const bulkKinds = ['text', 'call', 'email'] as const;
export type BulkKind = (typeof bulkKinds)[number];
export const bulkKindLabels: Record<BulkKind, string> = { text: 'Mass text', call: 'Mass call', email: 'List email' };
/** A marketing send to someone outside 8:00–21:00 their time waits for their morning, or skips them. */
export const quietHoursChoices = ['wait', 'refuse'] as const;
export type QuietHours = (typeof quietHoursChoices)[number];
export const sendStates = ['queued', 'sending', 'waiting', 'done', 'cancelled', 'failed'] as const;
export type SendState = (typeof sendStates)[number];
export const sendStateLabels: Record<SendState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  waiting: 'Waiting for the morning',
  done: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
/** `unknown`: cancelled while a provider that cannot say what it took (a mail server) had it. */
export const recipientStates = [
  'queued',
  'sending',
  'sent',
  'failed',
  'refused',
  'waiting',
  'cancelled',
  'unknown',
] as const;
export type RecipientState = (typeof recipientStates)[number];

/**
 * Numbers typed or pasted as one text: one per line, or separated by commas or semicolons ("(505)
 * 555-0142" is one number with spaces in it).
 */
const splitNumbers = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(/[\n,;]+/)
        .map((n) => n.trim())
        .filter(Boolean)
    : v;

/** At most this many numbers typed or pasted into one send; a list send reaches a whole store. */
export const MAX_TYPED_RECIPIENTS = 50_000;

/**
 * /api/kits/text/send-mass-text (seed 001: the form): one message to many numbers from a store's line,
 * as a marketing send. `confirm` is the modal's checkbox.
 */
const massTextInput = z.object({
  locationId: id,
  message: text(1600),
  numbers: z
    .preprocess(splitNumbers, list(phone, MAX_TYPED_RECIPIENTS))
    .refine((n) => n.length > 0, { error: 'needs at least one number' })
    .meta({ title: 'Numbers' }),
  quietHours: choice(quietHoursChoices).default('wait'),
  confirm: flag.refine((v) => v, { error: 'must be ticked to send' }).meta({ title: 'Confirm' }),
});
export const sendMassText = defineContract({
  path: 'kits/text/send-mass-text',
  route: '/api/kits/text/send-mass-text',
  input: massTextInput,
  output: z.object({ sendId: z.number().int(), recipientCount: z.number().int(), duplicates: z.number().int() }),
  idempotent: true,
});

/**
 * /api/kits/text/text-contact-list (seed 001: the form): one message to a store's contacts with a
 * mobile number; `sold` narrows it to those who bought (1) or did not (0).
 */
export const textContactList = defineContract({
  path: 'kits/text/text-contact-list',
  route: '/api/kits/text/text-contact-list',
  input: massTextInput.omit({ numbers: true }).extend({ sold: yesNo.meta({ title: 'Bought from us' }) }),
  output: sendMassText.output,
  idempotent: true,
});

/**
 * /api/kits/talk/outbound/make-mass-call (seed 001: the form, reply not shown): many numbers called
 * from a store's line as a marketing send; whoever answers hears the message read out, then the call
 * ends. Answered like a mass text.
 */
export const makeMassCall = defineContract({
  path: 'kits/talk/outbound/make-mass-call',
  route: '/api/kits/talk/outbound/make-mass-call',
  input: massTextInput.extend({ message: text(1000) }),
  output: sendMassText.output,
  idempotent: true,
});

/**
 * /api/kits/email/email-contact-list (seed 001: locationId, subject, html): one email to a store's
 * contacts with an email address, delivered like a mass text, each with an unsubscribe link.
 */
export const emailContactList = defineContract({
  path: 'kits/email/email-contact-list',
  route: '/api/kits/email/email-contact-list',
  input: z.object({ locationId: id, subject: text(200), html: text(200_000).meta({ title: 'Message' }) }),
  output: z.object({ sendId: z.number().int(), recipientCount: z.number().int() }),
  idempotent: true,
});

const progress = z.object({
  sendId: z.number().int(),
  kind: z.enum(bulkKinds),
  kindLabel: z.string(),
  state: z.enum(sendStates),
  stateLabel: z.string(),
  locationName: z.string(),
  body: z.string(),
  recipientCount: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  refused: z.number().int(),
  waiting: z.number().int(),
  cancelled: z.number().int(),
  /** Cancelled while the mail server had them: whether they went out is not known. */
  unknown: z.number().int(),
  /** The refusals grouped by their sentence, the most frequent first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Seconds until the last recipient is sent at the sender's pace; null once nothing is left. */
  secondsLeft: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SendProgress = z.output<typeof progress>;

/** Where a bulk send stands: the progress bar polls it. */
export const loadSend = defineContract({
  path: 'messenger/bulk/load-send',
  input: z.object({ sendId: id }),
  output: z.object({ send: progress }),
});
/** Stops a bulk send: the recipients not yet sent are not sent. */
export const cancelSend = defineContract({
  path: 'messenger/bulk/cancel-send',
  input: z.object({ sendId: id }),
  output: z.object({ state: z.enum(sendStates) }),
});

const sendFilters = { locationId: optionalId, kind: optionalChoice(bulkKinds) };
export const sendColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Sent', format: 'datetime', sortable: true },
  { key: 'kindLabel', label: 'Kind' },
  { key: 'locationName', label: 'Location' },
  { key: 'body', label: 'Message' },
  { key: 'recipientCount', label: 'Recipients', format: 'number' },
  { key: 'stateLabel', label: 'State' },
  { key: 'createdBy', label: 'By' },
];
const sendRow = progress
  .pick({
    sendId: true,
    kind: true,
    kindLabel: true,
    state: true,
    stateLabel: true,
    locationName: true,
    body: true,
    recipientCount: true,
    createdAt: true,
    createdBy: true,
  })
  .extend({ locationId: z.number().int() });
export type SendRow = z.output<typeof sendRow>;
export const loadSends = listContract({
  path: 'messenger/bulk/load-sends',
  filters: sendFilters,
  row: sendRow,
  countKey: 'sendCount',
});

export const SEND_CANCELLED = 'Send cancelled.';
export const TEXT_SENT = 'Text sent!';

/* ---------------------------------------------------------------- list cleaning and opt-outs */

/** Numbers as pasted, each checked by the action itself (cleaning a list is the point). */
const pastedNumbers = z
  .preprocess(splitNumbers, list(text(40), MAX_TYPED_RECIPIENTS))
  .refine((n) => n.length > 0, { error: 'needs at least one number' })
  .meta({ title: 'Numbers' });

const rejected = z.object({ number: z.string(), reason: z.string() });

/**
 * Seed 001: verify-phone-numbers → data.clean, the numbers a text can reach, as E.164, each once:
 * valid, not toll-free or premium, not opted out. The others come back with the reason.
 */
export const verifyPhoneNumbers = defineContract({
  path: 'messenger/verify-phone-numbers',
  input: z.object({ numbers: pastedNumbers }),
  output: z.object({ clean: z.array(z.string()), rejected: z.array(rejected), duplicates: z.number().int() }),
});

/** Seed 001: opt-out-numbers: numbers added to the group's opt-out list by staff (a customer asked by phone). */
export const optOutNumbers = defineContract({
  path: 'messenger/opt-out-numbers',
  input: z.object({
    numbers: pastedNumbers,
    confirm: flag.refine((v) => v, { error: 'must be ticked to add the numbers' }).meta({ title: 'Confirm' }),
  }),
  output: z.object({ added: z.number().int(), already: z.number().int(), rejected: z.array(rejected) }),
});

/**
 * Seed 001: check-list (not shown; designed): each number of a list against a store: whether a text
 * reaches it, whether it opted out, the store's contact and its last text.
 */
export const checkList = defineContract({
  path: 'messenger/check-list',
  input: z.object({ locationId: id, numbers: pastedNumbers }),
  output: z.object({
    rows: z.array(
      z.object({
        number: z.string(),
        phone: z.string().nullable(),
        reachable: z.boolean(),
        reason: z.string().nullable(),
        optedOut: z.boolean(),
        contactId: z.number().int().nullable(),
        contactName: z.string().nullable(),
        lastTextAt: z.string().nullable(),
      }),
    ),
    reachableCount: z.number().int(),
    contactCount: z.number().int(),
  }),
});

export const OPT_OUTS_ADDED = 'Numbers added to the opt-out list.';

/* ---------------------------------------------------------------- shortcuts and deploys */

/**
 * Seed 001 names messenger/deploy and messenger/redeploy (forms, replies not shown) and a confirm
 * dialog before a deployment; the rest is designed (docs/messenger.md, "Deploying a store's messenger").
 */
export const deployKinds = ['deploy', 'redeploy'] as const;
export type DeployKind = (typeof deployKinds)[number];
export const deployKindLabels: Record<DeployKind, string> = { deploy: 'Deployed', redeploy: 'Redeployed' };

/** One shortcut as a deployment published it: `template` as written, `message` filled for the store. */
export interface DeployedShortcut {
  shortcut: string;
  template: string;
  message: string;
  keywords: string[];
}

/** The shortcut autopilot acknowledges a text with when no keyword matched it. */
export const ACKNOWLEDGEMENT = 'autopilot';
/** At most this many shortcuts in one store's messenger (its own and the group's it uses). */
export const MAX_SHORTCUTS = 50;

const shortcutName = text(40).refine((v) => /^[a-z0-9][a-z0-9 _-]*$/i.test(v), {
  error: 'must be letters, digits, spaces or dashes, such as trade-in',
});
/** Keywords typed as one text ("hours, open") or sent as a list. */
const splitWords = (v: unknown) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v);
const keyword = text(30).refine((v) => /^[a-z0-9']+$/i.test(v), { error: 'must each be one word, such as hours' });
const keywords = z.preprocess(splitWords, list(keyword, 20));

const shortcutFields = {
  shortcut: shortcutName,
  message: text(1600),
  /** Words of a customer's text that make autopilot answer with this shortcut; none: only staff use it. */
  keywords,
};

/** A draft shortcut of the group (no `locationId`) or of a store. */
export const addShortcut = defineContract({
  path: 'messenger/add-shortcut',
  input: z.object({ locationId: optionalId, ...shortcutFields }),
  output: z.object({ shortcutId: z.number().int() }),
});
export const saveShortcut = defineContract({
  path: 'messenger/save-shortcut',
  input: z.object({ shortcutId: id, ...shortcutFields }),
  output: z.object({ shortcutId: z.number().int() }),
});
export const deleteShortcut = defineContract({
  path: 'messenger/delete-shortcut',
  input: z.object({ shortcutId: id }),
  output: z.object({ shortcutId: z.number().int() }),
});

const draftShortcut = z.object({
  shortcutId: z.number().int(),
  /** The store's own, or null: the group's. */
  locationId: z.number().int().nullable(),
  shortcut: z.string(),
  message: z.string(),
  keywords: z.array(z.string()),
  /** Shown for a store: the group's default it has none of its own of. */
  inherited: z.boolean(),
  /** For a store, the message filled with its details as they are now; for the group, as written. */
  preview: z.string(),
});
export type DraftShortcut = z.output<typeof draftShortcut>;

/** The draft shortcuts of the group (no `locationId`), or those a store would deploy: its own and the group's it has none of. */
export const loadShortcuts = defineContract({
  path: 'messenger/load-shortcuts',
  input: z.object({ locationId: optionalId }),
  output: z.object({ shortcuts: z.array(draftShortcut) }),
});

/** Where a store's messenger stands against its drafts and its details. */
export const deployStates = ['never', 'draft', 'details', 'live'] as const;
export type DeployState = (typeof deployStates)[number];
export const deployStateLabels: Record<DeployState, string> = {
  never: 'Never deployed',
  draft: 'Draft changes not deployed',
  details: 'Store details changed',
  live: 'Up to date',
};

const storeStatus = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  locationCode: z.string(),
  /** The shortcuts a deploy would publish now. */
  draftCount: z.number().int(),
  version: z.number().int().nullable(),
  deployedAt: z.string().nullable(),
  deployedBy: z.string().nullable(),
  /** The shortcuts live now. */
  liveCount: z.number().int(),
  /** The drafts differ from what is live (a shortcut added, changed or deleted, here or in the group's). */
  draftChanged: z.boolean(),
  /** The live messages, filled again with the store's details now, would read differently. */
  detailsChanged: z.boolean(),
  state: z.enum(deployStates),
  stateLabel: z.string(),
});
export type StoreStatus = z.output<typeof storeStatus>;
export const loadDeployStatus = defineContract({
  path: 'messenger/load-deploy-status',
  input: z.object({}),
  output: z.object({ stores: z.array(storeStatus) }),
});

const deploymentOut = z.object({
  deploymentId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  version: z.number().int(),
  kind: z.enum(deployKinds),
  shortcutCount: z.number().int(),
  deployedAt: z.string(),
  deployedBy: z.string().nullable(),
});
export type DeploymentOut = z.output<typeof deploymentOut>;

/** One store (`locationId`) or several at once (`locationIds`), in one transaction: all or none. */
const deployInput = z
  .object({ locationId: optionalId, locationIds: list(id, 100).optional().meta({ title: 'Locations' }) })
  .refine((v) => v.locationId !== undefined || (v.locationIds ?? []).length > 0, {
    error: 'is required',
    path: ['locationId'],
  });
export const deploy = defineContract({
  path: 'messenger/deploy',
  input: deployInput,
  output: z.object({ deployments: z.array(deploymentOut) }),
  idempotent: true,
});
export const redeploy = defineContract({
  path: 'messenger/redeploy',
  input: deployInput,
  output: z.object({ deployments: z.array(deploymentOut) }),
  idempotent: true,
});

export const deploymentColumns: ColumnSpec[] = [
  { key: 'deployedAt', label: 'When', format: 'datetime', sortable: true },
  { key: 'locationName', label: 'Location' },
  { key: 'version', label: 'Version', format: 'number' },
  { key: 'kindLabel', label: 'What' },
  { key: 'shortcutCount', label: 'Shortcuts', format: 'number' },
  { key: 'deployedBy', label: 'By' },
];
const deploymentRow = deploymentOut.extend({ kindLabel: z.string() });
export const loadDeployments = listContract({
  path: 'messenger/load-deployments',
  filters: { locationId: optionalId },
  row: deploymentRow,
  countKey: 'deploymentCount',
});

/** One deployment with the shortcuts it published, as customers got them. */
export const loadDeployment = defineContract({
  path: 'messenger/load-deployment',
  input: z.object({ deploymentId: id }),
  output: z.object({
    deployment: deploymentOut.extend({
      shortcuts: z.array(z.object({ shortcut: z.string(), message: z.string(), keywords: z.array(z.string()) })),
    }),
  }),
});
