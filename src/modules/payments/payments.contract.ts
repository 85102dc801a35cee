import { z } from 'zod';
import {
  choice,
  date,
  id,
  int,
  list,
  money,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalText,
  text,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { manualMethods, paymentCommands, paymentStates, providerStatuses } from './payments.values';

/** The most a payment to a seller may be: a vehicle bought on an appraisal, not a fleet. */
export const PAYMENT_MAX_DOLLARS = 500_000;
/** The same in cents: no path sets or pays an amount above it (create, change, approve, send, pay manually). */
export const PAYMENT_MAX_CENTS = PAYMENT_MAX_DOLLARS * 100;
export const REASON_MAX = 500;

const paymentIdInput = z.object({ paymentId: id.meta({ title: 'Payment' }) });

/** create: a payment of the appraisal's offer, asked to be approved. */
const createInput = z.object({ appraisalId: id.meta({ title: 'Appraisal' }) });
/** change-payment: the new amount, typed in dollars, kept in cents. */
const changeInput = paymentIdInput.extend({
  amount: money(PAYMENT_MAX_DOLLARS).refine((cents) => cents > 0, { error: 'must be more than 0.00' }),
});
/** cancel-payment: why (the payment's timeline keeps it). */
const cancelInput = paymentIdInput.extend({ reason: optionalText(REASON_MAX) });
/** start-manual (a form): how the office will pay outside the provider, and the details it needs. */
const startManualInput = paymentIdInput.extend({
  method: choice(manualMethods).meta({ title: 'Method' }),
  details: optionalText(REASON_MAX).meta({ title: 'Details' }),
});
/** manual-start (a form): the manual payment as sent: its cheque or wire number and the day it went out. */
const manualStartInput = paymentIdInput.extend({
  reference: text(40).meta({ title: 'Cheque or wire number' }),
  sentOn: date.meta({ title: 'Sent on' }),
});

/** What every step answers: the payment as it now stands (the list updates its row and buttons from it). */
const paymentReply = z.object({
  paymentId: z.number().int(),
  appraisalId: z.number().int(),
  state: z.enum(paymentStates),
  stateLabel: z.string(),
  /** Dollars as an exact decimal ("22400.00"); `amountCents` the same in cents. */
  amount: z.string(),
  amountCents: z.number().int(),
  providerStatus: z.enum(providerStatuses).nullable(),
});
export type PaymentReply = z.output<typeof paymentReply>;

export const createPayment = defineContract({
  path: 'payments/create',
  input: createInput,
  output: paymentReply,
  idempotent: true,
});
export const approvePayment = defineContract({
  path: 'payments/approve',
  input: paymentIdInput,
  output: paymentReply,
  idempotent: true,
});
export const startPayment = defineContract({
  path: 'payments/start',
  input: paymentIdInput,
  output: paymentReply,
  idempotent: true,
});
export const changePayment = defineContract({
  path: 'payments/change-payment',
  input: changeInput,
  output: paymentReply,
  idempotent: true,
});
export const voidPayment = defineContract({
  path: 'payments/void',
  input: paymentIdInput,
  output: paymentReply,
  idempotent: true,
});
export const startManualPayment = defineContract({
  path: 'payments/start-manual',
  input: startManualInput,
  output: paymentReply,
  idempotent: true,
});
export const manualStartPayment = defineContract({
  path: 'payments/manual-start',
  input: manualStartInput,
  output: paymentReply,
  idempotent: true,
});
export const cancelPayment = defineContract({
  path: 'payments/cancel-payment',
  input: cancelInput,
  output: paymentReply,
  idempotent: true,
});
export const checkPaymentStatus = defineContract({
  path: 'payments/check-status',
  input: paymentIdInput,
  output: paymentReply,
  idempotent: true,
});

const paymentFilters = {
  /** Part of the payee's name, email or phone, the VIN (often its last six) or the vehicle. */
  query: optionalText(60).meta({ title: 'Search' }),
  locationId: optionalId,
  state: optionalChoice(paymentStates).meta({ title: 'State' }),
  appraisalId: optionalId.meta({ title: 'Appraisal' }),
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

export const paymentColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Requested', sortable: true, format: 'datetime' },
  { key: 'payeeName', label: 'Seller', sortable: true },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'amount', label: 'Amount', sortable: true },
  { key: 'stateLabel', label: 'State' },
  { key: 'locationName', label: 'Location' },
  { key: 'updatedAt', label: 'Last step', sortable: true, format: 'datetime' },
];

const paymentRow = z.object({
  paymentId: z.number().int(),
  appraisalId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  state: z.enum(paymentStates),
  stateLabel: z.string(),
  payeeName: z.string(),
  payeeEmail: z.string(),
  payeePhone: z.string(),
  vehicle: z.string(),
  vin: z.string(),
  amount: z.string(),
  amountCents: z.number().int(),
  offerCents: z.number().int(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  /** The last send went unanswered: the seller may have been paid, so it is sent again before anything else. */
  sendUnanswered: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentRow = z.output<typeof paymentRow>;

/** Payments within reach, newest request first (seed 001 does not show the reply: `paymentCount`, the rows and `html`). */
export const loadPayments = listContract({
  path: 'payments/load-payments',
  filters: paymentFilters,
  row: paymentRow,
  countKey: 'paymentCount',
});

const paymentEvent = z.object({
  eventId: z.number().int(),
  action: z.enum(['create', 'provider-failed', ...paymentCommands]),
  actionLabel: z.string(),
  fromState: z.enum(paymentStates).nullable(),
  toState: z.enum(paymentStates),
  toStateLabel: z.string(),
  amountCents: z.number().int(),
  userName: z.string().nullable(),
  note: z.string(),
  providerStatus: z.enum(providerStatuses).nullable(),
  at: z.string(),
});
export type PaymentEvent = z.output<typeof paymentEvent>;

/** The payment status view: the payment, its timeline, and what the provider holds for it. */
export const loadPayment = defineContract({
  path: 'payments/load-payment',
  input: paymentIdInput,
  output: z.object({
    payment: paymentRow.extend({
      revision: z.number().int(),
      providerReference: z.string().nullable(),
      providerStatus: z.enum(providerStatuses).nullable(),
      providerCheckedAt: z.string().nullable(),
      manualMethod: z.enum(manualMethods).nullable(),
      manualDetails: z.string(),
      manualReference: z.string().nullable(),
      manualSentOn: z.string().nullable(),
      approvedByName: z.string().nullable(),
    }),
    events: z.array(paymentEvent),
    /** The local driver's record of the current payout (what it would have sent); none with another driver or before sending. */
    payout: z
      .object({
        reference: z.string(),
        idempotencyKey: z.string(),
        payeeName: z.string(),
        payeeEmail: z.string(),
        payeePhone: z.string(),
        amountCents: z.number().int(),
        memo: z.string(),
        status: z.enum(providerStatuses),
        checks: z.number().int(),
      })
      .nullable(),
  }),
});

const APPRAISAL_OPTIONS_MAX = 20;

/** Appraisals a payment may be requested for, as the request's picker offers them: within reach, by customer, VIN or vehicle. */
export const appraisalOptions = defineContract({
  path: 'payments/appraisal-options',
  input: z.object({
    search: optionalText(60),
    ids: list(id, APPRAISAL_OPTIONS_MAX),
    limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(1, APPRAISAL_OPTIONS_MAX).optional()),
  }),
  output: z.object({
    appraisals: z.array(
      z.object({
        appraisalId: z.number().int(),
        customerName: z.string(),
        vehicle: z.string(),
        vin: z.string(),
        offerCents: z.number().int(),
        locationName: z.string(),
        status: z.string(),
        paymentId: z.number().int().nullable(),
      }),
    ),
  }),
});

/** The appraisal statuses a payment may be requested from: the customer took the offer, or the car is bought. */
export const PAYABLE_APPRAISAL_STATUSES = ['accepted', 'purchased'] as const;
