import type { Flag } from './permissions';

export interface SessionUserInfo {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  jobCode: string | null;
  locationId: number | null;
  flags: Flag[];
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
}
