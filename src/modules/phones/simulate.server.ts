/** The Outbox screen's simulations of what customers and carriers do (simulate.ts), for developers on the local driver. */
import { defineAction } from '../../server/platform/actions';
import { simulateCallStatus, simulateInboundCall, simulateInboundText } from './simulate';
import {
  simulateCallStatus as callStatusContract,
  simulateInboundCall as inboundCallContract,
  simulateInboundText as inboundTextContract,
} from './phones.contract';

defineAction({
  contract: inboundTextContract,
  summary:
    "Local driver only: a text arrives on one of our lines from a customer, as Twilio's webhook would deliver it (STOP, START and HELP included).",
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateInboundText(db, services, input),
});

defineAction({
  contract: inboundCallContract,
  summary:
    "Local driver only: a customer calls one of our lines; the line's phone actions answer. With durationSeconds the call also ends.",
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateInboundCall(db, services, input),
});

defineAction({
  contract: callStatusContract,
  summary: 'Local driver only: a live call moves on (answered, busy, completed...), as a carrier would report it.',
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateCallStatus(db, services, input),
});
