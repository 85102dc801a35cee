/**
 * A store's shortcuts as drafts and as deployed (docs/messenger.md, "Deploying a store's messenger").
 * Staff edit drafts; customers (autopilot) and the conversation's shortcut menu get only what a
 * deploy published, with the shortcodes filled from the store's details of that moment.
 */
import { asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { locations } from '../locations/locations.db';
import { fillShortcodes, shortcodesOf } from '../locations/locations.api';
import { deployments, shortcuts } from './messenger.db';
import type { DeployedShortcut } from './messenger.contract';

type Location = typeof locations.$inferSelect;
type Draft = typeof shortcuts.$inferSelect;

const byName = (a: { shortcut: string }, b: { shortcut: string }) =>
  a.shortcut.toLowerCase().localeCompare(b.shortcut.toLowerCase());

/** A store's draft shortcuts: its own, and the group's defaults it has none of the name of; by name. */
export async function storeShortcuts(db: Db, locationId: number): Promise<(Draft & { inherited: boolean })[]> {
  const rows = await db
    .select()
    .from(shortcuts)
    .where(or(eq(shortcuts.locationId, locationId), isNull(shortcuts.locationId)))
    .orderBy(asc(shortcuts.shortcut), sql`${shortcuts.locationId} nulls last`);
  return effective(rows);
}

/** Of a store's rows and the group's (in any order), the store's own where both have the name. */
function effective(rows: Draft[]): (Draft & { inherited: boolean })[] {
  const chosen = new Map<string, Draft>();
  for (const row of rows) {
    const name = row.shortcut.toLowerCase();
    const held = chosen.get(name);
    if (!held || (held.locationId === null && row.locationId !== null)) chosen.set(name, row);
  }
  return [...chosen.values()].sort(byName).map((r) => ({ ...r, inherited: r.locationId === null }));
}

/** The drafts of every store named (and the group's), each store's effective set. */
export async function draftsOf(db: Db, locationIds: number[]): Promise<Map<number, Draft[]>> {
  const rows =
    locationIds.length === 0
      ? []
      : await db
          .select()
          .from(shortcuts)
          .where(or(isNull(shortcuts.locationId), inArray(shortcuts.locationId, locationIds)));
  const group = rows.filter((r) => r.locationId === null);
  return new Map(locationIds.map((id) => [id, effective([...group, ...rows.filter((r) => r.locationId === id)])]));
}

/** Drafts as a deploy publishes them for this store: each message filled with its details now. */
export function publish(
  location: Location,
  drafts: Pick<Draft, 'shortcut' | 'message' | 'keywords'>[],
): DeployedShortcut[] {
  const codes = shortcodesOf(location);
  return [...drafts].sort(byName).map((d) => ({
    shortcut: d.shortcut,
    template: d.message,
    message: fillShortcodes(d.message, codes),
    keywords: d.keywords,
  }));
}

/** A deployment's shortcuts filled again with the store's details now (a redeploy), drafts untouched. */
export const refill = (location: Location, published: DeployedShortcut[]): DeployedShortcut[] =>
  publish(
    location,
    published.map((s) => ({ shortcut: s.shortcut, message: s.template, keywords: s.keywords })),
  );

const asWritten = (list: DeployedShortcut[]) =>
  JSON.stringify([...list].sort(byName).map((s) => [s.shortcut, s.template, s.keywords]));
/** Whether the drafts, as written, differ from what was deployed (the details aside). */
export const draftsDiffer = (
  published: DeployedShortcut[],
  drafts: Pick<Draft, 'shortcut' | 'message' | 'keywords'>[],
) =>
  asWritten(published) !==
  asWritten(drafts.map((d) => ({ shortcut: d.shortcut, template: d.message, message: '', keywords: d.keywords })));
/** Whether two publications would give customers the same answers (jsonb keeps no key order: compared field by field). */
const asPublished = (list: DeployedShortcut[]) =>
  JSON.stringify([...list].sort(byName).map((s) => [s.shortcut, s.template, s.message, s.keywords]));
export const samePublication = (a: DeployedShortcut[], b: DeployedShortcut[]) => asPublished(a) === asPublished(b);

/** A store's latest deployment, or none. */
export async function latestDeployment(db: Db, locationId: number) {
  const [row] = await db
    .select()
    .from(deployments)
    .where(eq(deployments.locationId, locationId))
    .orderBy(desc(deployments.version))
    .limit(1);
  return row;
}

/** The latest deployment of each store named (read from the (location, version) index). */
export async function latestDeployments(db: Db, locationIds: number[]) {
  if (locationIds.length === 0) return new Map<number, typeof deployments.$inferSelect>();
  const rows = await db
    .selectDistinctOn([deployments.locationId])
    .from(deployments)
    .where(inArray(deployments.locationId, locationIds))
    .orderBy(deployments.locationId, desc(deployments.version));
  return new Map(rows.map((r) => [r.locationId, r]));
}

/**
 * What customers get from a store: its latest deployment's shortcuts, filled as deployed. A store never
 * deployed has none: autopilot stays silent and the shortcut menu is empty until someone deploys it.
 */
export async function liveShortcuts(
  db: Db,
  locationId: number,
): Promise<Pick<DeployedShortcut, 'shortcut' | 'message' | 'keywords'>[]> {
  const latest = await latestDeployment(db, locationId);
  return (latest?.shortcuts ?? []).map(({ shortcut, message, keywords }) => ({ shortcut, message, keywords }));
}
