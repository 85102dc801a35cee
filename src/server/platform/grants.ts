import { allFlags, flagLabels, flagsBeyond, mayGiveRegion, reachesBeyond, type Flag } from '../../shared/permissions';
import { AppError } from './errors';
import type { SessionUser } from './session';

/**
 * Who may give what (docs/security.md, "Self-promotion"): a user grants or removes only the
 * permissions and regions they hold themselves, and acts on another user only when that user has
 * nothing they lack. Every action that changes someone's access (users, job codes) goes through here.
 */

const labels = (flags: readonly Flag[]) => flags.map((f) => flagLabels[f]).join(', ');

/** Refuses a change from `before` to `after` that touches a flag the actor does not hold. */
export function refuseUngrantableFlags(actor: SessionUser, before: readonly string[], after: readonly string[]) {
  const changed = flagsBeyond(
    actor,
    allFlags.filter((f) => before.includes(f) !== after.includes(f)),
  );
  if (changed.length) {
    throw AppError.forbidden(
      `You can grant or remove only permissions you hold yourself; you do not hold ${labels(changed)}.`,
    );
  }
}

/** Refuses a change of regions (or of the group-wide mark) beyond the actor's own reach. */
export function refuseUngrantableReach(
  actor: SessionUser,
  before: { regions: readonly string[]; groupWide: boolean },
  after: { regions: readonly string[]; groupWide: boolean },
) {
  if (actor.groupWide) return;
  if (before.groupWide !== after.groupWide)
    throw AppError.forbidden('Only a group-wide user can mark a user group-wide or remove the mark.');
  const changed = [...new Set([...before.regions, ...after.regions])].filter(
    (r) => before.regions.includes(r) !== after.regions.includes(r),
  );
  const outside = changed.filter((r) => !mayGiveRegion(actor, r));
  if (outside.length)
    throw AppError.forbidden(
      `You can give or take away only regions of your own; ${outside.join(', ')} is not one of yours.`,
    );
}

/**
 * Refuses acting on another user (saving, locking, unlocking, resetting two-factor, setting a
 * password) who holds a permission the actor lacks (their own flags or their job code's) or reaches
 * further than the actor: otherwise a user admin could take over an account stronger than their own.
 */
export function refuseUnmanageableUser(
  actor: SessionUser,
  target: { userId: number; name: string; flags: readonly Flag[]; regions: readonly string[]; groupWide: boolean },
) {
  if (target.userId === actor.id) return;
  const stronger = flagsBeyond(actor, target.flags);
  if (stronger.length) {
    throw AppError.forbidden(
      `${target.name} holds permissions you do not (${labels(stronger)}); ask an administrator who holds them.`,
    );
  }
  if (reachesBeyond(actor, target)) {
    throw AppError.forbidden(`${target.name} reaches locations you do not; ask a group-wide administrator.`);
  }
}
