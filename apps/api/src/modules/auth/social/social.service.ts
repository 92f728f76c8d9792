import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { API_KEY_TTL_MS, MINUTE_MS, type SocialProvider } from '@rudy/contracts';
import { HttpError } from '../../../lib/http-error.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import type { KeysService } from '../../keys/keys.service.js';
import { refuseBlocked, type Profiles } from '../accounts.js';
import type { AuthRepository, UserRow } from '../auth.repository.js';
import type { Caller } from '../../../lib/caller.js';
import type { SocialIdentity, SocialProviders } from './providers.js';

const STATE_TTL_MS = 10 * MINUTE_MS;
const CODE_TTL_MS = 2 * MINUTE_MS;
const sha256 = (value: string) => createHash('sha256').update(value).digest();

export class SocialSignInError extends Error {
  constructor(readonly reason: 'state' | 'provider' | 'email_unverified' | 'no_email') {
    super(reason);
  }
}

/**
 * Social sign-in in three steps:
 * 1. start: a state (+ PKCE verifier and nonce) bound to the caller's API key and to this browser
 *    through an HttpOnly cookie; the client goes to the provider.
 * 2. callback: the provider comes back to the server, which checks the state and cookie, exchanges
 *    the code and finds or creates the account; it hands the browser a one-time code.
 * 3. add_session: the client posts the code with its API key, which binds the user to that key.
 */
export function createSocialService(deps: {
  providers: SocialProviders;
  social: import('./social.repository.js').SocialRepository;
  users: AuthRepository;
  keys: KeysService;
  profiles: Profiles;
  /** Redirect URIs are built from the channel's configured origin, never from the Host header. */
  origins: SiteOrigins;
  now: () => Date;
}) {
  const callbackUrlOf = async (channelId: number, name: SocialProvider) =>
    `${await deps.origins.forChannel(channelId)}/auth/login/${name}/callback`;

  const provider = (name: SocialProvider) => {
    const p = deps.providers[name];
    if (!p) throw new HttpError(404, 'not_found', `${name} sign-in is not configured`);
    return p;
  };

  async function findOrCreateUser(
    channelId: number,
    name: SocialProvider,
    who: SocialIdentity,
  ): Promise<UserRow> {
    const linked = await deps.social.findIdentity(channelId, name, who.subject);
    if (linked) {
      const user = await deps.users.findUserById(channelId, linked.user_id);
      if (user) return user;
    }
    if (!who.email) throw new SocialSignInError('no_email');
    const existing = await deps.users.findUserByEmail(channelId, who.email);
    if (existing) {
      // Only a provider-verified email may take over an existing account.
      if (!who.emailVerified) throw new SocialSignInError('email_unverified');
      await deps.social.linkIdentity(channelId, existing.id, name, who.subject);
      if (!existing.email_verified_at) {
        return (
          (await deps.users.updateUser(channelId, existing.id, {
            email_verified_at: deps.now(),
          })) ?? existing
        );
      }
      return existing;
    }
    const created = await deps.users.insertUser({
      channel_id: channelId,
      email: who.email,
      first_name: who.firstName || who.email.split('@')[0] || 'Viewer',
      last_name: who.lastName,
      password_hash: null,
      newsletter: false,
      language: 'en',
      email_verified_at: who.emailVerified ? deps.now() : null,
    });
    const user = created ?? (await deps.users.findUserByEmail(channelId, who.email));
    if (!user) throw new SocialSignInError('provider');
    await deps.social.linkIdentity(channelId, user.id, name, who.subject);
    return user;
  }

  return {
    /** The providers this deployment has client ids for, so the sign-in page shows only those. */
    configured(): SocialProvider[] {
      return (['google', 'facebook'] as const).filter((name) => deps.providers[name]);
    },

    async start(caller: Caller, name: SocialProvider, returnTo: string | undefined) {
      if (caller.userId !== null) throw new HttpError(400, 'already_logged_in');
      const client = provider(name);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const browserBinding = randomBytes(32).toString('base64url');
      await deps.social.insertState({
        channel_id: caller.channelId,
        api_key_id: caller.keyId,
        provider: name,
        state,
        browser_binding_hash: sha256(browserBinding),
        code_verifier: codeVerifier,
        nonce,
        return_to: returnTo ?? null,
        expires_at: new Date(deps.now().getTime() + STATE_TTL_MS),
      });
      const redirectUri = await callbackUrlOf(caller.channelId, name);
      const url = await client.authorizationUrl({ redirectUri, state, nonce, codeVerifier });
      return {
        authorizationUrl: url.toString(),
        browserBinding,
        maxAgeS: STATE_TTL_MS / 1000,
        secureCookie: redirectUri.startsWith('https:'),
      };
    },

    /**
     * Returns the path to send the browser to, carrying the one-time code. `query` is the
     * provider's answer (code, state, ...), read against the redirect URI that start() sent.
     */
    async callback(
      name: SocialProvider,
      query: URLSearchParams,
      browserBinding: string | undefined,
    ) {
      const stateParam = query.get('state') ?? '';
      const row = await deps.social.takeState(stateParam, deps.now());
      if (!row || row.provider !== name || !browserBinding) throw new SocialSignInError('state');
      if (!sha256(browserBinding).equals(row.browser_binding_hash))
        throw new SocialSignInError('state');
      const callbackUrl = new URL(await callbackUrlOf(row.channel_id, name));
      callbackUrl.search = query.toString();
      let who: SocialIdentity;
      try {
        who = await provider(name).identify({
          callbackUrl,
          state: row.state,
          nonce: row.nonce,
          codeVerifier: row.code_verifier,
        });
      } catch {
        throw new SocialSignInError('provider');
      }
      const user = await findOrCreateUser(row.channel_id, name, who);
      const code = randomBytes(32).toString('base64url');
      await deps.social.insertCode({
        channel_id: row.channel_id,
        user_id: user.id,
        api_key_id: row.api_key_id,
        code_hash: sha256(code),
        expires_at: new Date(deps.now().getTime() + CODE_TTL_MS),
      });
      const next = new URLSearchParams({ code });
      if (row.return_to) next.set('return_to', row.return_to);
      return `/login?${next.toString()}`;
    },

    async addSession(caller: Caller, code: string) {
      if (caller.userId !== null) throw new HttpError(400, 'already_logged_in');
      const row = await deps.social.takeCode(sha256(code), deps.now());
      // The code only works with the key that started the sign-in.
      if (!row || row.api_key_id !== caller.keyId || row.channel_id !== caller.channelId) {
        throw new HttpError(400, 'wrong_auth_data');
      }
      const user = await deps.users.findUserById(caller.channelId, row.user_id);
      if (!user) throw new HttpError(400, 'user_not_found');
      refuseBlocked(user);
      await deps.users.bindKey(
        caller.keyId,
        user.id,
        new Date(deps.now().getTime() + API_KEY_TTL_MS),
      );
      deps.keys.forgetKey(caller.apiKey);
      return deps.profiles.profile(user, caller.ip);
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
