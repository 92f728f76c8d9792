import type { FastifyInstance } from 'fastify';
import {
  AcceptInvitationBodySchema,
  AcceptInvitationSchema,
  AdminBlockBodySchema,
  AdminDeletedSchema,
  AdminInvitationSchema,
  AdminInviteBodySchema,
  AdminTeamMembersSchema,
  AdminViewerListSchema,
  AdminViewerSchema,
  AdminViewersQuerySchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { requireLogin } from '../../../lib/require-login.js';
import { keyedErrors, typed } from '../../../lib/route-types.js';
import { adminErrors, withMissing } from '../admin-access.js';
import type { PeopleAdminService } from './people-admin.service.js';

const tags = ['admin'];

/** /api/admin/viewers and /api/admin/admins: the channel's people (admin scope only). */
export function peopleAdminRoutes(scope: FastifyInstance, people: PeopleAdminService) {
  const r = typed(scope);
  r.get(
    '/api/admin/viewers',
    {
      schema: {
        tags,
        description: 'The channel’s users, newest first; `q` finds part of an e-mail or a name.',
        querystring: AdminViewersQuerySchema,
        response: { 200: AdminViewerListSchema, ...adminErrors },
      },
    },
    (req) => people.list(req.admin.channelId, req.query),
  );
  r.get(
    '/api/admin/viewers/:id',
    {
      schema: {
        tags,
        description: 'One user: capabilities granted now, passes bought, subscriptions held.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminViewerSchema, ...withMissing },
      },
    },
    (req) => people.get(req.admin.channelId, req.params.id, req.locale),
  );
  r.patch(
    '/api/admin/viewers/:id/blocked',
    {
      schema: {
        tags,
        description:
          'Blocks (their keys stop working at once, sign-in refused) or unblocks a viewer; an ' +
          'admin cannot be blocked (409). Audited.',
        params: IdParamsSchema,
        body: AdminBlockBodySchema,
        response: { 200: AdminViewerSchema, ...withMissing, 409: ErrorBodySchema },
      },
    },
    (req) => people.setBlocked(req.admin, req.params.id, req.body.blocked, req.locale),
  );
  r.get(
    '/api/admin/admins',
    {
      schema: {
        tags,
        description: 'The channel’s admins and the invitations still open.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminTeamMembersSchema, ...adminErrors },
      },
    },
    (req) => people.team(req.admin),
  );
  r.post(
    '/api/admin/admins/invitations',
    {
      schema: {
        tags,
        description:
          'Mails an invitation to become an admin: a single-use link that expires (72 h); it ' +
          'replaces any open invitation to the same address. Audited.',
        body: AdminInviteBodySchema,
        response: { 200: AdminInvitationSchema, ...adminErrors },
      },
    },
    (req) => people.invite(req.admin, req.body.email, req.locale),
  );
  r.delete(
    '/api/admin/admins/invitations/:id',
    {
      schema: {
        tags,
        description: 'Withdraws an open invitation (its link stops working). Audited.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminDeletedSchema, ...withMissing },
      },
    },
    async (req) => {
      await people.withdraw(req.admin, req.params.id);
      return { id: req.params.id, deleted: true as const };
    },
  );
  r.delete(
    '/api/admin/admins/:id',
    {
      schema: {
        tags,
        description:
          'Takes the admin role from a user (they stay a viewer); 409 last_admin for the ' +
          'channel’s last admin. Audited.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminDeletedSchema, ...withMissing, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      await people.removeAdmin(req.admin, req.params.id);
      return { id: req.params.id, deleted: true as const };
    },
  );
}

/** POST /api/admin-invitations/accept: outside the console (the caller is not an admin yet). */
export function invitationRoutes(app: FastifyInstance, people: PeopleAdminService) {
  typed(app).post(
    '/api/admin-invitations/accept',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          'The signed-in user accepts an admin invitation sent to their e-mail address: once, ' +
          'before it expires. 400 invitation_invalid / invitation_expired, 403 for another address.',
        body: AcceptInvitationBodySchema,
        response: {
          200: AcceptInvitationSchema,
          ...keyedErrors,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    (req) =>
      people.accept(
        { channelId: req.auth.channelId, userId: req.auth.userId ?? 0 },
        req.body.token,
      ),
  );
}
