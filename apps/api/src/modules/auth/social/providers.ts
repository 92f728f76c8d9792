import * as oidc from 'openid-client';
import type { SocialProvider } from '@rudy/contracts';

export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  /** Google: the OIDC issuer (discovery). Facebook: explicit OAuth 2 endpoints. */
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  /** Local test providers run on http; production providers never do. */
  allowHttp?: boolean;
}

export interface SocialProviderClient {
  authorizationUrl(p: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<URL>;
  identify(p: {
    callbackUrl: URL;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<SocialIdentity>;
}

const splitName = (name: string | undefined) => {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { first, last: rest.join(' ') };
};

/** Google and any OpenID Connect issuer: discovery, PKCE, nonce, ID token claims. */
export function oidcProvider(settings: ProviderSettings): SocialProviderClient {
  let config: Promise<oidc.Configuration> | undefined;
  const getConfig = () => {
    config ??= oidc
      .discovery(
        new URL(settings.issuer ?? 'https://accounts.google.com'),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- only for local test issuers (OAUTH_ALLOW_HTTP)
        settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        config = undefined; // try discovery again on the next sign-in
        throw error;
      });
    return config;
  };
  return {
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      return oidc.buildAuthorizationUrl(await getConfig(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },
    async identify({ callbackUrl, state, nonce, codeVerifier }) {
      const tokens = await oidc.authorizationCodeGrant(await getConfig(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      const name = splitName(typeof claims.name === 'string' ? claims.name : undefined);
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : name.first,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : name.last,
      };
    },
  };
}

/**
 * Facebook Login: plain OAuth 2 with PKCE, then the Graph API for the profile. Facebook only returns
 * an email the person has confirmed, so a returned email counts as verified.
 */
export function facebookProvider(settings: ProviderSettings): SocialProviderClient {
  const config = new oidc.Configuration(
    {
      issuer: 'https://www.facebook.com',
      authorization_endpoint:
        settings.authorizationUrl ?? 'https://www.facebook.com/v19.0/dialog/oauth',
      token_endpoint: settings.tokenUrl ?? 'https://graph.facebook.com/v19.0/oauth/access_token',
    },
    settings.clientId,
    settings.clientSecret,
  );
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- only for local test issuers (OAUTH_ALLOW_HTTP)
  if (settings.allowHttp) oidc.allowInsecureRequests(config);
  const userInfoUrl =
    settings.userInfoUrl ??
    'https://graph.facebook.com/me?fields=id,email,first_name,last_name,name';
  return {
    async authorizationUrl({ redirectUri, state, codeVerifier }) {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'email public_profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
      });
    },
    async identify({ callbackUrl, state, codeVerifier }) {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        idTokenExpected: false,
      });
      const res = await fetch(userInfoUrl, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`profile request failed: ${res.status}`);
      const me = (await res.json()) as Record<string, unknown>;
      const id = me.id ?? me.sub;
      if (typeof id !== 'string' && typeof id !== 'number') throw new Error('profile without id');
      const name = splitName(typeof me.name === 'string' ? me.name : undefined);
      const email = typeof me.email === 'string' ? me.email : null;
      return {
        subject: String(id),
        email,
        emailVerified: email !== null,
        firstName: typeof me.first_name === 'string' ? me.first_name : name.first,
        lastName: typeof me.last_name === 'string' ? me.last_name : name.last,
      };
    },
  };
}

export type SocialProviders = Partial<Record<SocialProvider, SocialProviderClient>>;
