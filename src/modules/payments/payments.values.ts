/**
 * The payment to a seller as a state machine (seed 001, "Payment flow on an appraisal"): its states
 * with the spec's labels, and every step allowed from each. Isomorphic: the server refuses what the
 * table does not allow, the screens offer only what it allows, and the tests walk it whole
 * (docs/payments.md has the same table in words).
 */
import type { Flag } from '../../shared/permissions';

/** Where a payment stands between steps. */
export const settledStates = [
  'requested',
  'approved',
  'sent',
  'changed',
  'paid',
  'failed',
  'voided',
  'cancelled',
  'manual',
  'manualSent',
] as const;

/**
 * Where a payment stands while a step asks the provider (issue 29: with no transaction open). Moving
 * there is the step's claim: a second request finds the payment taken and is refused, so the provider
 * is never asked twice at once. The step's answer moves it on; a provider that fails puts it back.
 */
export const askingStates = ['sending', 'changing', 'voiding', 'cancelling', 'checking'] as const;
export type AskingState = (typeof askingStates)[number];

export const paymentStates = [...settledStates, ...askingStates] as const;
export type PaymentState = (typeof paymentStates)[number];

/** The first five are the spec's button labels and success messages, word for word; the rest are designed. */
export const paymentStateLabels: Record<PaymentState, string> = {
  requested: 'Approval Request Sent',
  approved: 'Payment Approved',
  sent: 'Payment Sent',
  changed: 'Payment Changed',
  voided: 'Payment Voided',
  paid: 'Payment Completed',
  failed: 'Payment Failed',
  cancelled: 'Payment Cancelled',
  manual: 'Manual Payment Started',
  manualSent: 'Manual Payment Sent',
  sending: 'Sending Payment',
  changing: 'Changing Payment',
  voiding: 'Voiding Payment',
  cancelling: 'Cancelling Payment',
  checking: 'Checking Status',
};

/** Badge colours on the list and the status view. */
export const paymentStateColors: Record<PaymentState, string> = {
  requested: 'yellow',
  approved: 'blue',
  sent: 'indigo',
  changed: 'grape',
  paid: 'teal',
  failed: 'red',
  voided: 'gray',
  cancelled: 'gray',
  manual: 'orange',
  manualSent: 'cyan',
  sending: 'indigo',
  changing: 'grape',
  voiding: 'gray',
  cancelling: 'gray',
  checking: 'indigo',
};

/** A payment that is neither voided nor cancelled: an appraisal has at most one (a unique index). */
export const closedStates: readonly PaymentState[] = ['voided', 'cancelled'];

/** The steps after the request, each a call under /api/actions/payments/. */
export const paymentCommands = [
  'approve',
  'start',
  'change-payment',
  'void',
  'start-manual',
  'manual-start',
  'cancel-payment',
  'check-status',
] as const;
export type PaymentCommand = (typeof paymentCommands)[number];

/**
 * Every allowed step: from which states, to which. `check-status` records what the provider says,
 * so it may stay where it is or move to paid or failed; every other step has one destination. Money
 * leaves only through `start`, so only after an approval of the amount as it then stands.
 */
export const transitions: Record<PaymentCommand, { from: readonly PaymentState[]; to: readonly PaymentState[] }> = {
  approve: { from: ['requested', 'changed'], to: ['approved'] },
  start: { from: ['approved', 'failed'], to: ['sent'] },
  // A change stops the payout and waits for a new approval (decision 026): no money moves unapproved.
  'change-payment': { from: ['sent', 'changed'], to: ['changed'] },
  void: { from: ['sent', 'manualSent'], to: ['voided'] },
  'start-manual': { from: ['approved', 'failed'], to: ['manual'] },
  'manual-start': { from: ['manual'], to: ['manualSent'] },
  'cancel-payment': { from: ['requested', 'approved', 'changed', 'manual', 'failed'], to: ['cancelled'] },
  'check-status': { from: ['sent'], to: ['sent', 'paid', 'failed'] },
};

/**
 * The steps that ask the provider, and the state each claims while it does. A change, a void or a
 * cancel asks only when a payout is out to be stopped; without one it is a step like any other.
 */
export const askingStateOf: Partial<Record<PaymentCommand, AskingState>> = {
  start: 'sending',
  'change-payment': 'changing',
  void: 'voiding',
  'cancel-payment': 'cancelling',
  'check-status': 'checking',
};

/** What the provider is being asked while a payment stands at each asking state, as the refusal says it. */
export const askingWhat: Record<AskingState, string> = {
  sending: 'to pay the seller',
  changing: 'to stop its payout before the amount changes',
  voiding: 'to stop its payout',
  cancelling: 'to stop its payout',
  checking: 'where its payout stands',
};

/**
 * A step's claim older than this lost its answer (the server stopped while the provider was asked):
 * far beyond every provider's timeout. The same step then asks again, as safe as the first time
 * (a payout is keyed; a stop or a status check asked twice is the same answer).
 */
export const ASKING_ABANDONED_MINUTES = 5;

export const isAsking = (state: PaymentState): state is AskingState =>
  (askingStates as readonly string[]).includes(state);

/** Who may take each step (decision 022): appraisers ask, send and follow; managers approve, change, void and cancel. */
export const commandPermissions: Record<PaymentCommand | 'create', Flag> = {
  create: 'appraiser',
  approve: 'appraisalManager',
  start: 'appraiser',
  'change-payment': 'appraisalManager',
  void: 'appraisalManager',
  'start-manual': 'appraiser',
  'manual-start': 'appraiser',
  'cancel-payment': 'appraisalManager',
  'check-status': 'appraiser',
};

/** The buttons, as the list and the status view offer them (the spec names the states, not the buttons). */
export const commandLabels: Record<PaymentCommand, string> = {
  approve: 'Approve',
  start: 'Send payment',
  'change-payment': 'Change amount',
  void: 'Void',
  'start-manual': 'Pay manually',
  'manual-start': 'Record as sent',
  'cancel-payment': 'Cancel payment',
  'check-status': 'Check status',
};

const allows = (command: PaymentCommand, state: PaymentState): boolean => transitions[command].from.includes(state);

/**
 * The steps a payment in this state offers to someone holding these flags, in the table's order.
 * At an asking state, the step asking: refused while the provider is being asked, it asks again once
 * the claim is abandoned (ASKING_ABANDONED_MINUTES).
 */
export const nextCommands = (
  state: PaymentState,
  flags: readonly string[] = Object.values(commandPermissions),
): PaymentCommand[] =>
  paymentCommands.filter(
    (c) => (allows(c, state) || askingStateOf[c] === state) && flags.includes(commandPermissions[c]),
  );

/** What a payment's timeline records: the request, each step, and a step the provider did not take. */
export type EventAction = PaymentCommand | 'create' | 'provider-failed';

/** What the event timeline calls each step. */
export const eventLabels: Record<EventAction, string> = {
  create: 'Approval requested',
  approve: 'Approved',
  start: 'Sent through the provider',
  'change-payment': 'Amount changed',
  void: 'Voided',
  'start-manual': 'Manual payment started',
  'manual-start': 'Manual payment recorded as sent',
  'cancel-payment': 'Cancelled',
  'check-status': 'Status checked',
  'provider-failed': 'Not done by the provider',
};

/** How a payment outside the provider is made. */
export const manualMethods = ['cheque', 'wire', 'ach', 'cashiers-cheque'] as const;
export type ManualMethod = (typeof manualMethods)[number];
export const manualMethodLabels: Record<ManualMethod, string> = {
  cheque: 'Company cheque',
  wire: 'Bank wire',
  ach: 'ACH from the bank portal',
  'cashiers-cheque': "Cashier's cheque",
};

/** What the provider says of a payment it holds. */
export const providerStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];
