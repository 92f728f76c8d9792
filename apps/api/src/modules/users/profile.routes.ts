import type { FastifyInstance } from 'fastify';
import {
  DeleteAccountBodySchema,
  KeyedQuerySchema,
  MessageResponseSchema,
  ProfileSchema,
  ProfileUpdateBodySchema,
  UserAccessSchema,
} from '@rudy/contracts';
import { keyedErrors, typed } from '../../lib/route-types.js';
import { callerOf } from '../../lib/caller.js';
import type { AccountService } from './account.service.js';

const tags = ['account'];

/** GET /profile answers 401 for an anonymous key, which the client takes silently as signed out. */
export function profileRoutes(app: FastifyInstance, account: AccountService) {
  const r = typed(app);

  r.get(
    '/api/profile',
    {
      schema: {
        tags,
        querystring: KeyedQuerySchema,
        response: { 200: ProfileSchema, ...keyedErrors },
      },
    },
    (req) => account.profile(callerOf(req)),
  );

  r.post(
    '/api/profile',
    {
      schema: {
        tags,
        description:
          'Profile update ({_method: "patch", ...fields}). Email or password changes need current_password.',
        body: ProfileUpdateBodySchema,
        response: { 200: ProfileSchema, ...keyedErrors },
      },
    },
    (req) => account.update(callerOf(req), req.body),
  );

  r.get(
    '/api/user/access',
    {
      schema: {
        tags,
        querystring: KeyedQuerySchema,
        response: { 200: UserAccessSchema, ...keyedErrors },
      },
    },
    (req) => account.access(callerOf(req)),
  );

  r.post(
    '/api/delete-account-confirm',
    {
      schema: {
        tags,
        description:
          'Deletes the account after confirming the password (or the email for social-only accounts).',
        body: DeleteAccountBodySchema,
        response: { 200: MessageResponseSchema, ...keyedErrors },
      },
    },
    (req) => account.delete(callerOf(req), req.body),
  );
}
