/**
 * The one catalogue of permission flags (seed 002, section 6).
 * Job-code flags can be granted to a job code or to a user; user flags only to a user.
 * A user's effective flags are their own OR their job code's.
 */
export const jobCodeFlags = [
  'userAdmin',
  'accessAdmin',
  'phoneAdmin',
  'phoneLookup',
  'stockNumberManager',
  'stockNumberAdmin',
  'stockNumberUserAdmin',
  'messenger',
  'messengerDeploy',
  'developer',
  'marketing',
  'marketingEditor',
  'marketingOfferEditor',
  'careerPathAdmin',
  'careerPathEditor',
  'emailBuilder',
  'serviceManager',
  'serviceAdvisor',
  'sales',
  'salesManager',
  'appraiser',
  'appraisalManager',
] as const;

export const userOnlyFlags = ['photographer', 'crmManager', 'crmAdmin', 'seoPlannerCreate'] as const;

export const allFlags = [...jobCodeFlags, ...userOnlyFlags] as const;

export type JobCodeFlag = (typeof jobCodeFlags)[number];
export type Flag = (typeof allFlags)[number];

/**
 * What an action needs: a flag, or one of the session stages.
 * `signedIn`: any fully signed-in user (their own profile, shared lookups).
 * `pending`: the password step is done and the code step is not (two-factor calls).
 * `public`: nobody needs to be signed in (the password step itself).
 */
export type Permission = Flag | 'signedIn' | 'pending' | 'public';

export const flagLabels: Record<Flag, string> = {
  userAdmin: 'User admin',
  accessAdmin: 'Access admin',
  phoneAdmin: 'Phone admin',
  phoneLookup: 'Phone lookup',
  stockNumberManager: 'Stock number manager',
  stockNumberAdmin: 'Stock number admin',
  stockNumberUserAdmin: 'Stock number user admin',
  messenger: 'Messenger',
  messengerDeploy: 'Messenger deploy',
  developer: 'Developer',
  marketing: 'Marketing',
  marketingEditor: 'Marketing editor',
  marketingOfferEditor: 'Marketing offer editor',
  careerPathAdmin: 'Career path admin',
  careerPathEditor: 'Career path editor',
  emailBuilder: 'Email builder',
  serviceManager: 'Service manager',
  serviceAdvisor: 'Service advisor',
  sales: 'Sales',
  salesManager: 'Sales manager',
  appraiser: 'Appraiser',
  appraisalManager: 'Appraisal manager',
  photographer: 'Photographer',
  crmManager: 'CRM manager',
  crmAdmin: 'CRM admin',
  seoPlannerCreate: 'SEO planner: create pages',
};

export function effectiveFlags(own: readonly string[], jobCode: readonly string[] = []): Flag[] {
  const granted = new Set([...own, ...jobCode]);
  return allFlags.filter((f) => granted.has(f));
}

/** Whose access the grant rules compare: a user's effective flags and their reach (docs/security.md). */
export interface Holder {
  flags: readonly string[];
  regions: readonly string[];
  groupWide: boolean;
}

/** The flags of `flags` the holder does not have: those they may neither grant nor take away. */
export const flagsBeyond = (holder: Pick<Holder, 'flags'>, flags: readonly string[]): Flag[] =>
  allFlags.filter((f) => flags.includes(f) && !holder.flags.includes(f));

/** Whether the holder may give or take away a region: a group-wide user any, others their own. */
export const mayGiveRegion = (holder: Omit<Holder, 'flags'>, region: string): boolean =>
  holder.groupWide || holder.regions.includes(region);

/** Whether `other` reaches a location the holder does not (group-wide, or a region not theirs). */
export const reachesBeyond = (holder: Omit<Holder, 'flags'>, other: Omit<Holder, 'flags'>): boolean =>
  !holder.groupWide && (other.groupWide || other.regions.some((r) => !mayGiveRegion(holder, r)));

/** Whether the holder may act on `other`: `other` holds no flag and reaches no location the holder lacks. */
export const mayManage = (holder: Holder, other: Holder): boolean =>
  flagsBeyond(holder, other.flags).length === 0 && !reachesBeyond(holder, other);

/** Who may open a screen or see a palette source or a home figure: any signed-in user, or holders of one flag. */
export type Access = 'signedIn' | Flag;

export function allows(flags: readonly Flag[], access: Access): boolean {
  return access === 'signedIn' || flags.includes(access);
}
