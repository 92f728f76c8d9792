import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  AddSessionBodySchema,
  ErrorBodySchema,
  KeyedQuerySchema,
  ProfileSchema,
  SocialProviderSchema,
  SocialStartBodySchema,
  SocialStartResponseSchema,
} from '@rudy/contracts';
import { emptyResponse, keyedErrors, keyedErrorsWith404, typed } from '../../../lib/route-types.js';
import { callerOf } from '../../../lib/caller.js';
import { SocialSignInError, type SocialService } from './social.service.js';

/** The provider's answer (RFC 6749 4.1.2): its own parameters (iss, scope, ...) pass through. */
const CallbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
const COOKIE = 'rudy_oauth';
const COOKIE_PATH = '/auth/login';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function socialRoutes(app: FastifyInstance, social: SocialService) {
  const r = typed(app);
  const tags = ['auth'];
  const ProviderParams = z.object({ provider: SocialProviderSchema });

  r.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        description: 'The social sign-in providers configured for this site, in display order.',
        querystring: KeyedQuerySchema,
        response: { 200: z.object({ providers: z.array(SocialProviderSchema) }), ...keyedErrors },
      },
    },
    () => ({ providers: social.configured() }),
  );

  r.post(
    '/api/v2/auth/social/:provider',
    {
      schema: {
        tags,
        description:
          'Starts Google or Facebook sign-in: returns the provider URL to open in this browser.',
        params: ProviderParams,
        body: SocialStartBodySchema,
        response: { 200: SocialStartResponseSchema, ...keyedErrorsWith404 },
      },
    },
    async (req, reply) => {
      const started = await social.start(callerOf(req), req.params.provider, req.body.return_to);
      const secure = started.secureCookie ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${COOKIE}=${started.browserBinding}; Path=${COOKIE_PATH}; Max-Age=${started.maxAgeS}; HttpOnly; SameSite=Lax${secure}`,
      );
      return { authorization_url: started.authorizationUrl };
    },
  );

  // The provider's redirect target (Facebook's is /auth/login/facebook/callback in the spec).
  r.get(
    '/auth/login/:provider/callback',
    {
      config: { keyless: true },
      schema: {
        tags,
        description:
          "The provider's redirect back: signs in and sends the browser on to the app (on a refusal, /login?social_error=…).",
        params: ProviderParams,
        querystring: CallbackQuerySchema,
        response: {
          302: emptyResponse('To the app with the one-time code, or to /login with the reason'),
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const clear = `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;
      reply.header('set-cookie', clear);
      const target = await social
        .callback(req.params.provider, query, readCookie(req.headers.cookie, COOKIE))
        .catch((error: unknown) => {
          if (!(error instanceof SocialSignInError)) throw error;
          return `/login?social_error=${error.reason}`;
        });
      return reply.redirect(target, 302);
    },
  );

  r.post(
    '/api/auth/add_session',
    {
      schema: {
        tags,
        description: 'Exchanges the one-time code of a social sign-in for a session on this key.',
        body: AddSessionBodySchema,
        response: { 200: ProfileSchema, ...keyedErrors },
      },
    },
    (req) => social.addSession(callerOf(req), req.body.code),
  );
}
