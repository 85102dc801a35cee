import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import type { Contract } from '../../shared/contract';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, fromDay, labelOf, matches, planned, toDay } from '../../server/platform/lists';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { withinReach } from '../../server/platform/reach';
import { insertRecord, loadRecord, notFound, refusingDuplicate } from '../../server/platform/records';
import { matchesSearch, searchText } from '../../server/platform/search';
import { centsToDecimal, formatMoney } from '../../shared/format';
import { appraisalRecords, appraisals } from '../appraisals/appraisals.db';
import { appraisalStatusLabels } from '../appraisals/appraisals.contract';
import { locations } from '../locations/locations.db';
import { nameOf, userName, users } from '../users/users.db';
import {
  appraisalOptions,
  approvePayment,
  cancelPayment,
  changePayment,
  checkPaymentStatus,
  createPayment,
  loadPayment,
  loadPayments,
  manualStartPayment,
  PAYABLE_APPRAISAL_STATUSES,
  PAYMENT_MAX_CENTS,
  paymentColumns,
  startManualPayment,
  startPayment,
  voidPayment,
  type PaymentReply,
} from './payments.contract';
import { localPayouts } from '../../server/platform/platform.db';
import { paymentEvents, paymentPayouts, paymentRecords, payments } from './payments.db';
import type { Payout } from '../../server/providers/payments/payments';
import {
  ASKING_ABANDONED_MINUTES,
  askingStateOf,
  askingWhat,
  closedStates,
  commandLabels,
  commandPermissions,
  eventLabels,
  isAsking,
  manualMethodLabels,
  paymentCommands,
  paymentStateLabels,
  transitions,
  type AskingState,
  type EventAction,
  type PaymentCommand,
  type PaymentState,
  type ProviderStatus,
} from './payments.values';

type Payment = typeof payments.$inferSelect;
type Ctx = ActionContext<Record<string, unknown>>;

const replyOf = (p: Payment): PaymentReply => ({
  paymentId: p.id,
  appraisalId: p.appraisalId,
  state: p.state,
  stateLabel: paymentStateLabels[p.state],
  amount: centsToDecimal(p.amountCents),
  amountCents: p.amountCents,
  providerStatus: p.providerStatus,
});

// ---------------------------------------------------------------------------------------------
// The state machine.

/** What each step does to a payment, as the refusal says it. */
const doneTo: Record<PaymentCommand, string> = {
  approve: 'approved',
  start: 'sent through the provider',
  'change-payment': 'changed',
  void: 'voided',
  'start-manual': 'paid manually',
  'manual-start': 'recorded as sent',
  'cancel-payment': 'cancelled',
  'check-status': 'checked with the provider',
};

const quoted = (states: readonly PaymentState[]) => states.map((s) => `"${paymentStateLabels[s]}"`).join(' or ');

/** The step asking the provider while a payment stands at this asking state. */
const askerOf = (state: AskingState) => paymentCommands.find((c) => askingStateOf[c] === state)!;

/** A claim older than any provider's answer: the server stopped while the provider was asked. */
const abandoned = (payment: Payment) =>
  isAsking(payment.state) && Date.now() - payment.updatedAt.getTime() > ASKING_ABANDONED_MINUTES * 60_000;

/** Why a payment at an asking state takes no step: the provider is being asked, or its answer was lost. */
function askingSentence(payment: Payment & { state: AskingState }): string {
  const label = paymentStateLabels[payment.state];
  if (abandoned(payment))
    return `This payment has stood at "${label}" for over ${ASKING_ABANDONED_MINUTES} minutes with no answer from the provider: "${commandLabels[askerOf(payment.state)]}" again asks it again.`;
  return `This payment is at "${label}": the provider is being asked ${askingWhat[payment.state]}. Reload it in a moment to see where it stands.`;
}

/** The 409 of a step the table does not allow from where the payment stands. */
export const refusal = (command: PaymentCommand, payment: Payment) =>
  AppError.conflict(
    isAsking(payment.state)
      ? askingSentence(payment as Payment & { state: AskingState })
      : `This payment is at "${paymentStateLabels[payment.state]}": only a payment at ${quoted(transitions[command].from)} can be ${doneTo[command]}.`,
  );

/**
 * The same request again (a double click, a retry after a lost reply): the payment already stands
 * where this step took it, and the last step taken on it was this one, by this user, with the same
 * values. It is answered as the first time and nothing is written.
 */
async function alreadyDone(
  ctx: Ctx,
  command: PaymentCommand,
  payment: Payment,
  same: (event: typeof paymentEvents.$inferSelect) => boolean = () => true,
) {
  if (!transitions[command].to.includes(payment.state)) return false;
  const last = await lastEvent(ctx, payment.id);
  return !!last && last.action === command && last.userId === ctx.user.id && same(last);
}

const lastEvent = async (ctx: Ctx, paymentId: number) =>
  (
    await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId))
      .orderBy(sql`${paymentEvents.id} desc`)
      .limit(1)
  )[0];

interface Step {
  command: EventAction;
  to: PaymentState;
  values?: Partial<typeof payments.$inferInsert>;
  note?: string;
  providerStatus?: ProviderStatus | null;
}

/** Where a claimed payment stood before its step asked the provider: where a failure puts it back. */
type Origin = Pick<Payment, 'state' | 'revision'>;

/**
 * Moves a payment from the state it was read in, or not at all: `UPDATE … WHERE state = <read>`.
 * Of two requests at once, the second waits for the first's row lock and then finds the state moved:
 * it gets no row. Writes the step's event (from where the step began: `origin`, for a step that asked
 * the provider from its claim) and the audit row.
 */
async function move(ctx: Ctx, payment: Payment, step: Step, origin: Origin = payment): Promise<Payment | null> {
  const [after] = await ctx.db
    .update(payments)
    .set({ ...step.values, state: step.to, updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)))
    .returning();
  if (!after) return null;
  await record(ctx, payment, after, step, origin);
  return after;
}

async function record(ctx: Ctx, before: Payment, after: Payment, step: Omit<Step, 'values'>, origin: Origin) {
  await ctx.db.insert(paymentEvents).values({
    paymentId: after.id,
    action: step.command,
    fromState: origin.state,
    toState: after.state,
    amountCents: after.amountCents,
    userId: ctx.user.id,
    note: step.note ?? '',
    providerStatus: step.providerStatus ?? after.providerStatus,
  });
  ctx.audit({ recordType: paymentRecords.type, recordId: after.id, before, after });
}

/**
 * The payment within reach (else its 404), its row locked until the step's part commits: steps on
 * one payment at the same moment (a double click, a status check during a change) queue, and each
 * reads the payment as the one before it left it.
 */
async function lockPayment(ctx: Ctx, paymentId: number): Promise<Payment> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), withinReach(ctx.user.reach, payments.locationId)))
    .for('update');
  if (!payment) throw notFound(paymentRecords, paymentId);
  return payment;
}

type Same = (event: typeof paymentEvents.$inferSelect) => boolean;

/**
 * Whether the locked payment is this same request again, already answered. Otherwise the step must
 * be allowed from where the payment stands (or take up its own abandoned claim), else its 409. A step
 * that may be taken again from where it leads (a second change, a second check) is a repeat only
 * when `same` says so; any other finds its earlier self by where the payment stands.
 */
async function isRepeat(ctx: Ctx, command: PaymentCommand, payment: Payment, same?: Same): Promise<boolean> {
  const allowed = transitions[command].from.includes(payment.state);
  if ((!allowed || same) && (await alreadyDone(ctx, command, payment, same))) return true;
  const resumes = askingStateOf[command] === payment.state && abandoned(payment);
  if (!allowed && !resumes) throw refusal(command, payment);
  return false;
}

/** After a move that found the state already changed (another request won): the payment, if that was this same request; else the 409. */
async function movedBy(ctx: Ctx, command: PaymentCommand, paymentId: number, same?: Same): Promise<Payment> {
  const now = await loadRecord(ctx, paymentRecords, paymentId);
  if (await alreadyDone(ctx, command, now, same)) return now;
  throw refusal(command, now);
}

/** A step in one transaction: locked within reach, refused or answered as a repeat (`isRepeat`), then `act`, which moves it. */
async function step(
  ctx: Ctx,
  command: PaymentCommand,
  paymentId: number,
  act: (payment: Payment) => Promise<Payment | null>,
  same?: Same,
): Promise<PaymentReply> {
  const payment = await lockPayment(ctx, paymentId);
  if (await isRepeat(ctx, command, payment, same)) return replyOf(payment);
  return replyOf((await act(payment)) ?? (await movedBy(ctx, command, paymentId, same)));
}

/** A step's answer, moved on from its claim; the claim gone meanwhile (taken up again once abandoned), as `movedBy`. */
async function moveOn(ctx: Ctx, claimed: Payment, step: Step & { command: PaymentCommand }, origin: Origin) {
  return (await move(ctx, claimed, step, origin)) ?? movedBy(ctx, step.command, claimed.id);
}

// ---------------------------------------------------------------------------------------------
// Asking the provider (issue 29): claim, ask with no transaction open, answer.

interface Claimed {
  claimed: Payment;
  origin: Origin;
}

/**
 * Claims the payment for a step that asks the provider: moved to the step's asking state (`start`
 * counts its next payout, `payment-<id>-<revision>`), in the part that checked the state, so a
 * second request finds it taken. A claim abandoned (the server stopped while asking) is taken up
 * again by the same step: its origin is where its last event left the payment.
 */
async function claim(ctx: Ctx, command: PaymentCommand, payment: Payment): Promise<Claimed> {
  const resumed = isAsking(payment.state);
  const next = command === 'start' && !resumed ? { revision: sql`${payments.revision} + 1` as never } : {};
  const [claimed] = await ctx.db
    .update(payments)
    .set({ ...next, state: askingStateOf[command], updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)))
    .returning();
  if (!claimed) throw refusal(command, await loadRecord(ctx, paymentRecords, payment.id));
  ctx.audit({ recordType: paymentRecords.type, recordId: payment.id, before: payment, after: claimed });
  if (!resumed) return { claimed, origin: payment };
  const settledIn = (await lastEvent(ctx, payment.id))?.toState ?? transitions[command].from[0];
  return { claimed, origin: { state: settledIn, revision: claimed.revision - (command === 'start' ? 1 : 0) } };
}

/** No answer, or one that could not be read: the provider may have acted on the request (a 409 is a clear no). */
const unanswered = (error: unknown) => !(error instanceof AppError) || error.status === 502;

/**
 * The provider failed or refused (a 502, Stripe's 409): the payment goes back where it stood, with
 * its revision, so the retry asks under the same key. A payout refused is no payout and leaves the
 * ledger; one never answered stays on it, pending with no reference, as the seller may have been
 * paid (`refuseUnansweredSend`). The timeline says what the provider did not take, and why.
 */
async function putBack(ctx: Ctx, command: PaymentCommand, { claimed, origin }: Claimed, error: unknown) {
  const [back] = await ctx.db
    .update(payments)
    .set({ state: origin.state, revision: origin.revision, updatedAt: sql`now()` })
    .where(and(eq(payments.id, claimed.id), eq(payments.state, claimed.state)))
    .returning();
  if (!back) return;
  if (!(command === 'start' && unanswered(error)))
    await ctx.db
      .delete(paymentPayouts)
      .where(and(eq(paymentPayouts.idempotencyKey, providerKey(claimed)), isNull(paymentPayouts.reference)));
  const why =
    error instanceof AppError ? error.message : "the provider's answer could not be read (the server log has it).";
  const note = `${commandLabels[command]}: ${why}`;
  await record(ctx, claimed, back, { command: 'provider-failed', to: origin.state, note }, origin);
}

/**
 * The rest of a claimed step: `ask` asks the provider with no transaction open and writes its answer
 * in a part of its own. Anything failing but a refusal that kept its writes (already paid) puts the
 * payment back.
 */
async function askProvider(
  ctx: Ctx,
  command: PaymentCommand,
  claimed: Claimed,
  ask: (claimed: Payment, origin: Origin) => Promise<Payment>,
): Promise<PaymentReply> {
  try {
    return replyOf(await ask(claimed.claimed, claimed.origin));
  } catch (error) {
    if (!(error instanceof AppError && error.commit)) await ctx.change((c) => putBack(c, command, claimed, error));
    throw error;
  }
}

const providerKey = (p: Payment) => `payment-${p.id}-${p.revision}`;
const memoOf = (p: Payment) => `Trade-in: ${p.vehicle}`;

/**
 * The payout to stop before a change, a void, a cancel or the next send: the one out with the
 * provider (the unique index allows one), or a payment's from before the payouts ledger, known by
 * its own reference while the provider's last word on it was pending.
 */
async function payoutToStop(ctx: Ctx, payment: Payment): Promise<string | null> {
  const [live] = await ctx.db
    .select({ reference: paymentPayouts.reference })
    .from(paymentPayouts)
    .where(and(eq(paymentPayouts.paymentId, payment.id), eq(paymentPayouts.status, 'pending')));
  return live ? live.reference : payment.providerStatus === 'pending' ? payment.providerReference : null;
}

/** Whether a payment's last send went unanswered: its payout pending with no reference (`putBack`). */
const sendUnanswered = sql<boolean>`exists (select 1 from ${paymentPayouts}
  where ${paymentPayouts.paymentId} = ${payments.id} and ${paymentPayouts.status} = 'pending'
    and ${paymentPayouts.reference} is null)`;

/**
 * A send the provider never answered may have paid the seller: until it is sent again (under the same
 * key, so the seller is paid once) and answered, the payment is neither paid another way nor cancelled.
 */
async function refuseUnansweredSend(ctx: Ctx, payment: Payment) {
  const [open] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, payment.id), sendUnanswered));
  if (open)
    throw AppError.conflict(
      "The payments provider did not answer this payment's last send, so the seller may have been paid: send it again (the seller is paid once) before paying it another way or cancelling it.",
    );
}

/** Records what became of a payout the provider answered for (paid, failed, stopped, still pending). */
async function settlePayout(ctx: Ctx, paymentId: number, reference: string, status: ProviderStatus) {
  await ctx.db
    .update(paymentPayouts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(paymentPayouts.paymentId, paymentId), eq(paymentPayouts.reference, reference)));
}

/** Asks the provider to stop the payout out for a claimed payment, if there is one (no transaction open). */
async function askToStop(ctx: Ctx, claimed: Payment): Promise<Payout | null> {
  const reference = await payoutToStop(ctx, claimed);
  return reference ? ctx.services.payments.cancel(ctx.db, reference) : null;
}

/**
 * What the provider said to a stop, recorded on the payout. Too late (the seller has been paid): the
 * payment is recorded as paid, and the step refused with that, kept.
 */
async function recordStop(ctx: Ctx, claimed: Payment, origin: Origin, stopped: Payout, command: PaymentCommand) {
  await settlePayout(ctx, claimed.id, stopped.reference, stopped.status);
  if (stopped.status !== 'paid') return;
  await move(
    ctx,
    claimed,
    {
      command: 'check-status',
      to: 'paid',
      note: 'The provider had already paid the seller.',
      providerStatus: 'paid',
      values: { providerStatus: 'paid', providerCheckedAt: sql`now()` as never, revision: origin.revision },
    },
    origin,
  );
  throw AppError.conflict(
    `The seller has already been paid ${formatMoney(claimed.amountCents)}; the payment cannot be ${doneTo[command]}.`,
  ).committing();
}

/** A change, a void or a cancel out with the provider: its payout stopped, then the step's move. */
async function stopThenMove(ctx: Ctx, claimed: Payment, origin: Origin, step: Step & { command: PaymentCommand }) {
  const stopped = await askToStop(ctx, claimed);
  return ctx.change(async (c) => {
    if (stopped) await recordStop(c, claimed, origin, stopped, step.command);
    return moveOn(c, claimed, step, origin);
  });
}

/** Writes down the payout about to be asked for, before it is: the index refuses a second live one. */
async function claimPayout(ctx: Ctx, claimed: Payment) {
  const [payout] = await refusingDuplicate(
    () =>
      ctx.db
        .insert(paymentPayouts)
        .values({
          paymentId: claimed.id,
          revision: claimed.revision,
          idempotencyKey: providerKey(claimed),
          amountCents: claimed.amountCents,
        })
        // An abandoned send taken up again finds its payout already written: the same one.
        .onConflictDoNothing({ target: paymentPayouts.idempotencyKey })
        .returning(),
    () =>
      AppError.conflict('This payment already has a payout out with the provider; reload it to see where it stands.'),
  );
  if (payout) ctx.audit({ recordType: 'payment-payout', recordId: payout.id, after: payout });
}

/**
 * `start`, once claimed: a payout still out (a payment from before the ledger) stopped, the new one
 * written down, asked for under its key (again, after a crash: the same key is the same payout), and
 * the provider's answer recorded on the ledger and the payment.
 */
async function sendPayout(ctx: Ctx, claimed: Payment, origin: Origin): Promise<Payment> {
  const stopped = await askToStop(ctx, claimed);
  await ctx.change(async (c) => {
    if (stopped) await recordStop(c, claimed, origin, stopped, 'start');
    await claimPayout(c, claimed);
  });
  const payout = await ctx.services.payments.send(ctx.db, {
    idempotencyKey: providerKey(claimed),
    amountCents: claimed.amountCents,
    memo: memoOf(claimed),
    payee: { name: claimed.payeeName, email: claimed.payeeEmail, phone: claimed.payeePhone },
  });
  return ctx.change(async (c) => {
    await c.db
      .update(paymentPayouts)
      .set({ reference: payout.reference, status: payout.status, updatedAt: sql`now()` })
      .where(eq(paymentPayouts.idempotencyKey, providerKey(claimed)));
    const values = { providerReference: payout.reference, providerStatus: payout.status };
    const answered = { ...values, providerCheckedAt: sql`now()` as never };
    return moveOn(c, claimed, { command: 'start', to: 'sent', values: answered }, origin);
  });
}

/** Decision 022: who asked for an amount (the request, or the change to it) does not approve it. */
const refuseRequester = (ctx: Ctx, payment: Payment) => {
  if (payment.requestedBy !== ctx.user.id) return;
  throw AppError.forbidden(
    payment.state === 'changed'
      ? "You changed this payment's amount, so someone else must approve it: ask another appraisal manager."
      : 'You requested this payment, so someone else must approve it: ask another appraisal manager.',
  );
};

const CAP = formatMoney(PAYMENT_MAX_CENTS);

/** The one cap on every amount (the change's form says it in its own words): none is approved, sent or paid above it. */
const refuseAboveCap = (payment: Payment) => {
  if (payment.amountCents <= PAYMENT_MAX_CENTS) return;
  throw AppError.conflict(
    `This payment is for ${formatMoney(payment.amountCents)}, above the most a payment to a seller may be, ${CAP}: cancel it and request one within that.`,
  );
};

// ---------------------------------------------------------------------------------------------
// The calls.

type Appraisal = typeof appraisals.$inferSelect;

/** The appraisal's payment still open, if it has one: an appraisal is paid once. */
async function openPaymentOf(ctx: Ctx, appraisal: Appraisal): Promise<Payment | undefined> {
  const [live] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.appraisalId, appraisal.id), notInArray(payments.state, [...closedStates])))
    .limit(1);
  return live;
}

/** A payment is requested once the customer accepts the offer or the vehicle is bought, and only for an offer. */
function refuseUnpayable(appraisal: Appraisal) {
  if (!(PAYABLE_APPRAISAL_STATUSES as readonly string[]).includes(appraisal.status)) {
    throw AppError.conflict(
      `This appraisal is ${appraisalStatusLabels[appraisal.status]}: a payment is requested once the customer accepts the offer or the vehicle is bought.`,
      ['appraisalId'],
    );
  }
  if (appraisal.offerCents <= 0) throw AppError.conflict('This appraisal has no offer to pay.', ['appraisalId']);
  if (appraisal.offerCents > PAYMENT_MAX_CENTS) {
    throw AppError.conflict(
      `This appraisal's offer is ${formatMoney(appraisal.offerCents)}, above the most a payment to a seller may be, ${CAP}.`,
      ['appraisalId'],
    );
  }
}

/** The payment of the appraisal's offer to its seller, requested by the caller; a request at the same moment is refused. */
function insertPayment(ctx: Ctx, appraisal: Appraisal): Promise<Payment> {
  const vehicle = [appraisal.year, appraisal.make, appraisal.model, appraisal.trim].filter(Boolean).join(' ');
  return refusingDuplicate(
    () =>
      insertRecord(ctx, paymentRecords, {
        appraisalId: appraisal.id,
        locationId: appraisal.locationId,
        amountCents: appraisal.offerCents,
        offerCents: appraisal.offerCents,
        payeeName: appraisal.customerName,
        payeeEmail: appraisal.email,
        payeePhone: appraisal.phone,
        vehicle,
        vin: appraisal.vin,
        requestedBy: ctx.user.id,
      }),
    () =>
      AppError.conflict('A payment was requested for this appraisal at the same moment; reload the list to see it.', [
        'appraisalId',
      ]),
  );
}

/** The request's event, the first of the payment's steps, noting the offer. */
async function recordRequest(ctx: Ctx, created: Payment, appraisal: Appraisal) {
  await ctx.db.insert(paymentEvents).values({
    paymentId: created.id,
    action: 'create',
    fromState: null,
    toState: 'requested',
    amountCents: created.amountCents,
    userId: ctx.user.id,
    note: `Offer ${formatMoney(appraisal.offerCents)}`,
  });
}

defineAction({
  contract: createPayment,
  summary:
    "Requests approval of a payment of an appraisal's offer to its seller; an appraisal with a payment already answers that one.",
  permission: commandPermissions.create,
  reach: { appraisalId: appraisalRecords },
  async handler(ctx) {
    const appraisal = await loadRecord(ctx, appraisalRecords, ctx.input.appraisalId);
    const live = await openPaymentOf(ctx, appraisal);
    // Asked again (by anyone): the appraisal's payment, never a second one.
    if (live) return replyOf(live);
    refuseUnpayable(appraisal);
    const created = await insertPayment(ctx, appraisal);
    await recordRequest(ctx, created, appraisal);
    return replyOf(created);
  },
});

type StepCtx<C extends Contract> = Ctx & { input: z.output<C['input']> };

/**
 * A step of the state machine as a call in one transaction (it asks no provider): its flag
 * (decision 022), reach by the payment, and `step` around what it does; `same` tells a repeat of the
 * same request. Its contract is idempotent: the pipeline keeps its Idempotency-Key (decision 025).
 */
function defineStep<C extends Contract>(
  command: PaymentCommand,
  contract: C,
  summary: string,
  act: (ctx: StepCtx<C>, payment: Payment) => Promise<Payment | null>,
  same?: (input: z.output<C['input']>) => Same,
) {
  defineAction({
    contract,
    summary,
    permission: commandPermissions[command],
    reach: { paymentId: paymentRecords },
    async handler(ctx) {
      const c = ctx as unknown as StepCtx<C> & { input: { paymentId: number } };
      return step(c, command, c.input.paymentId, (payment) => act(c, payment), same?.(c.input)) as never;
    },
  });
}

/** How a step that may ask the provider goes (`defineProviderStep`). */
interface ProviderStep<C extends Contract> {
  /** What refuses it before anything is claimed (the cap, an amount that is not new, a send not answered). */
  refuse?: (ctx: StepCtx<C>, payment: Payment) => void | Promise<void>;
  /** The whole step when there is no payout to stop (a change, a void, a cancel); without it, the provider is always asked. */
  settle?: (ctx: StepCtx<C>, payment: Payment) => Promise<Payment | null>;
  /** Once claimed: asks the provider with no transaction open, then writes its answer in a part of its own. */
  ask: (ctx: StepCtx<C>, claimed: Payment, origin: Origin) => Promise<Payment>;
  same?: (input: z.output<C['input']>) => Same;
}

/**
 * A step that asks the provider, as an `outside` call (issue 29): its first part locks the payment,
 * refuses or answers a repeat as `step` does, then takes the whole step (`settle`, nothing to ask)
 * or claims the payment at its asking state; the provider is then asked with no transaction open
 * (`askProvider`). Its Idempotency-Key is kept around the parts (decision 025).
 */
function defineProviderStep<C extends Contract>(
  command: PaymentCommand,
  contract: C,
  summary: string,
  plan: ProviderStep<C>,
) {
  defineAction({
    contract,
    summary,
    permission: commandPermissions[command],
    reach: { paymentId: paymentRecords },
    outside: true,
    async handler(ctx) {
      const c = ctx as unknown as StepCtx<C> & { input: { paymentId: number } };
      const begun = await c.change((part) => beginStep(part as StepCtx<C>, command, c.input.paymentId, plan));
      if ('reply' in begun) return begun.reply as never;
      return askProvider(c, command, begun, (claimed, origin) => plan.ask(c, claimed, origin)) as never;
    },
  });
}

/** The first part of a step that may ask the provider: answered here, or claimed for asking. */
async function beginStep<C extends Contract>(
  ctx: StepCtx<C>,
  command: PaymentCommand,
  paymentId: number,
  plan: ProviderStep<C>,
): Promise<{ reply: PaymentReply } | Claimed> {
  const same = plan.same?.(ctx.input);
  const payment = await lockPayment(ctx, paymentId);
  if (await isRepeat(ctx, command, payment, same)) return { reply: replyOf(payment) };
  await plan.refuse?.(ctx, payment);
  if (plan.settle && !isAsking(payment.state) && !(await payoutToStop(ctx, payment))) {
    const after = (await plan.settle(ctx, payment)) ?? (await movedBy(ctx, command, paymentId, same));
    return { reply: replyOf(after) };
  }
  return claim(ctx, command, payment);
}

defineStep(
  'approve',
  approvePayment,
  'Approves a requested payment, or a changed amount; the person who requested it, or changed it, cannot.',
  async (ctx, payment) => {
    refuseRequester(ctx, payment);
    refuseAboveCap(payment);
    return move(ctx, payment, { command: 'approve', to: 'approved', values: { approvedBy: ctx.user.id } });
  },
);

defineProviderStep(
  'start',
  startPayment,
  'Sends an approved payment (or one that failed) to the seller through the payments provider, keyed so a retry never pays twice.',
  { refuse: (_ctx, payment) => refuseAboveCap(payment), ask: sendPayout },
);

/** The change's move: the new amount, its changer as its requester, waiting for approval (decision 026). */
const changeStep = (ctx: StepCtx<typeof changePayment>, payment: Payment) => ({
  command: 'change-payment' as const,
  to: 'changed' as const,
  note: `From ${formatMoney(payment.amountCents)} to ${formatMoney(ctx.input.amount)}`,
  values: {
    amountCents: ctx.input.amount,
    requestedBy: ctx.user.id,
    approvedBy: null,
    providerStatus: 'cancelled' as const,
  },
});

defineProviderStep(
  'change-payment',
  changePayment,
  'Changes the amount of a payment out with the provider: the payout is stopped, and the new amount waits for approval by someone other than who changed it.',
  {
    refuse: (ctx, payment) => {
      const { amount } = ctx.input;
      if (amount === payment.amountCents)
        throw AppError.invalid(`Amount is already ${formatMoney(amount)}; type the new amount.`, ['amount']);
    },
    settle: (ctx, payment) => move(ctx, payment, changeStep(ctx, payment)),
    ask: (ctx, claimed, origin) => stopThenMove(ctx, claimed, origin, changeStep(ctx, claimed)),
    same: (input) => (event) => event.amountCents === input.amount,
  },
);

/** The void's move: a payout stopped, or a manual payment's cheque to be stopped at the bank. */
const voidStep = (payment: Origin) =>
  payment.state === 'manualSent'
    ? { command: 'void' as const, to: 'voided' as const, note: 'Stop the cheque or recall the wire at the bank.' }
    : {
        command: 'void' as const,
        to: 'voided' as const,
        providerStatus: 'cancelled' as const,
        values: { providerStatus: 'cancelled' as const, providerCheckedAt: sql`now()` as never },
      };

defineProviderStep(
  'void',
  voidPayment,
  "Voids a payment that was sent: the provider's payout is stopped (a manual payment's cheque is to be stopped at the bank).",
  {
    settle: (ctx, payment) => move(ctx, payment, voidStep(payment)),
    ask: (ctx, claimed, origin) => stopThenMove(ctx, claimed, origin, voidStep(origin)),
  },
);

defineStep(
  'start-manual',
  startManualPayment,
  'Starts a payment made outside the provider (a cheque, a wire): the provider will not be asked, and the method and its details are kept.',
  async (ctx, payment) => {
    refuseAboveCap(payment);
    await refuseUnansweredSend(ctx, payment);
    return move(ctx, payment, {
      command: 'start-manual',
      to: 'manual',
      note: [manualMethodLabels[ctx.input.method], ctx.input.details].filter(Boolean).join(': '),
      values: { manualMethod: ctx.input.method, manualDetails: ctx.input.details ?? '' },
    });
  },
);

const manualNote = (input: { reference: string; sentOn: string }) => `${input.reference}, sent on ${input.sentOn}`;
defineStep(
  'manual-start',
  manualStartPayment,
  'Records a manual payment as sent: its cheque or wire number and the day it went out.',
  (ctx, payment) =>
    move(ctx, payment, {
      command: 'manual-start',
      to: 'manualSent',
      note: manualNote(ctx.input),
      values: { manualReference: ctx.input.reference, manualSentOn: ctx.input.sentOn },
    }),
  (input) => (event) => event.note === manualNote(input),
);

const cancelStep = (ctx: StepCtx<typeof cancelPayment>) => ({
  command: 'cancel-payment' as const,
  to: 'cancelled' as const,
  note: ctx.input.reason ?? '',
});

defineProviderStep(
  'cancel-payment',
  cancelPayment,
  'Cancels a payment before any money goes out: requested, approved, changed and not yet approved again, started manually or failed.',
  {
    refuse: refuseUnansweredSend,
    settle: (ctx, payment) => move(ctx, payment, cancelStep(ctx)),
    ask: (ctx, claimed, origin) => stopThenMove(ctx, claimed, origin, cancelStep(ctx)),
  },
);

/** What the provider's answer makes of a payment out with it. */
const afterCheck = (state: PaymentState, status: ProviderStatus): PaymentState =>
  status === 'paid' ? 'paid' : status === 'failed' || status === 'cancelled' ? 'failed' : state;

/** The provider's answer on a payment out with it, recorded as a status check: still pending, paid, or failed. */
const recordStatus = (ctx: Ctx, payment: Payment, status: ProviderStatus, origin: Origin = payment) =>
  move(
    ctx,
    payment,
    {
      command: 'check-status',
      to: afterCheck(origin.state, status),
      providerStatus: status,
      note: `The provider says ${status}.`,
      values: { providerStatus: status, providerCheckedAt: sql`now()` as never },
    },
    origin,
  );

defineProviderStep(
  'check-status',
  checkPaymentStatus,
  'Asks the provider where a sent payment stands and records its answer: still pending, paid, or failed.',
  {
    async ask(ctx, claimed, origin) {
      const payout = await ctx.services.payments.status(ctx.db, claimed.providerReference!);
      return ctx.change(async (c) => {
        await settlePayout(c, claimed.id, payout.reference, payout.status);
        return (await recordStatus(c, claimed, payout.status, origin)) ?? movedBy(c, 'check-status', claimed.id);
      });
    },
  },
);

/**
 * A payout the provider's webhook reported on (decision 027), as the provider now has it: its
 * current word is asked for (never the event's, which may be a replay or older than one already
 * seen), with no transaction open. Null for a payout that is not ours (or whose send has not
 * committed yet: `check-status` asks then). `was` is the ledger's word when it was asked.
 */
export async function askReported(
  db: Ctx['db'],
  services: Ctx['services'],
  reference: string,
): Promise<{ answer: Payout; was: ProviderStatus } | null> {
  const [known] = await db.select().from(paymentPayouts).where(eq(paymentPayouts.reference, reference));
  if (!known) return null;
  return { answer: await services.payments.status(db, reference), was: known.status };
}

/**
 * Records the provider's word on a reported payout (`askReported`) in the webhook's transaction: the
 * ledger takes it; the payment, locked, moves as a status check taken by no user when the payout is
 * the one out with the provider and the word is new. A replay finds nothing new and writes nothing;
 * a payout whose word another request recorded since it was asked is left as that one left it.
 * Each change has its audit row through `audit`, as an action's.
 */
export async function settleReported(
  db: Ctx['db'],
  services: Ctx['services'],
  { answer, was }: { answer: Payout; was: ProviderStatus },
  audit: Ctx['audit'],
): Promise<void> {
  const ctx = { db, services, audit, user: { id: null } } as unknown as Ctx;
  const [known] = await db.select().from(paymentPayouts).where(eq(paymentPayouts.reference, answer.reference));
  if (!known) return;
  const [payment] = await db.select().from(payments).where(eq(payments.id, known.paymentId)).for('update');
  const [payout] = await db.select().from(paymentPayouts).where(eq(paymentPayouts.id, known.id));
  if (payout.status !== was) return;
  const outWithProvider = payment.state === 'sent' && payment.providerReference === answer.reference;
  const moves = outWithProvider && payment.providerStatus !== answer.status;
  if (payout.status === answer.status && !moves) return;
  await settlePayout(ctx, payment.id, answer.reference, answer.status);
  // The payment's audit row when it moves; else the payout's, which alone changed.
  if (moves) await recordStatus(ctx, payment, answer.status);
  else
    audit({
      recordType: 'payment-payout',
      recordId: payout.id,
      before: payout,
      after: { ...payout, status: answer.status },
    });
}

// ---------------------------------------------------------------------------------------------
// The list, the status view and the request's picker.

const paymentSearch = searchText(
  payments.payeeName,
  payments.payeeEmail,
  payments.payeePhone,
  payments.vin,
  payments.vehicle,
);

defineListAction({
  contract: loadPayments,
  summary:
    'Payments to sellers within reach, newest request first: by store, state, appraisal, request dates and part of a name, phone, email, VIN or vehicle.',
  permission: 'appraiser',
  reach: payments.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'awaiting approval', filters: { state: 'requested' } },
    { name: 'location, sent', filters: { locationId: s.locationId, state: 'sent' } },
    { name: 'search', filters: { query: 'garcia' } },
    { name: 'deep', filters: {}, depth: 10 },
  ],
  columns: paymentColumns,
  sorts: {
    createdAt: payments.createdAt,
    updatedAt: payments.updatedAt,
    amount: payments.amountCents,
    payeeName: payments.payeeName,
  },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'paymentId', column: payments.id },
  filters: {
    locationId: equals(payments.locationId),
    // Planned for the state asked: a generic plan walked all 40,000 payments newest first to find the
    // few awaiting approval (4.4 ms); for its value it reads them from (state, created) at once.
    state: planned(equals(payments.state)),
    appraisalId: equals(payments.appraisalId),
    // Days on the store's clock (the group's without a store), first and last included.
    minCreatedAt: fromDay(payments.createdAt),
    maxCreatedAt: toDay(payments.createdAt),
    query: matches(paymentSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        paymentId: payments.id,
        appraisalId: payments.appraisalId,
        locationId: payments.locationId,
        locationName: locations.name,
        state: payments.state,
        stateLabel: labelOf(payments.state, paymentStateLabels).as('state_label'),
        payeeName: payments.payeeName,
        payeeEmail: payments.payeeEmail,
        payeePhone: payments.payeePhone,
        vehicle: payments.vehicle,
        vin: payments.vin,
        amount: hundredthsAsDecimal(payments.amountCents).as('amount_decimal'),
        amountCents: payments.amountCents,
        offerCents: payments.offerCents,
        requestedBy: payments.requestedBy,
        requestedByName: sql<string | null>`${userName}`.as('requested_by_name'),
        sendUnanswered: sendUnanswered.as('send_unanswered'),
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .innerJoin(locations, eq(locations.id, payments.locationId))
      .leftJoin(users, eq(users.id, payments.requestedBy))
      .$dynamic(),
  }),
});

const approver = alias(users, 'approver');

/** What the status view shows beside the payment: who and where, its steps, and the local provider's payout. */
async function statusFacts(ctx: Ctx, p: Payment) {
  const [[names], events, [payout]] = await Promise.all([
    ctx.db
      .select({
        location: locations.name,
        requestedBy: userName,
        approvedBy: sql<string | null>`${nameOf(approver)}`,
        sendUnanswered,
      })
      .from(payments)
      .innerJoin(locations, eq(locations.id, payments.locationId))
      .leftJoin(users, eq(users.id, payments.requestedBy))
      .leftJoin(approver, eq(approver.id, payments.approvedBy))
      .where(eq(payments.id, p.id)),
    ctx.db
      .select({ event: paymentEvents, userName })
      .from(paymentEvents)
      .leftJoin(users, eq(users.id, paymentEvents.userId))
      .where(eq(paymentEvents.paymentId, p.id))
      .orderBy(asc(paymentEvents.id)),
    ctx.services.payments.name === 'local' && p.providerReference
      ? ctx.db.select().from(localPayouts).where(eq(localPayouts.reference, p.providerReference))
      : [],
  ]);
  return { names, events, payout };
}

type StatusFacts = Awaited<ReturnType<typeof statusFacts>>;

/** The payment as the status view shows it. */
function paymentView(p: Payment, names: StatusFacts['names']) {
  return {
    paymentId: p.id,
    appraisalId: p.appraisalId,
    locationId: p.locationId,
    locationName: names.location,
    state: p.state,
    stateLabel: paymentStateLabels[p.state],
    payeeName: p.payeeName,
    payeeEmail: p.payeeEmail,
    payeePhone: p.payeePhone,
    vehicle: p.vehicle,
    vin: p.vin,
    amount: centsToDecimal(p.amountCents),
    amountCents: p.amountCents,
    offerCents: p.offerCents,
    requestedBy: p.requestedBy,
    requestedByName: names.requestedBy,
    approvedByName: names.approvedBy,
    sendUnanswered: names.sendUnanswered,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    revision: p.revision,
    providerReference: p.providerReference,
    providerStatus: p.providerStatus,
    providerCheckedAt: p.providerCheckedAt?.toISOString() ?? null,
    manualMethod: p.manualMethod,
    manualDetails: p.manualDetails,
    manualReference: p.manualReference,
    manualSentOn: p.manualSentOn,
  };
}

/** One step the payment took, with who took it. */
function eventView({ event: e, userName: who }: StatusFacts['events'][number]) {
  return {
    eventId: e.id,
    action: e.action,
    actionLabel: eventLabels[e.action],
    fromState: e.fromState,
    toState: e.toState,
    toStateLabel: paymentStateLabels[e.toState],
    amountCents: e.amountCents,
    userName: who,
    note: e.note,
    providerStatus: e.providerStatus,
    at: e.at.toISOString(),
  };
}

/** The local provider's payout as it holds it: what it was sent and the checks made on it. */
function payoutView(payout: typeof localPayouts.$inferSelect) {
  return {
    reference: payout.reference,
    idempotencyKey: payout.idempotencyKey,
    payeeName: payout.payeeName,
    payeeEmail: payout.payeeEmail,
    payeePhone: payout.payeePhone,
    amountCents: payout.amountCents,
    memo: payout.memo,
    status: payout.status,
    checks: payout.checks,
  };
}

defineAction({
  contract: loadPayment,
  summary:
    'One payment for its status view: where it stands, every step it took and who took it, and what the provider holds.',
  permission: 'appraiser',
  reach: { paymentId: paymentRecords },
  readOnly: true,
  async handler(ctx) {
    const p = await loadRecord(ctx, paymentRecords, ctx.input.paymentId);
    const { names, events, payout } = await statusFacts(ctx, p);
    return {
      payment: paymentView(p, names),
      events: events.map(eventView),
      payout: payout ? payoutView(payout) : null,
    };
  },
});

defineAction({
  contract: appraisalOptions,
  summary:
    'Appraisals a payment may be requested for (the customer accepted, or the car is bought), within reach: by customer, phone, email, VIN or vehicle, or by id.',
  permission: commandPermissions.create,
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const where: (SQL | undefined)[] = [withinReach(user.reach, appraisals.locationId)];
    if (input.ids.length) where.push(inArray(appraisals.id, input.ids));
    else {
      where.push(inArray(appraisals.status, [...PAYABLE_APPRAISAL_STATUSES]));
      if (input.search) where.push(matchesSearch(appraisals.search, input.search));
    }
    const rows = await db
      .select({
        appraisalId: appraisals.id,
        customerName: appraisals.customerName,
        vehicle: sql<string>`concat_ws(' ', ${appraisals.year}, ${appraisals.make}, ${appraisals.model}, nullif(${appraisals.trim}, ''))`,
        vin: appraisals.vin,
        offerCents: appraisals.offerCents,
        locationName: locations.name,
        status: appraisals.status,
        paymentId: payments.id,
      })
      .from(appraisals)
      .innerJoin(locations, eq(locations.id, appraisals.locationId))
      .leftJoin(payments, and(eq(payments.appraisalId, appraisals.id), notInArray(payments.state, [...closedStates])))
      .where(and(...where))
      .orderBy(sql`${appraisals.createdAt} desc`, sql`${appraisals.id} desc`)
      .limit(input.limit ?? 10);
    return { appraisals: rows.map((r) => ({ ...r, status: appraisalStatusLabels[r.status] })) };
  },
});
