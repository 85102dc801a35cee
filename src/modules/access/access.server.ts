import { sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { contains, defineListAction } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, refuseTaken, updateRecord } from '../../server/platform/records';
import { refuseUngrantableFlags } from '../../server/platform/grants';
import { holderCount, namedHolders } from '../../server/platform/holders';
import { jobCodeFlags } from '../../shared/permissions';
import { jobCodeRecords, jobCodes } from './access.db';
import {
  accessColumns,
  addAccess,
  deleteAccess,
  editAccess,
  HOLDERS_NAMED,
  jobCodeOptions,
  loadAccess,
  loadAccessList,
  loadHolders,
  type AccessInput,
} from './access.contract';

// Qualified by hand: Drizzle leaves columns unqualified in one-table selects, which would bind inside the subquery.
const userCount = sql<number>`(select count(*)::int from users u where u.job_code = job_codes.job_code)`;
const flagsOf = (input: AccessInput) => jobCodeFlags.filter((f) => input[f]);

defineListAction({
  contract: loadAccessList,
  summary: 'Job codes and the access each grants.',
  permission: 'accessAdmin',
  reach: 'group',
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'search', filters: { query: 'man' } },
  ],
  columns: accessColumns,
  sorts: { jobCode: jobCodes.jobCode, longName: jobCodes.longName },
  defaultSort: 'jobCode',
  id: { key: 'jobCode', column: jobCodes.jobCode },
  filters: { query: contains(jobCodes.jobCode, jobCodes.longName) },
  query: ({ db }) => ({
    select: db
      .select({
        jobCode: jobCodes.jobCode,
        longName: jobCodes.longName,
        flags: jobCodes.flags,
        userCount: userCount.as('user_count'),
      })
      .from(jobCodes)
      .$dynamic(),
  }),
});

defineAction({
  contract: loadAccess,
  summary: 'One job code with its flags.',
  permission: 'accessAdmin',
  reach: 'group',
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, jobCodeRecords, ctx.input.jobCode);
    const holders = await holderCount(ctx.db, row.jobCode);
    return {
      jobCode: {
        jobCode: row.jobCode,
        longName: row.longName,
        userCount: holders,
        flags: jobCodeFlags.filter((f) => row.flags.includes(f)),
      },
    };
  },
});

defineAction({
  contract: addAccess,
  summary: 'Adds a job code with its flags.',
  permission: 'accessAdmin',
  reach: 'group',
  async handler(ctx) {
    const { input, user } = ctx;
    await refuseTaken(ctx.db, jobCodes.jobCode, input.jobCode, `Job code ${input.jobCode} already exists.`, 'jobCode');
    const flags = flagsOf(input);
    refuseUngrantableFlags(user, [], flags);
    await insertRecord(ctx, jobCodeRecords, { jobCode: input.jobCode, longName: input.longName, flags });
    return { jobCode: input.jobCode };
  },
});

defineAction({
  contract: editAccess,
  summary: "Saves a job code's name and flags; everyone holding it gets the change at their next call.",
  permission: 'accessAdmin',
  reach: 'group',
  async handler(ctx) {
    const { input, user } = ctx;
    const before = await loadRecord(ctx, jobCodeRecords, input.jobCode);
    const flags = flagsOf(input);
    refuseUngrantableFlags(user, before.flags, flags);
    await updateRecord(ctx, jobCodeRecords, input.jobCode, { longName: input.longName, flags });
    return { jobCode: input.jobCode };
  },
});

defineAction({
  contract: loadHolders,
  summary: 'Who holds a job code (asked before deleting it): how many in all, and the first few by name within reach.',
  permission: 'accessAdmin',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const [holders, named] = await Promise.all([
      holderCount(db, input.jobCode),
      namedHolders(db, input.jobCode, user.reach, HOLDERS_NAMED),
    ]);
    return { holderCount: holders, holders: named };
  },
});

defineAction({
  contract: deleteAccess,
  summary: 'Deletes a job code that no user holds.',
  permission: 'accessAdmin',
  reach: 'group',
  async handler(ctx) {
    const { input } = ctx;
    const holders = await holderCount(ctx.db, input.jobCode);
    if (holders > 0) {
      throw AppError.conflict(
        `${holders} user${holders === 1 ? ' holds' : 's hold'} job code ${input.jobCode}; give them another job code first.`,
      );
    }
    await deleteRecord(ctx, jobCodeRecords, input.jobCode);
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
    return {
      jobCodes: await db
        .select({ jobCode: jobCodes.jobCode, longName: jobCodes.longName })
        .from(jobCodes)
        .orderBy(jobCodes.jobCode),
    };
  },
});
