import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { containing } from '../../server/platform/search';
import { refuseUngrantableFlags } from '../../server/platform/grants';
import { jobCodeFlags } from '../../shared/permissions';
import { users } from '../users/users.db';
import { jobCodes } from './access.db';
import {
  accessColumns, addAccess, deleteAccess, editAccess, jobCodeOptions, loadAccess, loadAccessList, type AccessInput,
} from './access.contract';

// Qualified by hand: Drizzle leaves columns unqualified in one-table selects, which would bind inside the subquery.
const userCount = sql<number>`(select count(*)::int from users u where u.job_code = job_codes.job_code)`;
const flagsOf = (input: AccessInput) => jobCodeFlags.filter((f) => input[f]);

defineListAction({
  contract: loadAccessList,
  summary: 'Job codes and the access each grants.',
  permission: 'accessAdmin',
  reach: 'group',
  bench: () => [{ name: 'all', filters: {} }, { name: 'search', filters: { query: 'man' } }],
  columns: accessColumns,
  sorts: { jobCode: jobCodes.jobCode, longName: jobCodes.longName },
  defaultSort: 'jobCode',
  id: { key: 'jobCode', column: jobCodes.jobCode },
  query: ({ db, input }) => ({
    select: db.select({ jobCode: jobCodes.jobCode, longName: jobCodes.longName, flags: jobCodes.flags, userCount: userCount.as('user_count') })
      .from(jobCodes).$dynamic(),
    where: input.query
      ? or(ilike(jobCodes.jobCode, containing(input.query)), ilike(jobCodes.longName, containing(input.query)))
      : undefined,
  }),
});

defineAction({
  contract: loadAccess,
  summary: 'One job code with its flags.',
  permission: 'accessAdmin',
  reach: 'group',
  readOnly: true,
  async handler({ db, input }) {
    const [row] = await db.select({ jobCode: jobCodes.jobCode, longName: jobCodes.longName, flags: jobCodes.flags, userCount })
      .from(jobCodes).where(eq(jobCodes.jobCode, input.jobCode));
    if (!row) throw AppError.notFound(`There is no job code ${input.jobCode}.`);
    return { jobCode: { ...row, flags: jobCodeFlags.filter((f) => row.flags.includes(f)) } };
  },
});

defineAction({
  contract: addAccess,
  summary: 'Adds a job code with its flags.',
  permission: 'accessAdmin',
  reach: 'group',
  async handler({ db, input, user, audit }) {
    const [existing] = await db.select({ jobCode: jobCodes.jobCode }).from(jobCodes).where(eq(jobCodes.jobCode, input.jobCode));
    if (existing) throw AppError.conflict(`Job code ${input.jobCode} already exists.`, ['jobCode']);
    const row = { jobCode: input.jobCode, longName: input.longName, flags: flagsOf(input) };
    refuseUngrantableFlags(user, [], row.flags);
    await db.insert(jobCodes).values(row);
    audit({ recordType: 'jobCode', recordId: input.jobCode, after: row });
    return { jobCode: input.jobCode };
  },
});

defineAction({
  contract: editAccess,
  summary: 'Saves a job code\'s name and flags; everyone holding it gets the change at their next call.',
  permission: 'accessAdmin',
  reach: 'group',
  async handler({ db, input, user, audit }) {
    const [before] = await db.select().from(jobCodes).where(eq(jobCodes.jobCode, input.jobCode));
    if (!before) throw AppError.notFound(`There is no job code ${input.jobCode}.`);
    const after = { longName: input.longName, flags: flagsOf(input) };
    refuseUngrantableFlags(user, before.flags, after.flags);
    await db.update(jobCodes).set({ ...after, updatedAt: sql`now()` }).where(eq(jobCodes.jobCode, input.jobCode));
    audit({ recordType: 'jobCode', recordId: input.jobCode, before: { longName: before.longName, flags: before.flags }, after });
    return { jobCode: input.jobCode };
  },
});

defineAction({
  contract: deleteAccess,
  summary: 'Deletes a job code that no user holds.',
  permission: 'accessAdmin',
  reach: 'group',
  async handler({ db, input, audit }) {
    const [{ holders }] = await db.select({ holders: count() }).from(users).where(and(eq(users.jobCode, input.jobCode)));
    if (holders > 0) {
      throw AppError.conflict(`${holders} user${holders === 1 ? ' holds' : 's hold'} job code ${input.jobCode}; give them another job code first.`);
    }
    const [before] = await db.delete(jobCodes).where(eq(jobCodes.jobCode, input.jobCode)).returning();
    if (!before) throw AppError.notFound(`There is no job code ${input.jobCode}.`);
    audit({ recordType: 'jobCode', recordId: input.jobCode, before });
    return {};
  },
});

defineAction({
  contract: jobCodeOptions,
  summary: 'Every job code for pickers (the edit-user screen): code and name.',
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db }) {
    return { jobCodes: await db.select({ jobCode: jobCodes.jobCode, longName: jobCodes.longName }).from(jobCodes).orderBy(jobCodes.jobCode) };
  },
});
