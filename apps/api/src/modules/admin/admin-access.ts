import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorBodySchema } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import { keyedErrors } from '../../lib/route-types.js';
import type { AdminRepository } from './admin.repository.js';

/** What a console route may answer besides its 200: a keyed call's errors and 403 (not an admin). */
export const adminErrors = { ...keyedErrors, 403: ErrorBodySchema } as const;
/** An admin call on one item: the admin refusals, and 404 for an id that is not the channel's. */
export const withMissing = { ...adminErrors, 404: ErrorBodySchema } as const;

/** Who may use the console: a signed-in user holding the admin role in the key's channel. */
export interface AdminCaller {
  channelId: number;
  userId: number;
  /** Written into the audit log with each change, so a row says who even after the account goes. */
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/admin/* routes once the caller is known to be the channel's admin. */
    admin: AdminCaller;
  }
}

/**
 * The role is read from the database on every admin call (one indexed row), never from the
 * request or a cache: a forged header proves nothing, and a removed admin loses access at once.
 */
export function createAdminAccess(repo: AdminRepository) {
  async function check(request: FastifyRequest): Promise<void> {
    const { userId, channelId } = request.auth;
    if (userId === null) throw new HttpError(401, 'login_required');
    const email = await repo.adminEmail(userId, channelId);
    if (email === null)
      throw new HttpError(403, 'forbidden', 'This needs the channel’s admin role');
    request.admin = { channelId, userId, email };
  }

  return {
    /**
     * Registers admin routes in a scope whose every route first checks the caller. The check runs
     * in preValidation, after the API key guard (a root hook) and before the route's own
     * validation, so a viewer hears 403 whatever they sent.
     */
    async routes(app: FastifyInstance, register: (scope: FastifyInstance) => void | Promise<void>) {
      await app.register(async (scope) => {
        scope.decorateRequest('admin', null as unknown as AdminCaller);
        scope.addHook('preValidation', check);
        await register(scope);
      });
    },
  };
}
export type AdminAccess = ReturnType<typeof createAdminAccess>;
