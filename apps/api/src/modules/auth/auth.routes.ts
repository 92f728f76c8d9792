import type { FastifyInstance } from 'fastify';
import {
  ErrorBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  ProfileSchema,
  RegisterBodySchema,
  SignedLinkSchema,
} from '@rudy/contracts';
import { keyedErrors, typed } from '../../lib/route-types.js';
import type { AuthService } from './auth.service.js';
import { callerOf } from '../../lib/caller.js';

const tags = ['auth'];
const withKey = { 200: ProfileSchema, ...keyedErrors, 429: ErrorBodySchema } as const;
const messageResponses = { 200: MessageResponseSchema, ...keyedErrors } as const;

export function authRoutes(app: FastifyInstance, auth: AuthService) {
  const r = typed(app);

  r.post(
    '/api/v2/auth/register',
    {
      schema: {
        tags,
        description: 'Creates the account, signs it in on this key and mails a verification link.',
        body: RegisterBodySchema,
        response: withKey,
      },
    },
    (req) => auth.register(callerOf(req), req.body),
  );

  r.post(
    '/api/v2/auth/login',
    {
      schema: {
        tags,
        description: "Binds the user to this API key. Wrong email or password: 'Wrong auth data'.",
        body: LoginBodySchema,
        response: withKey,
      },
    },
    (req) => auth.login(callerOf(req), req.body),
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        description: 'Revokes this API key; fetch a fresh anonymous one.',
        response: messageResponses,
      },
    },
    (req) => auth.logout(callerOf(req)),
  );

  r.post(
    '/api/auth/email-verify',
    {
      schema: { tags, body: SignedLinkSchema, response: messageResponses },
    },
    (req) => auth.verifyEmail(callerOf(req), req.body),
  );

  r.post(
    '/api/auth/email-verify/resend',
    {
      schema: {
        tags,
        description: 'Mails a new verification link to the signed-in user.',
        response: messageResponses,
      },
    },
    (req) => auth.resendVerification(callerOf(req)),
  );

  r.post(
    '/api/auth/password-reset-request',
    {
      schema: {
        tags,
        description: 'Same answer whether or not the account exists.',
        body: PasswordResetRequestBodySchema,
        response: messageResponses,
      },
    },
    (req) => auth.requestPasswordReset(callerOf(req), req.body.email, req.body.recaptcha_token),
  );

  r.post(
    '/api/auth/password-reset',
    {
      schema: { tags, body: PasswordResetBodySchema, response: messageResponses },
    },
    (req) => auth.resetPassword(callerOf(req), req.body),
  );
}
