import type { Flag } from './permissions';

/** The locations a user acts on: the whole group, or these location ids (their regions' and their home location). */
export type Reach = 'group' | number[];

export interface SessionUserInfo {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  jobCode: string | null;
  locationId: number | null;
  flags: Flag[];
  /** Marked group-wide: reaches every location whatever the regions. */
  groupWide: boolean;
  regions: string[];
  reach: Reach;
  hasPhoto: boolean;
}

/** GET /api/session. */
export interface SessionReply {
  signedIn: boolean;
  /** The password step is done and the code step is not. */
  pending: boolean;
  user: SessionUserInfo | null;
  flags: Flag[];
  csrfToken: string | null;
  /** Where customers and providers reach this server (PUBLIC_URL): the links staff copy for customers. */
  publicUrl: string | null;
}
