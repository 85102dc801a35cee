import { and, count } from 'drizzle-orm';
import type { FigureSource } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { DEFAULT_TIME_ZONE, dayIn, zoneOf } from '../../server/platform/days';
import { appointments } from './service.db';
import { scheduledOn } from './service.server';

export const serviceFigures: FigureSource[] = [
  {
    key: 'appointmentsToday',
    access: 'serviceManager',
    // Today on the group's clock, as the list reads a day with no store chosen: both count the same appointments.
    async count({ db, reach, now }) {
      const day = dayIn(DEFAULT_TIME_ZONE, now);
      const [{ n }] = await db
        .select({ n: count() })
        .from(appointments)
        .where(and(...scheduledOn(day, zoneOf(undefined)), withinReach(reach, appointments.locationId)));
      return {
        label: 'Appointments today',
        value: n,
        href: `/reports/service-appointments/?scheduledOn=${day}&sort=scheduledAt&dir=asc`,
      };
    },
  },
];
