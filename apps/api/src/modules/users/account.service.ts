import { SPEC_MESSAGES, type ProfileUpdateBody } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import type { AccountMail } from '../auth/account-mail.js';
import type { Accounts } from '../auth/accounts.js';
import type { Caller } from '../../lib/caller.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { KeysService } from '../keys/keys.service.js';
import type { ProfileService } from './profile.service.js';

/** The signed-in user's own account: read, edit, delete. */
export function createAccountService(deps: {
  repo: Accounts;
  profiles: ProfileService;
  mail: AccountMail;
  keys: KeysService;
}) {
  const { repo } = deps;

  async function currentUser(caller: Caller) {
    const user =
      caller.userId === null ? undefined : await repo.findUserById(caller.channelId, caller.userId);
    if (!user) throw new HttpError(401, 'login_required');
    return user;
  }

  return {
    currentUser,

    async profile(caller: Caller) {
      return deps.profiles.profile(await currentUser(caller), caller.ip);
    },

    async access(caller: Caller) {
      const user = await currentUser(caller);
      return deps.profiles.access(user.channel_id, user.id, caller.ip);
    },

    async update(caller: Caller, body: ProfileUpdateBody) {
      const user = await currentUser(caller);
      const changes: Parameters<Accounts['updateUser']>[2] = {};
      if (body.first_name !== undefined) changes.first_name = body.first_name;
      if (body.last_name !== undefined) changes.last_name = body.last_name;
      if (body.newsletter !== undefined) changes.newsletter = body.newsletter;
      if (body.language !== undefined) changes.language = body.language;

      const emailChanged =
        body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase();
      const sensitive = emailChanged || body.password !== undefined;
      // A temporary password was handed out by the channel: its holder sets a new one without it.
      if (sensitive && user.password_hash && !user.temporary_password) {
        if (!(await verifyPassword(user.password_hash, body.current_password ?? ''))) {
          throw new HttpError(400, 'incorrect_password', undefined, {
            current_password: SPEC_MESSAGES.incorrect_password,
          });
        }
      }
      if (emailChanged && body.email) {
        if (await repo.emailTaken(caller.channelId, body.email, user.id))
          throw new HttpError(400, 'email_taken');
        changes.email = body.email;
        changes.email_verified_at = null;
      }
      if (body.password !== undefined) {
        changes.password_hash = await hashPassword(body.password);
        changes.temporary_password = false;
      }
      const updated = await repo.updateUser(caller.channelId, user.id, changes);
      if (!updated) throw new HttpError(401, 'login_required');
      if (emailChanged) await deps.mail.sendVerification(updated);
      if (body.password !== undefined) {
        // Other sessions end when the password changes; this one stays.
        await repo.revokeUserKeys(user.id, caller.keyId);
        deps.keys.forgetUser(user.id);
      }
      return deps.profiles.profile(updated, caller.ip);
    },

    /**
     * Removes the account and its personal data (favourites, clips, identities cascade); orders keep
     * their amounts for the channel's books but lose the link to the person. Every key is revoked.
     */
    async delete(
      caller: Caller,
      proof: { password?: string | undefined; email?: string | undefined },
    ) {
      const user = await currentUser(caller);
      const confirmed = user.password_hash
        ? await verifyPassword(user.password_hash, proof.password ?? '')
        : proof.email?.trim().toLowerCase() === user.email.toLowerCase();
      if (!confirmed) {
        const field = user.password_hash ? 'password' : 'email';
        throw new HttpError(400, 'incorrect_password', undefined, {
          [field]: SPEC_MESSAGES.incorrect_password,
        });
      }
      await repo.revokeUserKeys(user.id);
      await repo.deleteUser(caller.channelId, user.id);
      deps.keys.forgetUser(user.id);
      return { message: 'Account deleted.' };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
