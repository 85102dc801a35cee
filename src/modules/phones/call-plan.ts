import { VoiceResponse } from '../../server/providers/telephony/twiml';
import { assertUnreachable } from '../../server/platform/errors';
import { weekdays, type OpeningHours, type PhoneActionFields, type Weekday } from './phones.contract';

/**
 * What a call to a line does, from its phone actions: the steps run in order; a ring group or a
 * forward rings and, unanswered after its timeout, moves on; an `hours` step outside its hours skips
 * ahead to the next voicemail; a voicemail records a message and ends the call. With `directRing`
 * the bridge rings at once; otherwise the bridge is the last step.
 */
export type PlanAction = PhoneActionFields;

export type PlanStep =
  | { kind: 'dial'; numbers: { number: string; userId?: number }[]; timeoutSeconds: number }
  | { kind: 'voicemail'; greeting: string }
  | { kind: 'hours'; hours: OpeningHours };

const BRIDGE_TIMEOUT = 30;

export function planSteps(
  line: { bridge: string; directRing: boolean },
  actions: PlanAction[],
  userPhones: Map<number, string>,
): PlanStep[] {
  const bridge: PlanStep[] = line.bridge
    ? [{ kind: 'dial', numbers: [{ number: line.bridge }], timeoutSeconds: BRIDGE_TIMEOUT }]
    : [];
  if (line.directRing && line.bridge) return bridge;
  const steps = actions.flatMap((action): PlanStep[] => {
    switch (action.kind) {
      case 'ring-group': {
        const numbers = [
          ...action.targets.map((number) => ({ number })),
          ...action.userIds.flatMap((userId) =>
            userPhones.get(userId) ? [{ number: userPhones.get(userId)!, userId }] : [],
          ),
        ];
        return numbers.length ? [{ kind: 'dial', numbers, timeoutSeconds: action.timeoutSeconds }] : [];
      }
      case 'forward':
        return action.targets[0]
          ? [{ kind: 'dial', numbers: [{ number: action.targets[0] }], timeoutSeconds: action.timeoutSeconds }]
          : [];
      case 'voicemail':
        return [{ kind: 'voicemail', greeting: action.greeting }];
      case 'hours':
        return action.hours ? [{ kind: 'hours', hours: action.hours }] : [];
      default:
        return assertUnreachable(action.kind);
    }
  });
  return [...steps, ...bridge];
}

/** Whether `now` falls within the opening hours, on the wall clock of the location. */
export function isOpen(hours: OpeningHours, now: Date, timeZone: string): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const day = parts
    .find((p) => p.type === 'weekday')!
    .value.slice(0, 3)
    .toLowerCase() as Weekday;
  const time = `${parts.find((p) => p.type === 'hour')!.value}:${parts.find((p) => p.type === 'minute')!.value}`;
  const today = weekdays.includes(day) ? hours[day] : null;
  return !!today && time >= today[0] && time < today[1];
}

export interface RenderContext {
  now: Date;
  timeZone: string;
  /** Who is called, for the spoken messages. */
  name: string;
  /** Where Twilio asks what to do after step `n` (`done` after a voicemail). */
  voiceUrl: (step: number | 'done') => string;
  /** Fetched on a ring-group member's leg when they answer: it records who took the call. */
  answeredUrl: (userId: number) => string;
  recordingUrl: string;
}

export type Outcome =
  | { kind: 'dial'; step: number; numbers: { number: string; userId?: number }[] }
  | { kind: 'voicemail'; step: number }
  | { kind: 'closed' }
  | { kind: 'unanswered' };

export function renderCall(steps: PlanStep[], from: number, ctx: RenderContext): { twiml: string; outcome: Outcome } {
  const response = new VoiceResponse();
  let i = from;
  while (i < steps.length) {
    const step = steps[i];
    switch (step.kind) {
      case 'hours': {
        if (isOpen(step.hours, ctx.now, ctx.timeZone)) {
          i += 1;
          break;
        }
        const voicemail = steps.findIndex((s, j) => j > i && s.kind === 'voicemail');
        if (voicemail === -1) {
          response.say(
            `Thank you for calling ${ctx.name}. We are closed right now; please call again during our opening hours.`,
          );
          response.hangup();
          return { twiml: response.toString(), outcome: { kind: 'closed' } };
        }
        i = voicemail;
        break;
      }
      case 'dial': {
        const dial = response.dial({ timeout: step.timeoutSeconds, action: ctx.voiceUrl(i + 1), method: 'POST' });
        for (const n of step.numbers) {
          if (n.userId) dial.number({ url: ctx.answeredUrl(n.userId), method: 'POST' }, n.number);
          else dial.number(n.number);
        }
        return { twiml: response.toString(), outcome: { kind: 'dial', step: i, numbers: step.numbers } };
      }
      case 'voicemail':
        response.say(step.greeting || `You have reached ${ctx.name}. Please leave a message after the tone.`);
        response.record({
          maxLength: 180,
          playBeep: true,
          action: ctx.voiceUrl('done'),
          method: 'POST',
          recordingStatusCallback: ctx.recordingUrl,
          recordingStatusCallbackMethod: 'POST',
        });
        response.hangup();
        return { twiml: response.toString(), outcome: { kind: 'voicemail', step: i } };
      default:
        return assertUnreachable(step);
    }
  }
  response.say(
    from === 0
      ? `Thank you for calling ${ctx.name}. No one can take your call right now; please call again later.`
      : 'Sorry, no one is available to take your call. Goodbye.',
  );
  response.hangup();
  return { twiml: response.toString(), outcome: { kind: 'unanswered' } };
}

export function hangupTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}
