/**
 * The shortcuts editor and deploys (seed 001: messenger/deploy and redeploy, with a confirm dialog;
 * the rest designed in docs/messenger.md, "Deploying a store's messenger"). Staff edit draft
 * shortcuts (flag `messenger`: a draft reaches no customer); a deploy publishes a store's drafts,
 * filled with its details, as its next numbered version (flag `messengerDeploy`, the catalogue's flag
 * for it), and a redeploy publishes the live version again with the details refilled.
 */
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, labelOf } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import type { ActionContext } from '../../server/platform/actions';
import type { Db } from '../../server/db/client';
import { locationRecords, locations } from '../locations/locations.db';
import { fillShortcodes, shortcodesOf, unknownShortcodes } from '../locations/locations.api';
import { userName, users } from '../users/users.db';
import { deploymentRecords, deployments, shortcutRecords, shortcuts } from './messenger.db';
import {
  addShortcut,
  deleteShortcut,
  deploy,
  deployKindLabels,
  deploymentColumns,
  deployStateLabels,
  loadDeployment,
  loadDeployments,
  loadDeployStatus,
  loadShortcuts,
  MAX_SHORTCUTS,
  redeploy,
  saveShortcut,
  type DeployKind,
  type DeploymentOut,
  type DeployState,
} from './messenger.contract';
import {
  draftsDiffer,
  draftsOf,
  latestDeployment,
  latestDeployments,
  publish,
  refill,
  samePublication,
  storeShortcuts,
} from './shortcuts';

type Location = typeof locations.$inferSelect;

/* ---------------------------------------------------------------- drafts */

defineAction({
  contract: loadShortcuts,
  summary:
    "The draft shortcuts of the group, or those a store would deploy (its own and the group's it has none of), with a preview filled for the store.",
  permission: 'messenger',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    const { locationId } = ctx.input;
    if (!locationId) {
      const rows = await ctx.db
        .select()
        .from(shortcuts)
        .where(isNull(shortcuts.locationId))
        .orderBy(asc(shortcuts.shortcut));
      return {
        shortcuts: rows.map((r) => ({
          shortcutId: r.id,
          locationId: null,
          shortcut: r.shortcut,
          message: r.message,
          keywords: r.keywords,
          inherited: false,
          preview: r.message,
        })),
      };
    }
    const location = await loadRecord(ctx, locationRecords, locationId);
    const codes = shortcodesOf(location);
    return {
      shortcuts: (await storeShortcuts(ctx.db, locationId)).map((r) => ({
        shortcutId: r.id,
        locationId: r.locationId,
        shortcut: r.shortcut,
        message: r.message,
        keywords: r.keywords,
        inherited: r.inherited,
        preview: fillShortcodes(r.message, codes),
      })),
    };
  },
});

/** Whose shortcuts a change is to: a store (its name says so in sentences) or the group. */
async function scopeOf(ctx: Pick<ActionContext<unknown>, 'db' | 'user'>, locationId: number | null) {
  if (locationId === null) {
    // The group's shortcuts are every store's drafts: only someone who reaches every store changes them.
    if (ctx.user.reach !== 'group') throw AppError.forbidden("Only a group-wide user changes the group's shortcuts.");
    return { locationId: null, name: 'The group', where: isNull(shortcuts.locationId) };
  }
  const location = await loadRecord(ctx, locationRecords, locationId);
  return { locationId, name: location.name, where: eq(shortcuts.locationId, locationId) };
}
type Scope = Awaited<ReturnType<typeof scopeOf>>;

/**
 * Refuses what customers would get wrong once deployed: a shortcode no store has a value for (it would
 * go out as typed), a name the scope has, and a keyword another of the store's shortcuts answers.
 */
async function checkShortcut(
  db: Db,
  scope: Scope,
  values: { shortcut: string; message: string; keywords: string[] },
  self?: number,
) {
  const [unknown] = unknownShortcodes(values.message);
  if (unknown) throw AppError.invalid(`Message names ${unknown}, which is not a shortcode.`, ['message']);
  const others = and(scope.where, self === undefined ? undefined : ne(shortcuts.id, self));
  const [taken] = await db
    .select({ id: shortcuts.id })
    .from(shortcuts)
    .where(and(others, sql`lower(${shortcuts.shortcut}) = ${values.shortcut.toLowerCase()}`));
  if (taken) throw AppError.conflict(`${scope.name} already has a shortcut named ${values.shortcut}.`, ['shortcut']);
  // What the store's autopilot would choose from beside this one: a group default of the same name gives way to it.
  const beside =
    scope.locationId === null
      ? await db.select().from(shortcuts).where(others)
      : (await storeShortcuts(db, scope.locationId)).filter(
          (s) => s.id !== self && s.shortcut.toLowerCase() !== values.shortcut.toLowerCase(),
        );
  for (const word of values.keywords) {
    const clash = beside.find((s) => s.keywords.some((k) => k.toLowerCase() === word.toLowerCase()));
    if (clash)
      throw AppError.conflict(`Keyword ${word} already answers with the ${clash.shortcut} shortcut.`, ['keywords']);
  }
  const lower = [...new Set(values.keywords.map((k) => k.toLowerCase()))];
  return { shortcut: values.shortcut, message: values.message, keywords: lower };
}

defineAction({
  contract: addShortcut,
  summary:
    "Adds a draft shortcut to a store, or to the group (every store without one of its name); customers get it at the store's next deploy.",
  permission: 'messenger',
  reach: {},
  async handler(ctx) {
    const scope = await scopeOf(ctx, ctx.input.locationId ?? null);
    const values = await checkShortcut(ctx.db, scope, ctx.input);
    const [{ n }] = await ctx.db.select({ n: count() }).from(shortcuts).where(scope.where);
    if (n >= MAX_SHORTCUTS)
      throw AppError.conflict(`${scope.name} has ${MAX_SHORTCUTS} shortcuts, the most allowed: delete one first.`);
    const row = await refusingDuplicate(
      () => insertRecord(ctx, shortcutRecords, { locationId: scope.locationId, ...values }),
      () => AppError.conflict(`${scope.name} already has a shortcut named ${values.shortcut}.`, ['shortcut']),
    );
    return { shortcutId: row.id };
  },
});

defineAction({
  contract: saveShortcut,
  summary: "Changes a draft shortcut's name, message or keywords; customers get the change at the store's next deploy.",
  permission: 'messenger',
  reach: { shortcutId: shortcutRecords },
  async handler(ctx) {
    const before = await loadRecord(ctx, shortcutRecords, ctx.input.shortcutId);
    const scope = await scopeOf(ctx, before.locationId);
    const values = await checkShortcut(ctx.db, scope, ctx.input, before.id);
    await refusingDuplicate(
      () => updateRecord(ctx, shortcutRecords, before.id, values),
      () => AppError.conflict(`${scope.name} already has a shortcut named ${values.shortcut}.`, ['shortcut']),
    );
    return { shortcutId: before.id };
  },
});

defineAction({
  contract: deleteShortcut,
  summary: "Deletes a draft shortcut; it stays in the versions already deployed until the store's next deploy.",
  permission: 'messenger',
  reach: { shortcutId: shortcutRecords },
  async handler(ctx) {
    const before = await loadRecord(ctx, shortcutRecords, ctx.input.shortcutId);
    await scopeOf(ctx, before.locationId);
    await deleteRecord(ctx, shortcutRecords, before.id);
    return { shortcutId: before.id };
  },
});

/* ---------------------------------------------------------------- where each store stands */

type Deployment = typeof deployments.$inferSelect;

/** The names of those who deployed the live versions, by user id: one query for every store. */
async function deployerNames(db: Db, latest: Map<number, Deployment>) {
  const deployers = [
    ...new Set([...latest.values()].map((d) => d.deployedBy).filter((id): id is number => id !== null)),
  ];
  return new Map(
    deployers.length === 0
      ? []
      : (await db.select({ id: users.id, name: userName }).from(users).where(inArray(users.id, deployers))).map((u) => [
          u.id,
          u.name,
        ]),
  );
}

/**
 * Where one store stands: never deployed, drafts changed since its live version, its details changed
 * since (a redeploy refills them), or live as drafted.
 */
function storeStatus(
  store: Location,
  draft: (typeof shortcuts.$inferSelect)[],
  live: Deployment | undefined,
  names: Map<number, string | null>,
) {
  const draftChanged = !live || draftsDiffer(live.shortcuts, draft);
  const detailsChanged = !!live && !samePublication(live.shortcuts, refill(store, live.shortcuts));
  const state: DeployState = !live ? 'never' : draftChanged ? 'draft' : detailsChanged ? 'details' : 'live';
  return {
    locationId: store.id,
    locationName: store.name,
    locationCode: store.code,
    draftCount: draft.length,
    version: live?.version ?? null,
    deployedAt: live?.deployedAt.toISOString() ?? null,
    deployedBy: (live?.deployedBy && names.get(live.deployedBy)) || null,
    liveCount: live?.shortcuts.length ?? 0,
    draftChanged,
    detailsChanged,
    state,
    stateLabel: deployStateLabels[state],
  };
}

defineAction({
  contract: loadDeployStatus,
  summary: 'Each store within reach: its live version, and whether its drafts or its details changed since.',
  permission: 'messenger',
  reach: 'query',
  readOnly: true,
  async handler(ctx) {
    const stores = await ctx.db
      .select()
      .from(locations)
      .where(withinReach(ctx.user.reach, locations.id))
      .orderBy(asc(locations.name), asc(locations.id));
    const ids = stores.map((s) => s.id);
    const [drafts, latest] = await Promise.all([draftsOf(ctx.db, ids), latestDeployments(ctx.db, ids)]);
    const names = await deployerNames(ctx.db, latest);
    return {
      stores: stores.map((store) => storeStatus(store, drafts.get(store.id) ?? [], latest.get(store.id), names)),
    };
  },
});

/* ---------------------------------------------------------------- deploy and redeploy */

/**
 * Publishes one store's messenger as its next version. The store's row is locked first: two deploys of
 * a store (or a deploy and an edit of its details) take their turns, and each reads what the other
 * wrote. The lock is the weaker one a row update takes, so texts recorded for the store meanwhile
 * (whose foreign key reads the row) do not wait.
 */
async function deployStore(ctx: ActionContext<unknown>, locationId: number, kind: DeployKind): Promise<DeploymentOut> {
  const [location] = await ctx.db.select().from(locations).where(eq(locations.id, locationId)).for('no key update');
  if (!location) throw AppError.notFound('That location does not exist.');
  const live = await latestDeployment(ctx.db, locationId);
  const published =
    kind === 'deploy'
      ? await fromDrafts(ctx.db, location)
      : refill(location, live ? live.shortcuts : neverDeployed(location));
  if (live && samePublication(live.shortcuts, published)) {
    throw AppError.conflict(
      `${location.name} is up to date: version ${live.version} is live and nothing has changed since.`,
    );
  }
  const row = await insertRecord(ctx, deploymentRecords, {
    locationId,
    version: (live?.version ?? 0) + 1,
    kind,
    shortcuts: published,
    deployedBy: ctx.user.id,
  });
  return {
    deploymentId: row.id,
    locationId,
    locationName: location.name,
    version: row.version,
    kind,
    shortcutCount: published.length,
    deployedAt: row.deployedAt.toISOString(),
    deployedBy: `${ctx.user.firstName} ${ctx.user.lastName}`,
  };
}

async function fromDrafts(db: Db, location: Location) {
  const drafts = await storeShortcuts(db, location.id);
  if (drafts.length === 0) throw AppError.conflict(`${location.name} has no shortcuts to deploy: add one first.`);
  return publish(location, drafts);
}

function neverDeployed(location: Location): never {
  throw AppError.conflict(`${location.name} has never been deployed: deploy it first.`);
}

/** The stores a deploy names, each once, in id order (the order their rows are locked in: no deadlock). */
const storesNamed = (input: { locationId?: number; locationIds?: number[] }) =>
  [...new Set([...(input.locationId ? [input.locationId] : []), ...(input.locationIds ?? [])])].sort((a, b) => a - b);

for (const [contract, kind] of [
  [deploy, 'deploy'],
  [redeploy, 'redeploy'],
] as const) {
  defineAction({
    contract,
    summary:
      kind === 'deploy'
        ? "Publishes the stores' draft shortcuts, filled with their details, as each store's next version: what autopilot and the shortcut menu answer with from then on."
        : "Publishes each store's live version again with its shortcodes filled from the store's details now (after its name, phone, address or hours changed), without the drafts.",
    permission: 'messengerDeploy',
    reach: { locationIds: locationRecords },
    async handler(ctx) {
      const deployed: DeploymentOut[] = [];
      // One transaction: every store named is deployed, or (one refused) none.
      for (const locationId of storesNamed(ctx.input)) deployed.push(await deployStore(ctx, locationId, kind));
      return { deployments: deployed };
    },
  });
}

/* ---------------------------------------------------------------- history */

const shortcutCount = sql<number>`jsonb_array_length(${deployments.shortcuts})`;

defineListAction({
  contract: loadDeployments,
  summary: 'Deploys and redeploys, the newest first, within reach: the version, who and how many shortcuts.',
  permission: 'messenger',
  reach: deployments.locationId,
  columns: deploymentColumns,
  sorts: { deployedAt: deployments.deployedAt },
  defaultSort: 'deployedAt',
  defaultDir: 'desc',
  id: { key: 'deploymentId', column: deployments.id },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: 'location', filters: { locationId: s.locationId } },
  ],
  filters: { locationId: equals(deployments.locationId) },
  query: ({ db }) => ({
    select: db
      .select({
        deploymentId: deployments.id,
        locationId: deployments.locationId,
        locationName: locations.name,
        version: deployments.version,
        kind: deployments.kind,
        kindLabel: labelOf(deployments.kind, deployKindLabels).as('kind_label'),
        shortcutCount: shortcutCount.as('shortcut_count'),
        deployedAt: deployments.deployedAt,
        deployedBy: userName.as('deployed_by_name'),
      })
      .from(deployments)
      .innerJoin(locations, eq(locations.id, deployments.locationId))
      .leftJoin(users, eq(users.id, deployments.deployedBy))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadDeployment,
  summary: 'One deployment with the shortcuts it published, as customers got them.',
  permission: 'messenger',
  reach: { deploymentId: deploymentRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, deploymentRecords, ctx.input.deploymentId);
    const [{ locationName, deployedBy }] = await ctx.db
      .select({ locationName: locations.name, deployedBy: userName })
      .from(locations)
      .leftJoin(users, eq(users.id, row.deployedBy ?? 0))
      .where(eq(locations.id, row.locationId));
    return {
      deployment: {
        deploymentId: row.id,
        locationId: row.locationId,
        locationName,
        version: row.version,
        kind: row.kind,
        shortcutCount: row.shortcuts.length,
        deployedAt: row.deployedAt.toISOString(),
        deployedBy,
        shortcuts: row.shortcuts.map(({ shortcut, message, keywords }) => ({ shortcut, message, keywords })),
      },
    };
  },
});
