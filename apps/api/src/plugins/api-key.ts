import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rudy/contracts';
import { HttpError } from '../lib/http-error.js';
import type { ResolvedKey } from '../modules/keys/keys.repository.js';
import type { KeysService } from '../modules/keys/keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's API key, its channel and user. Set on every keyed /api route. */
    auth: ResolvedKey;
    apiKey: string;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** Routes that work without an API key (key issuance, channel key, health). */
    keyless?: boolean;
  }
}

type Bag = Record<string, unknown> | undefined;

/** The spec: GET and DELETE carry the key in the query, other methods in the JSON body; a header also works. */
function readApiKey(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Bag)?.api_key;
  const fromBody = (request.body as Bag)?.api_key;
  const fromHeader = request.headers['x-api-key'];
  const value = fromQuery ?? fromBody ?? fromHeader;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function readLocale(request: FastifyRequest): Locale {
  const wanted = (request.query as Bag)?.lang ?? (request.body as Bag)?.lang;
  if (typeof wanted === 'string' && (LOCALES as readonly string[]).includes(wanted)) {
    return wanted as Locale;
  }
  const accept = request.headers['accept-language']?.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(accept ?? '')
    ? (accept as Locale)
    : DEFAULT_LOCALE;
}

export function registerApiKeyGuard(app: FastifyInstance, keys: KeysService) {
  app.decorateRequest('auth', null as unknown as ResolvedKey);
  app.decorateRequest('apiKey', '');
  app.decorateRequest('locale', DEFAULT_LOCALE);

  // preValidation: the body is parsed by then, and a missing key is reported before field errors.
  // A callback hook, not an async one: the routes without a key (the datalake's heartbeats, static
  // files) pass through without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    request.locale = readLocale(request);
    const url = request.routeOptions.url ?? '';
    if (
      request.routeOptions.config.keyless ||
      !url.startsWith('/api/') ||
      url.startsWith('/api/docs')
    ) {
      done();
      return;
    }
    const apiKey = readApiKey(request);
    if (!apiKey) {
      done(new HttpError(401, 'api_key_missing'));
      return;
    }
    keys.resolve(apiKey).then((auth) => {
      request.auth = auth;
      request.apiKey = apiKey;
      done();
    }, done);
  });
}
