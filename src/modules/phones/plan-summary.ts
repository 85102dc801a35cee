/**
 * A call plan in words: one sentence per step (the "What happens" column of the phone actions, and
 * the call-plan screen's steps) and one for a line's whole plan. The server's list and the screens
 * build them here, so they always read the same. Isomorphic: no server code.
 */
import { formatPhone } from '../../shared/format';
import { weekdays, type OpeningHours, type PhoneActionFields, type Weekday } from './phones.contract';

export const weekdayLabels: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** "Mon–Fri 08:00–19:00, Sat 09:00–17:00": consecutive days with the same hours are joined. */
export function hoursSummary(hours: OpeningHours | null): string {
  if (!hours) return 'Closed every day';
  const runs: { first: Weekday; last: Weekday; span: string }[] = [];
  for (const day of weekdays) {
    const today = hours[day];
    if (!today) continue;
    const span = `${today[0]}–${today[1]}`;
    const previous = runs.at(-1);
    if (previous && previous.span === span && weekdays.indexOf(previous.last) === weekdays.indexOf(day) - 1)
      previous.last = day;
    else runs.push({ first: day, last: day, span });
  }
  if (runs.length === 0) return 'Closed every day';
  return runs
    .map((r) => `${weekdayLabels[r.first]}${r.first === r.last ? '' : `–${weekdayLabels[r.last]}`} ${r.span}`)
    .join(', ');
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type PlanStepFields = PhoneActionFields;

/**
 * What one step does, in a sentence. `userName` names ring-group members where the caller knows
 * them (the server does); without it they are counted ("3 users").
 */
export function stepSummary(step: PlanStepFields, userName?: (id: number) => string): string {
  switch (step.kind) {
    case 'ring-group': {
      const numbers = step.targets.map(formatPhone);
      const who = userName
        ? [...step.userIds.map(userName), ...numbers]
        : [...(step.userIds.length ? [counted(step.userIds.length, 'user', 'users')] : []), ...numbers];
      return `Rings ${joinWords(who) || 'nobody'} for ${step.timeoutSeconds} s`;
    }
    case 'forward':
      return `Forwards to ${formatPhone(step.targets[0] ?? '') || 'nobody'} for ${step.timeoutSeconds} s`;
    case 'hours':
      return `Open ${hoursSummary(step.hours)}; outside them, skips to voicemail`;
    case 'voicemail':
      return step.greeting
        ? `Plays "${step.greeting}" and records a message`
        : 'Plays the default greeting and records a message';
  }
}

/** A step as a part of the plan's sentence: short, the members counted. */
function planPhrase(step: PlanStepFields): string {
  switch (step.kind) {
    case 'ring-group': {
      const who = [
        ...(step.userIds.length ? [counted(step.userIds.length, 'user', 'users')] : []),
        ...(step.targets.length === 1
          ? [formatPhone(step.targets[0])]
          : step.targets.length
            ? [counted(step.targets.length, 'number', 'numbers')]
            : []),
      ];
      return `rings ${joinWords(who) || 'nobody'} for ${step.timeoutSeconds} s`;
    }
    case 'forward':
      return `forwards to ${formatPhone(step.targets[0] ?? '') || 'nobody'}`;
    case 'voicemail':
      return 'voicemail';
    case 'hours':
      return '';
  }
}

/** The path a call takes through `steps`: ring after ring until a voicemail ends it, then the bridge. */
function pathPhrases(steps: PlanStepFields[], bridge: string): string[] {
  const phrases: string[] = [];
  for (const step of steps) {
    if (step.kind === 'hours') continue;
    phrases.push(planPhrase(step));
    if (step.kind === 'voicemail') return phrases;
  }
  phrases.push(bridge ? `rings the bridge ${formatPhone(bridge)}` : 'the caller hears that nobody is available');
  return phrases;
}

/**
 * What a call to a line does, in one sentence, e.g. "Rings 3 users for 20 s, then forwards to
 * (505) 555-0190, then voicemail; after hours: voicemail". It follows the call plan's rules: steps in
 * order, a voicemail ends the call, the bridge comes last; outside an hours step's hours the call
 * skips to the next voicemail, or hears that the store is closed.
 */
export function planSummary(line: { bridge: string; directRing: boolean }, steps: PlanStepFields[]): string {
  if (line.directRing && line.bridge)
    return `Rings the bridge ${formatPhone(line.bridge)} at once; the steps are skipped`;
  const open = pathPhrases(steps, line.bridge).join(', then ');
  const hoursAt = steps.findIndex((s) => s.kind === 'hours');
  if (hoursAt === -1) return capitalised(open);
  const closed = afterHoursPhrases(steps, hoursAt).join(', then ');
  return closed === open ? capitalised(open) : `${capitalised(open)}; after hours: ${closed}`;
}

/** Outside the first hours step's hours: the steps before it still run, then the next voicemail, or the closed message. */
function afterHoursPhrases(steps: PlanStepFields[], hoursAt: number): string[] {
  const phrases: string[] = [];
  for (const step of steps.slice(0, hoursAt)) {
    phrases.push(planPhrase(step));
    // A voicemail before the hours step ends every call there.
    if (step.kind === 'voicemail') return phrases;
  }
  const voicemail = steps.slice(hoursAt + 1).find((s) => s.kind === 'voicemail');
  return [...phrases, voicemail ? planPhrase(voicemail) : 'a closed message'];
}
