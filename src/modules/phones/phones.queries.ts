import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/platform/errors';
import { toE164 } from '../../server/platform/phone';
import { locations } from '../locations/locations.db';
import { phoneActions, phones } from './phones.db';
import { phoneTypeLabels, phoneTypes, type PhoneRecord } from './phones.contract';
import { formatPhone } from '../../shared/format';
import { planSummary } from './plan-summary';

/** A number from a form in E.164, or a 400 naming the field. */
export function e164(value: string, field: string, label: string): string {
  const number = toE164(value);
  if (!number) throw AppError.invalid(`${label} "${value}" is not a valid phone number.`, [field]);
  return number;
}

export async function phoneRecord(db: Db, phoneId: number): Promise<PhoneRecord> {
  const [[row], steps] = await Promise.all([
    db
      .select({ phone: phones, locationName: locations.name })
      .from(phones)
      .innerJoin(locations, eq(locations.id, phones.locationId))
      .where(eq(phones.id, phoneId)),
    db
      .select()
      .from(phoneActions)
      .where(eq(phoneActions.phoneId, phoneId))
      .orderBy(phoneActions.position, phoneActions.id),
  ]);
  if (!row) throw AppError.notFound('That phone does not exist; it may have been deleted.');
  const p = row.phone;
  return {
    phoneId: p.id,
    description: p.description,
    phoneNumber: p.phoneNumber,
    phoneNumberFormatted: formatPhone(p.phoneNumber),
    locationId: p.locationId,
    locationName: row.locationName,
    bridge: p.bridge,
    bridgeFormatted: formatPhone(p.bridge),
    phoneType: p.phoneType,
    directRing: p.directRing,
    sid: p.sid,
    messagingServiceSid: p.messagingServiceSid,
    bought: p.bought,
    outbound: p.outbound,
    active: p.active,
    autopilot: p.autopilot,
    squad: p.squad,
    actionCount: steps.length,
    planSummary: planSummary(p, steps),
  };
}

export async function findPhone(db: Db, phoneId: number) {
  const [row] = await db.select().from(phones).where(eq(phones.id, phoneId));
  if (!row) throw AppError.notFound('That phone does not exist; it may have been deleted.');
  return row;
}

/** "(505) 555-0100" in SQL, for list rows; other countries stay E.164. */
export const formattedPhoneSql = (column: AnyPgColumn) =>
  sql<string>`case when ${column} ~ '^\\+1[0-9]{10}$' then '(' || substr(${column}, 3, 3) || ') ' || substr(${column}, 6, 3) || '-' || substr(${column}, 9, 4) else ${column} end`;

export const phoneTypeLabelSql = sql<string>`case ${phones.phoneType} ${sql.join(
  phoneTypes.map((t) => sql`when ${t} then ${phoneTypeLabels[t]}`),
  sql` `,
)} else ${phones.phoneType} end`;

/** "4:05" or "1:02:03", the same as formatDuration. */
export const durationSql = (seconds: AnyPgColumn | SQL) => sql<string>`case when ${seconds} >= 3600
  then (${seconds} / 3600)::text || ':' || lpad(((${seconds} % 3600) / 60)::text, 2, '0') || ':' || lpad((${seconds} % 60)::text, 2, '0')
  else (${seconds} / 60)::text || ':' || lpad((${seconds} % 60)::text, 2, '0') end`;
