/**
 * What the phone screens share besides the contract: labels and colours for statuses, the options of
 * their pickers, and the one-line summary of a call-plan step. Isomorphic, screens only.
 */
import { formatDate, formatPhone } from '../../shared/format';
import {
  callDirections, callStatuses, isFinalCallStatus, phoneTypeLabels, phoneTypes, weekdays, type CallStatus, type OpeningHours, type PhoneActionFields, type PhoneActionKind, type Weekday,
} from './phones.contract';

export const isLiveStatus = (status: CallStatus) => !isFinalCallStatus(status);

export const callStatusLabels: Record<CallStatus, string> = {
  queued: 'Queued', initiated: 'Dialling', ringing: 'Ringing', 'in-progress': 'In progress', completed: 'Completed',
  busy: 'Busy', failed: 'Failed', 'no-answer': 'No answer', canceled: 'Canceled',
};
export const callStatusColors: Record<CallStatus, string> = {
  queued: 'gray', initiated: 'blue', ringing: 'blue', 'in-progress': 'green', completed: 'teal',
  busy: 'orange', failed: 'red', 'no-answer': 'orange', canceled: 'gray',
};

export const phoneTypeOptions = phoneTypes.map((t) => ({ value: t, label: phoneTypeLabels[t] }));
export const callStatusOptions = callStatuses.map((s) => ({ value: s, label: callStatusLabels[s] }));
export const directionOptions = callDirections.map((d) => ({ value: d, label: d === 'inbound' ? 'Inbound' : 'Outbound' }));
export const activeOptions = [{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }];

/** The last `days` days, today included, as YYYY-MM-DD on the user's calendar. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: formatDate(from), to: formatDate(today) };
}

export const phoneActionKindLabels: Record<PhoneActionKind, string> = {
  'ring-group': 'Ring group', forward: 'Forward', hours: 'Opening hours', voicemail: 'Voicemail',
};
export const weekdayLabels: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** "Mon–Fri 08:00–19:00, Sat 09:00–17:00": consecutive days with the same hours are joined. */
export function hoursSummary(hours: OpeningHours | null): string {
  if (!hours) return 'Closed every day';
  const runs: { first: Weekday; last: Weekday; span: string }[] = [];
  for (const day of weekdays) {
    const today = hours[day];
    if (!today) continue;
    const span = `${today[0]}–${today[1]}`;
    const previous = runs.at(-1);
    if (previous && previous.span === span && weekdays.indexOf(previous.last) === weekdays.indexOf(day) - 1) previous.last = day;
    else runs.push({ first: day, last: day, span });
  }
  if (runs.length === 0) return 'Closed every day';
  return runs.map((r) => `${weekdayLabels[r.first]}${r.first === r.last ? '' : `–${weekdayLabels[r.last]}`} ${r.span}`).join(', ');
}

export type PlanStepFields = PhoneActionFields;

/** What a step does, in a sentence; `userName` names ring-group members where the screen knows them. */
export function stepSummary(step: PlanStepFields, userName: (id: number) => string = (id) => `user #${id}`): string {
  switch (step.kind) {
    case 'ring-group': {
      const who = [...step.userIds.map(userName), ...step.targets.map(formatPhone)];
      return `Rings ${who.join(', ') || 'nobody'} for ${step.timeoutSeconds} s`;
    }
    case 'forward':
      return `Forwards to ${formatPhone(step.targets[0]) || 'nobody'} for ${step.timeoutSeconds} s`;
    case 'hours':
      return `Open ${hoursSummary(step.hours)}; outside them, skips to voicemail`;
    case 'voicemail':
      return step.greeting ? `Plays "${step.greeting}" and records a message` : 'Plays the default greeting and records a message';
  }
}
