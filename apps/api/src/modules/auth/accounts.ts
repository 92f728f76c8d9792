import type { Profile } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import type { AuthRepository, UserRow } from './auth.repository.js';

/*
 * The auth module's surface for the modules built on accounts. Users (profile, account changes,
 * deletion) reads and changes account records through these calls only, never auth's repository;
 * auth answers a sign-in with the profile the users module builds, known here only by its shape.
 */

export type { UserRow };

/** The account records the users module may read and change (auth's repository implements them). */
export type Accounts = Pick<
  AuthRepository,
  'findUserById' | 'emailTaken' | 'updateUser' | 'revokeUserKeys' | 'deleteUser'
>;

/** The profile a sign-in answers with (users/profile.service.ts builds it). */
export interface Profiles {
  profile(user: UserRow, ip: string): Promise<Profile>;
}

/**
 * A user the console blocked may not sign in (their keys already resolve to nothing): said plainly
 * at sign-in rather than as a session that fails on its first call.
 */
export function refuseBlocked(user: Pick<UserRow, 'blocked_at'>): void {
  if (user.blocked_at !== null) {
    throw new HttpError(403, 'account_blocked', 'This account has been blocked by the channel');
  }
}
