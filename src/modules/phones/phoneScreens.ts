/**
 * What the phone screens share besides the contract: labels and colours for statuses, and the
 * options of their pickers (a call plan in words is in plan-summary.ts). Isomorphic, screens only.
 */
import {
  callDirections,
  callStatusLabels,
  callStatuses,
  isFinalCallStatus,
  isRequestedCall,
  phoneTypeLabels,
  phoneTypes,
  type CallStatus,
  type PhoneActionKind,
} from './phones.contract';
import { optionsOf } from '../../web/options/optionsOf';

export { callStatusLabels };

export const isLiveStatus = (status: CallStatus) => !isFinalCallStatus(status);

/**
 * Whether a call can be ended or transferred: it is live and the carrier has given it its id (a call
 * still being placed is known only by its requested id: docs/phones.md).
 */
export const isControllable = (call: { status: CallStatus; callSid: string }) =>
  isLiveStatus(call.status) && !isRequestedCall(call.callSid);

/** The address of a call's page, by the provider's id (CallPage.tsx). */
export const callHref = (callSid: string) => `/phones/calls/call?sid=${callSid}`;

export const callStatusColors: Record<CallStatus, string> = {
  queued: 'gray',
  initiated: 'blue',
  ringing: 'blue',
  'in-progress': 'green',
  completed: 'teal',
  busy: 'orange',
  failed: 'red',
  'no-answer': 'orange',
  canceled: 'gray',
};

export const phoneTypeOptions = optionsOf(phoneTypes, phoneTypeLabels);
export const callStatusOptions = optionsOf(callStatuses, callStatusLabels);
export const directionOptions = callDirections.map((d) => ({
  value: d,
  label: d === 'inbound' ? 'Inbound' : 'Outbound',
}));
export const activeOptions = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

export const phoneActionKindLabels: Record<PhoneActionKind, string> = {
  'ring-group': 'Ring group',
  forward: 'Forward',
  hours: 'Opening hours',
  voicemail: 'Voicemail',
};
