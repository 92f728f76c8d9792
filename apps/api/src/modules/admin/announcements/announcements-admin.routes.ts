import type { FastifyInstance } from 'fastify';
import {
  AdminAnnouncementBodySchema,
  AdminAnnouncementDraftSchema,
  AdminAnnouncementListSchema,
  AdminAnnouncementPreviewSchema,
  AdminAnnouncementSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { adminErrors, withMissing } from '../admin-access.js';
import type { AnnouncementsAdminService } from './announcements-admin.service.js';

const tags = ['admin'];

/** /api/admin/announcements: mail to a segment of the channel's viewers (audited). */
export function announcementsAdminRoutes(
  scope: FastifyInstance,
  announcements: AnnouncementsAdminService,
) {
  const r = typed(scope);

  r.get(
    '/api/admin/announcements',
    {
      schema: {
        tags,
        description: 'The channel’s latest announcements, newest first, with how many were sent.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminAnnouncementListSchema, ...adminErrors },
      },
    },
    (req) => announcements.list(req.admin.channelId),
  );

  r.post(
    '/api/admin/announcements/preview',
    {
      schema: {
        tags,
        description:
          'The mail in English and French as viewers will read it, and how many viewers the segment reaches now. Writes nothing. 404 for a team or pass that is not the channel’s.',
        body: AdminAnnouncementDraftSchema,
        response: { 200: AdminAnnouncementPreviewSchema, ...withMissing },
      },
    },
    (req) => announcements.preview(req.admin, req.body),
  );

  r.post(
    '/api/admin/announcements',
    {
      schema: {
        tags,
        description:
          'Sends an announcement: each viewer of the segment (verified, not unsubscribed) gets it once, in their language, throttled by the worker (audited). The same request_id again answers the first announcement. 404 for a team or pass that is not the channel’s.',
        body: AdminAnnouncementBodySchema,
        response: { 200: AdminAnnouncementSchema, ...withMissing },
      },
    },
    (req) => announcements.create(req.admin, req.body),
  );
}
