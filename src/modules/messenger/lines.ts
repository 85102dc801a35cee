import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/platform/errors';
import { phones } from '../phones/phones.db';
import { locations } from '../locations/locations.db';
import type { Line } from '../../server/outreach/send-gate';

/** A line as the send gate takes it. */
const lineFields = {
  id: phones.id,
  phoneNumber: phones.phoneNumber,
  locationId: phones.locationId,
  messagingServiceSid: phones.messagingServiceSid,
  active: phones.active,
};

/** The line a store texts from: its outbound line, or else its first active line. */
export async function textingLine(db: Db, locationId: number): Promise<Line> {
  const [line] = await db
    .select(lineFields)
    .from(phones)
    .where(and(eq(phones.locationId, locationId), eq(phones.active, true)))
    .orderBy(desc(phones.outbound), asc(phones.id))
    .limit(1);
  if (line) return line;
  const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  throw AppError.conflict(
    `${location?.name ?? 'That location'} has no active line to text from; add one in the phone manager.`,
    ['locationId'],
  );
}

/** A line by id as the send gate takes it, or null when it was deleted. */
export async function lineById(db: Db, phoneId: number): Promise<Line | null> {
  const [line] = await db.select(lineFields).from(phones).where(eq(phones.id, phoneId));
  return line ?? null;
}
