import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema, IdSchema } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import { notFound } from '../../lib/http-error.js';
import { nonJsonResponse, typed } from '../../lib/route-types.js';
import type { AppShell } from '../../plugins/app-shell.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { KeysService } from '../keys/keys.service.js';
import { clipPrefix } from '../media/media-paths.js';
import type { ClipsRepository } from './clips.repository.js';

const SharePageParamsSchema = z.object({ id: IdSchema, uuid: z.string().max(64) });
const SharePosterParamsSchema = z.object({ uuid: z.uuid() });
const refusals = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;

/**
 * What a shared clip's link shows before anyone clicks it: the page's HTML carries the clip's
 * title and poster (Open Graph, Twitter card), since chat apps and social sites read the HTML and
 * run no script. The poster has a public address of its own, as the share link is public.
 */
export function clipShareRoutes(
  app: FastifyInstance,
  deps: {
    repo: ClipsRepository;
    keys: KeysService;
    origins: SiteOrigins;
    shell: AppShell;
    storage: MediaStorage;
    defaultChannelKey: string;
  },
) {
  const r = typed(app);
  const tags = ['clips'];

  async function finishedClip(hostname: string, uuid: string) {
    const channel = await deps.keys.channelForHost(hostname, deps.defaultChannelKey);
    const clip = z.uuid().safeParse(uuid).success
      ? await deps.repo.byShareUuid(channel.id, uuid)
      : undefined;
    return { channelId: channel.id, clip: clip?.status === 'success' ? clip : undefined };
  }

  r.get(
    '/share/:id/:uuid',
    {
      config: { keyless: true },
      schema: {
        tags,
        description: 'The shared clip page: the web app with the clip’s link-preview tags.',
        params: SharePageParamsSchema,
        response: { 200: nonJsonResponse('The page', ['text/html']), ...refusals },
      },
    },
    async (req, reply) => {
      const { channelId, clip } = await finishedClip(req.hostname, req.params.uuid);
      const origin = await deps.origins.forChannel(channelId);
      const meta =
        clip && clip.id === req.params.id
          ? {
              title: clip.name,
              description: `${clip.event_name} · ${clip.tags.join(', ')}`,
              image: `${origin}/media/share/${clip.share_uuid}/poster.jpg`,
              url: `${origin}/share/${clip.id}/${clip.share_uuid}`,
              type: 'video.other' as const,
            }
          : undefined;
      const html = await deps.shell.html(meta);
      if (html === null) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );

  r.get(
    '/media/share/:uuid/poster.jpg',
    {
      config: { keyless: true },
      schema: {
        tags,
        description: 'The poster of a shared clip (public, like its link).',
        params: SharePosterParamsSchema,
        response: { 200: nonJsonResponse('The poster', ['image/jpeg']), ...refusals },
      },
    },
    async (req, reply) => {
      const { channelId, clip } = await finishedClip(req.hostname, req.params.uuid);
      const stream = clip
        ? await deps.storage.get(`${clipPrefix(channelId, clip.id)}/poster.jpg`)
        : null;
      if (!stream) throw notFound('Clip not found');
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=3600').send(stream);
    },
  );
}
