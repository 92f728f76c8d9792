import type { Profile } from '@rudy/contracts';
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
