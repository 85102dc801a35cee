/**
 * The command palette's search and the home page's figures: one action each, answering from what the
 * modules declare (`find`, `figures` in their module declarations), only for sources whose access
 * the caller holds, each kept within the caller's reach by the source itself.
 */
import { sql } from 'drizzle-orm';
import { allows } from '../../shared/permissions';
import { FIND_LIMIT, findRecords, todayFigures } from '../../shared/shell.contract';
import { runStatement } from '../db/statements';
import { defineAction } from './actions';
import { moduleRegistry } from './modules';

const sources = () => moduleRegistry.flatMap((m) => m.find ?? []);
const figureSources = () => moduleRegistry.flatMap((m) => m.figures ?? []);

defineAction({
  contract: findRecords,
  summary:
    'The command palette: records of each kind the caller may open, within reach, whose name, number or id holds the text.',
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  // As people type: a surname, part of a number, two letters.
  bench: () => [
    { name: 'a name', input: { query: 'garcia' }, p95Ms: 50 },
    { name: "a name, a region's user", input: { query: 'garcia' }, p95Ms: 50, regional: true },
    { name: 'part of a number', input: { query: '2650' }, p95Ms: 50 },
    { name: 'two letters', input: { query: 'ma' }, p95Ms: 50 },
  ],
  async handler({ db, input, user }) {
    const ctx = { db, reach: user.reach, now: new Date() };
    const term = input.query.toLowerCase();
    const allowed = sources().filter((s) => allows(user.flags, s.access));
    if (allowed.length === 0) return { groups: [] };
    // One statement for every source: a search is typed a letter at a time by many people at once,
    // and one round trip and one plan cost a quarter of four. It is prepared as a list's search is
    // (runStatement): parsed once per connection, planned for each term.
    const branches = allowed.map(
      (s, i) =>
        sql`(select ${sql.raw(String(i))} as source, row_number() over () as n, found from (${s.query(ctx, term, FIND_LIMIT)}) q)`,
    );
    const rows = await runStatement<{ source: number; found: unknown }>(
      db,
      sql`${sql.join(branches, sql` union all `)} order by source, n`,
    );
    const groups = allowed.map((s, i) => ({
      kind: s.kind,
      label: s.label,
      results: rows.filter((r) => r.source === i).map((r) => s.present(r.found)),
    }));
    return { groups: groups.filter((g) => g.results.length > 0) };
  },
});

defineAction({
  contract: todayFigures,
  summary:
    "The home page: today's figures for what the caller's flags cover, within reach, each with the list it counts.",
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  async handler({ db, user }) {
    const ctx = { db, reach: user.reach, now: new Date() };
    const allowed = figureSources().filter((f) => allows(user.flags, f.access));
    return { figures: await Promise.all(allowed.map(async (f) => ({ key: f.key, ...(await f.count(ctx)) }))) };
  },
});
