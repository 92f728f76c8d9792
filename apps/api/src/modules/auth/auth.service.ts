import {
  API_KEY_TTL_MS,
  type LoginBody,
  type PasswordResetBody,
  type RegisterBody,
  type SignedLink,
} from '@rudy/contracts';
import type { Caller } from '../../lib/caller.js';
import { HttpError, TooManyRequests } from '../../lib/http-error.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { refuseBlocked, type Profiles } from './accounts.js';
import { linkSubject, type AccountMail } from './account-mail.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { requireRecaptcha, type RecaptchaVerifier } from './recaptcha.js';
import { isExpired, isValidSignature } from './signed-link.js';

export interface AuthLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
}

export const RESET_REQUEST_ANSWER =
  'If an account exists for this email, we have sent a link to reset its password.';

export function createAuthService(deps: {
  repo: AuthRepository;
  keys: KeysService;
  mail: AccountMail;
  profiles: Profiles;
  channel: ChannelService;
  limiter: AttemptLimiter;
  limits: AuthLimits;
  recaptcha: RecaptchaVerifier | undefined;
  secret: string;
  /** Spec: a user who has not chosen the channel's base pass may not log out. */
  basePass: { isPending(channelId: number, userId: number): Promise<boolean> };
  now: () => Date;
}) {
  const { repo, keys, limits } = deps;

  async function spend(key: string, max: number) {
    const verdict = await deps.limiter.hit(key, max, limits.windowMs);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterMs);
  }

  const accountKey = (action: string, caller: Caller, account: string, fromIp: boolean) =>
    `${action}:acct:${caller.channelId}:${account.toLowerCase()}${fromIp ? `:${caller.ip}` : ''}`;

  /**
   * Budgets per client IP and per account; a 429 (with Retry-After) when one is spent. Where a
   * refusal would lock the owner out (login, reset, verification), the account budget is counted
   * per account *and IP*: counted across every IP, anyone could block a viewer by failing on
   * purpose. Guessing one account from many addresses stays bounded by each address's budget.
   * Where it only stops mail being sent (reset requests, resends), it is the account's alone.
   */
  async function throttle(
    action: string,
    caller: Caller,
    account?: { id: string; scope: 'from-this-ip' | 'account-wide' },
  ) {
    await spend(`${action}:ip:${caller.ip}`, limits.perIp);
    if (account) {
      const fromIp = account.scope === 'from-this-ip';
      await spend(accountKey(action, caller, account.id, fromIp), limits.perAccount);
    }
  }
  const fromThisIp = (id: string) => ({ id, scope: 'from-this-ip' as const });
  const accountWide = (id: string) => ({ id, scope: 'account-wide' as const });

  async function checkRecaptcha(caller: Caller, token: string | undefined) {
    const settings = await deps.channel.settings(caller.channelId);
    await requireRecaptcha(deps.recaptcha, settings.recaptcha_site_key !== null, token, caller.ip);
  }

  async function bindSession(caller: Caller, user: UserRow) {
    await repo.bindKey(caller.keyId, user.id, new Date(deps.now().getTime() + API_KEY_TTL_MS));
    keys.forgetKey(caller.apiKey);
    return deps.profiles.profile(user, caller.ip);
  }

  function refuseIfLoggedIn(caller: Caller) {
    if (caller.userId !== null) throw new HttpError(400, 'already_logged_in');
  }

  return {
    async register(caller: Caller, body: RegisterBody) {
      refuseIfLoggedIn(caller);
      await throttle('register', caller);
      await checkRecaptcha(caller, body.recaptcha_token);
      if (await repo.findUserByEmail(caller.channelId, body.email))
        throw new HttpError(400, 'email_taken');
      const user = await repo.insertUser({
        channel_id: caller.channelId,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        password_hash: await hashPassword(body.password),
        newsletter: body.newsletter,
        language: caller.locale,
      });
      if (!user) throw new HttpError(400, 'email_taken');
      await deps.mail.sendVerification(user);
      return bindSession(caller, user);
    },

    async login(caller: Caller, body: LoginBody) {
      refuseIfLoggedIn(caller);
      await throttle('login', caller, fromThisIp(body.email));
      await checkRecaptcha(caller, body.recaptcha_token);
      const user = await repo.findUserByEmail(caller.channelId, body.email);
      // Same work and same answer whether the email exists or not.
      const ok = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !ok) throw new HttpError(400, 'wrong_auth_data');
      refuseBlocked(user);
      await deps.limiter.reset(accountKey('login', caller, body.email, true));
      return bindSession(caller, user);
    },

    async logout(caller: Caller) {
      if (caller.userId === null) throw new HttpError(400, 'cannot_logout');
      if (await deps.basePass.isPending(caller.channelId, caller.userId)) {
        throw new HttpError(400, 'cannot_logout');
      }
      await repo.revokeKey(caller.keyId);
      keys.forgetKey(caller.apiKey);
      return { message: 'Logged out' };
    },

    async verifyEmail(caller: Caller, link: SignedLink) {
      await throttle('verify', caller, fromThisIp(link.email));
      const user = await repo.findUserByEmail(caller.channelId, link.email);
      // One answer for an unknown address and a wrong or expired link: without a valid link
      // nobody learns whether an account exists or is verified.
      const valid =
        user !== undefined &&
        isValidSignature(
          deps.secret,
          linkSubject(user, 'verify_email'),
          link.expires,
          link.signature,
        ) &&
        !isExpired(link.expires, deps.now());
      if (!valid) throw new HttpError(400, 'verification_failed');
      if (user.email_verified_at) throw new HttpError(400, 'email_already_verified');
      await repo.updateUser(caller.channelId, user.id, { email_verified_at: deps.now() });
      return { message: 'Email verified.' };
    },

    async resendVerification(caller: Caller) {
      if (caller.userId === null) throw new HttpError(401, 'login_required');
      await throttle('verify-resend', caller, accountWide(String(caller.userId)));
      const user = await repo.findUserById(caller.channelId, caller.userId);
      if (!user) throw new HttpError(401, 'login_required');
      if (user.email_verified_at) throw new HttpError(400, 'email_already_verified');
      await deps.mail.sendVerification(user);
      return { message: 'Verification email sent.' };
    },

    async requestPasswordReset(caller: Caller, email: string, recaptchaToken?: string) {
      await throttle('reset', caller, accountWide(email));
      await checkRecaptcha(caller, recaptchaToken);
      const user = await repo.findUserByEmail(caller.channelId, email);
      if (user) await deps.mail.sendPasswordReset(user);
      return { message: RESET_REQUEST_ANSWER };
    },

    async resetPassword(caller: Caller, body: PasswordResetBody) {
      await throttle('reset-confirm', caller, fromThisIp(body.email));
      const user = await repo.findUserByEmail(caller.channelId, body.email);
      // Unknown address and wrong signature answer alike; only a genuine link learns it expired.
      const signed =
        user !== undefined &&
        isValidSignature(
          deps.secret,
          linkSubject(user, 'password_reset'),
          body.expires,
          body.signature,
        );
      if (!signed) throw new HttpError(400, 'reset_failed');
      if (isExpired(body.expires, deps.now())) throw new HttpError(400, 'reset_key_expired');
      await repo.updateUser(caller.channelId, user.id, {
        password_hash: await hashPassword(body.password),
        temporary_password: false,
        // The mail reached the user, so the address is theirs.
        email_verified_at: user.email_verified_at ?? deps.now(),
      });
      // Every session of the account ends: whoever knew the old password is out.
      await repo.revokeUserKeys(user.id);
      keys.forgetUser(user.id);
      return { message: 'Password changed.' };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
