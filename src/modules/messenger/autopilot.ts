/**
 * Autopilot (docs/messenger.md): a contact with autopilot on gets an answer to their text without a
 * person typing it, from the store's deployed shortcuts. A shortcut whose keyword is a word of the
 * text answers it ("hours", "address"); otherwise the store's `autopilot` shortcut acknowledges it,
 * at most once in twelve hours. Answers
 * go through the send gate like any text, from the line the customer wrote to, as a job queued in the
 * webhook's transaction (the provider's webhook is not kept waiting).
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { defineJob, enqueue } from '../../server/jobs/jobs';
import { inboundTextListeners } from '../../server/outreach/inbound';
import { messages } from '../phones/phones.db';
import { sendText } from '../../server/outreach/send-gate';
import { contacts } from '../contacts/contacts.db';
import { liveShortcuts } from './shortcuts';
import { ACKNOWLEDGEMENT } from './messenger.contract';
import { lineById } from './lines';

const ACKNOWLEDGE_HOURS = 12;
/** At most this many automatic answers to one number in an hour: two robots never talk forever. */
const ANSWERS_PER_HOUR = 5;

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9']+/g) ?? []);

/** The shortcut that answers a text: the first whose keyword is one of its words, or the acknowledgement. */
function answerFor(body: string, shortcuts: { shortcut: string; message: string; keywords: string[] }[]) {
  const said = words(body);
  return shortcuts.find((s) => s.keywords.some((k) => said.has(k.toLowerCase()))) ?? null;
}

const autopilotAnswer = defineJob<{ messageId: number }>({
  kind: 'messenger.autopilot',
  async run({ db, services, payload }) {
    const [text] = await db.select().from(messages).where(eq(messages.id, payload.messageId));
    if (!text?.locationId || !text.phoneId) return;
    const [contact] = await db
      .select({ autopilot: contacts.autopilot })
      .from(contacts)
      .where(and(eq(contacts.locationId, text.locationId), eq(contacts.mobilePhone, text.from)));
    if (!contact?.autopilot) return;
    const line = await lineById(db, text.phoneId);
    if (!line?.active) return;
    const answered = (hours: number, body?: string) =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(
            eq(messages.to, text.from),
            eq(messages.locationId, text.locationId!),
            eq(messages.direction, 'outbound'),
            isNull(messages.userId),
            eq(messages.purpose, 'transactional'),
            gte(messages.createdAt, sql`now() - make_interval(hours => ${hours})`),
            body === undefined ? undefined : eq(messages.body, body),
          ),
        );
    const [{ count: lastHour }] = await answered(1);
    if (lastHour >= ANSWERS_PER_HOUR) return;
    // The store's deployed shortcuts, never its drafts: what a customer gets was published on purpose.
    const shortcuts = await liveShortcuts(db, text.locationId);
    let answer = answerFor(text.body, shortcuts);
    if (!answer) {
      const acknowledgement = shortcuts.find((s) => s.shortcut.toLowerCase() === ACKNOWLEDGEMENT);
      if (acknowledgement && (await answered(ACKNOWLEDGE_HOURS, acknowledgement.message))[0].count === 0)
        answer = acknowledgement;
    }
    if (!answer) return;
    await sendText(db, services, { to: text.from, body: answer.message, purpose: 'transactional', line });
  },
});

/** A text from a number the store does not know makes it a contact (source `text`), so staff can name it. */
inboundTextListeners.push(async (db, text) => {
  if (!text.locationId) return;
  await db
    .insert(contacts)
    .values({ locationId: text.locationId, mobilePhone: text.from, source: 'text' })
    .onConflictDoNothing();
  const [contact] = await db
    .select({ autopilot: contacts.autopilot })
    .from(contacts)
    .where(and(eq(contacts.locationId, text.locationId), eq(contacts.mobilePhone, text.from)));
  if (contact?.autopilot) await enqueue(db, autopilotAnswer, { messageId: text.messageId });
});
