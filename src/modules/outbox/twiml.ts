/**
 * What a call's instructions (TwiML) do, in words: the Outbox shows "Says "Thanks for calling…" ·
 * Dials (505) 555-0142" rather than the XML, and never the webhook addresses inside it.
 */
import { formatPhone } from '../../shared/format';

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The numbers a <Dial> rings: its text, or each <Number> inside it. */
function dialled(inner: string): string {
  const numbers = [...inner.matchAll(/<Number[^>]*>([^<]*)<\/Number>/g)].map((m) => m[1]);
  const targets = numbers.length ? numbers : [inner.replace(/<[^>]+>/g, '')];
  return targets
    .map((n) => formatPhone(unescape(n.trim())))
    .filter(Boolean)
    .join(', ');
}

/** Each verb of the response in order, as a short phrase; an empty response does nothing. */
export function describeTwiml(xml: string): string {
  const body = /<Response>([\s\S]*)<\/Response>/.exec(xml)?.[1] ?? '';
  const phrases: string[] = [];
  for (const [, verb, attributes, inner = ''] of body.matchAll(/<(\w+)([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    switch (verb) {
      case 'Say':
        phrases.push(`Says "${unescape(inner)}"`);
        break;
      case 'Message':
        phrases.push(`Texts "${unescape(inner)}"`);
        break;
      case 'Play':
        phrases.push('Plays a recording');
        break;
      case 'Dial':
        phrases.push(`Dials ${dialled(inner)}`);
        break;
      case 'Record':
        phrases.push('Records a message');
        break;
      case 'Gather':
        phrases.push('Waits for a key press');
        break;
      case 'Pause':
        phrases.push(`Pauses ${/length="(\d+)"/.exec(attributes)?.[1] ?? '1'} s`);
        break;
      case 'Redirect':
        phrases.push('Asks what to do next');
        break;
      case 'Hangup':
        phrases.push('Hangs up');
        break;
      case 'Reject':
        phrases.push('Rejects the call');
        break;
      default:
        phrases.push(verb);
    }
  }
  return phrases.length ? phrases.join(' · ') : 'Does nothing';
}
