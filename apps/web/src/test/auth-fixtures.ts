import { refusedFields, type Profile } from '@rudy/contracts';
import { json, urlOf, type Handler, type mockFetch } from './fetch-mock';

/** A signed-in viewer shaped like GET /api/profile answers (test data only). */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    email: 'ann@example.com',
    first_name: 'Ann',
    last_name: 'Lee',
    newsletter: false,
    language: 'en',
    trial_period_used: false,
    temporary_password: false,
    email_verified: true,
    has_password: true,
    capabilities: [],
    featureCount: {},
    is_geo_blocked: false,
    ...overrides,
  };
}

/** An API error body as the server sends it; `message` is deliberately not the spec text. */
/**
 * An error answer as the API sends it. `fields` are the refused fields' messages as the shared
 * schemas give them (codes: contracts FIELD), sent as the server does (refusedFields).
 */
export function apiError(code: string, status = 400, fields?: Record<string, string>) {
  return json(
    { message: `server text for ${code}`, code, ...(fields ? refusedFields(fields) : {}) },
    status,
  );
}

/**
 * Answers the calls every screen makes in the background (home rails, providers, outbox probe)
 * so a test's handler only deals with the calls it is about.
 */
export function withBackground(handler: Handler): Handler {
  return (url, init) => {
    if (url.pathname === '/api/events-for-homepage') {
      return json({ live: [], upcoming: [], recent: [] });
    }
    if (url.pathname === '/api/events' || url.pathname === '/api/events/favorite') {
      return json({ data: [], meta: { total: 0, offset: 0, limit: 24 } });
    }
    if (url.pathname === '/api/auth/providers') return json({ providers: [] });
    if (url.pathname === '/dev/outbox/status') return new Response('', { status: 404 });
    return handler(url, init);
  };
}

/** The calls a test's fetch mock received for one path, with their parsed JSON bodies. */
export function callsTo(fetch: ReturnType<typeof mockFetch>, path: string) {
  return fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(urlOf(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path)
    .map(({ url, init }) => ({
      url,
      method: init?.method ?? 'GET',
      body:
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as Record<string, unknown>)
          : undefined,
    }));
}
