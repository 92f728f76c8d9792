import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminMarkMomentBodySchema,
  AdminMomentListSchema,
  AdminMomentPatchSchema,
  AdminMomentSchema,
  AdminReelDecisionParamsSchema,
  AdminReelListSchema,
  AdminReelSchema,
  IdParamsSchema,
  KeyedQuerySchema,
  ReelSettingsBodySchema,
  ReelSettingsSchema,
} from '@rudy/contracts';
import { typed } from '../../../lib/route-types.js';
import { withMissing } from '../admin-access.js';
import type { MomentsAdminService } from '../../moments/moments.service.js';
import type { ReelsAdminService } from '../../moments/reels.service.js';

const tags = ['admin'];

/** The console's key moments of a game (admin scope only; every change audited). */
export function momentsAdminRoutes(
  scope: FastifyInstance,
  moments: MomentsAdminService,
  reels: ReelsAdminService,
) {
  const r = typed(scope);
  r.get(
    '/api/admin/reels',
    {
      schema: {
        tags,
        description: 'Highlights reels waiting for approval, newest first.',
        querystring: KeyedQuerySchema,
        response: { 200: AdminReelListSchema, ...withMissing },
      },
    },
    (req) => reels.pending(req.admin.channelId, req.query.lang ?? 'en'),
  );
  r.post(
    '/api/admin/games/:id/reel/:decision',
    {
      schema: {
        tags,
        description:
          'Approves (lists in the Highlights rail) or discards (deletes) a game’s pending highlights reel; the same decision again returns the reel unchanged.',
        params: AdminReelDecisionParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminReelSchema, ...withMissing },
      },
    },
    (req) => reels.decide(req.admin, req.params.id, req.params.decision, req.query.lang ?? 'en'),
  );
  r.get(
    '/api/admin/reel-settings',
    {
      schema: {
        tags,
        description: 'Whether the channel’s highlights reels wait for approval.',
        querystring: KeyedQuerySchema,
        response: { 200: ReelSettingsSchema, ...withMissing },
      },
    },
    (req) => reels.settings(req.admin.channelId),
  );
  r.patch(
    '/api/admin/reel-settings',
    {
      schema: {
        tags,
        description: 'Chooses whether highlights reels publish by themselves or wait for approval.',
        body: ReelSettingsBodySchema,
        response: { 200: ReelSettingsSchema, ...withMissing },
      },
    },
    (req) => reels.updateSettings(req.admin, { reels_need_approval: req.body.reels_need_approval }),
  );
  r.get(
    '/api/admin/games/:id/moments',
    {
      schema: {
        tags,
        description: 'A game’s key moments, detected and marked, with who made them.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminMomentListSchema, ...withMissing },
      },
    },
    (req) => moments.list(req.admin.channelId, req.params.id),
  );
  r.post(
    '/api/admin/games/:id/moments',
    {
      schema: {
        tags,
        description:
          'Marks a moment ("Mark moment"): at at_seconds of the recording, or without it at this instant of the live game. A repeated mark within 3 s of the last one (a double click) returns that moment.',
        params: IdParamsSchema,
        body: AdminMarkMomentBodySchema,
        response: { 200: AdminMomentSchema, ...withMissing },
      },
    },
    (req) => moments.mark(req.admin, req.params.id, req.body),
  );
  r.patch(
    '/api/admin/moments/:id',
    {
      schema: {
        tags,
        description: 'Changes a moment’s time or label (a detected one is then kept by new runs).',
        params: IdParamsSchema,
        body: AdminMomentPatchSchema,
        response: { 200: AdminMomentSchema, ...withMissing },
      },
    },
    (req) => moments.update(req.admin, req.params.id, req.body),
  );
  r.delete(
    '/api/admin/moments/:id',
    {
      schema: {
        tags,
        description: 'Removes a moment; a removed detected moment is not detected again.',
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: {
          200: z.object({ id: z.number().int(), deleted: z.literal(true) }),
          ...withMissing,
        },
      },
    },
    (req) => moments.remove(req.admin, req.params.id),
  );
}
