import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a local port. Its interaction step signs in
 * `person` and grants consent at once, as a person clicking through Google's screens would.
 */
export async function startOidcIssuer(opts: { redirectUri: string; person: () => TestPerson }) {
  const people = new Map<string, TestPerson>();
  // The issuer URL names the port, so take a port before creating the provider.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'rudy-test',
        client_secret: 'rudy-test-secret',
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...person, name: `${person.given_name} ${person.family_name}` }),
      };
    },
    cookies: { keys: ['test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
  });
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || !/^\/interaction\/[^/]+$/.test(ctx.path)) {
      await next();
      return;
    }
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const person = opts.person();
    people.set(person.sub, person);
    const grant = new provider.Grant({
      accountId: person.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: person.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.respond = false;
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Follows redirects by hand with a cookie jar, stopping at the first URL outside the issuer. */
export async function followToClient(startUrl: string, issuer: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (!url.startsWith(issuer)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [k = '', ...v] = pair.split('=');
      jar.set(k, v.join('='));
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`issuer stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
