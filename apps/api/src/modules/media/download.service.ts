import type { MediaCaller } from '../../lib/caller.js';
import path from 'node:path';
import { MEDIA_KIND, type DownloadEvent } from '@rudy/contracts';
import { remuxToMp4, type MediaStorage } from '@rudy/media';
import { HttpError, notFound } from '../../lib/http-error.js';
import { eventType } from '../events/event-rules.js';
import { capabilitiesOf, type GrantsSource } from '../users/access.js';
import { downloadName, eventPrefix, mediaUrl, relativeToEvent } from './media-paths.js';
import type { EventAccess } from './event-access.js';
import { chooseStream } from './media-rules.js';
import type { MediaTokens } from './media-token.js';
import type { MediaRepository } from './media.repository.js';

/** How long the call waits for a first remux before answering "processing". */
const WAIT_FOR_REMUX_MS = 8_000;
const RETRY_AFTER_MS = 3_000;
const LINK_TTL_MS = 60 * 60_000;

/**
 * GET /download-event/{id}: the whole event as one MP4, remuxed from its top HLS rendition (no
 * re-encode) once and kept under download/. Only for users with the `download` capability; each
 * distinct event a user downloads counts against their `download` feature count when they have
 * one (a count of 0 means no limit: the capability itself is the grant).
 */
export function createDownloadService(deps: {
  eventAccess: EventAccess;
  media: MediaRepository;
  access: GrantsSource;
  tokens: MediaTokens;
  storage: MediaStorage;
  now: () => Date;
}) {
  const inFlight = new Map<string, Promise<void>>();

  /** One remux per file at a time in this process; concurrent callers share it. */
  function ensureMp4(source: string, target: string, hasAudio: boolean): Promise<void> {
    const running = inFlight.get(target);
    if (running) return running;
    const job = (async () => {
      const work = await deps.storage.workDir('download');
      const dir = await deps.storage.localDir(path.posix.dirname(source));
      try {
        await remuxToMp4({
          playlist: path.join(dir.path, path.posix.basename(source)),
          output: path.join(work, 'event.mp4'),
          hasAudio,
        });
        await deps.storage.importDir(path.posix.dirname(target), work);
      } finally {
        await dir.release();
        inFlight.delete(target);
      }
    })();
    inFlight.set(target, job);
    // A caller that stopped waiting must not leave an unhandled rejection behind.
    job.catch(() => undefined);
    return job;
  }

  return {
    async request(caller: MediaCaller, eventId: number): Promise<DownloadEvent> {
      if (caller.userId === null) throw new HttpError(401, 'login_required');
      const event = await deps.media.event(caller.channelId, eventId);
      if (!event) throw notFound('Event not found');
      const access = await deps.eventAccess.decide(caller, event);
      if (access === 'geo_blocked') throw new HttpError(403, 'geo_blocked');
      if (access !== 'granted')
        throw new HttpError(403, 'access_denied', 'You have no access to this event');
      const { capabilities, featureCount } = capabilitiesOf(
        await deps.access.activeGrants(caller.channelId, caller.userId, deps.now()),
      );
      if (!capabilities.includes('download')) {
        throw new HttpError(403, 'download_not_allowed', 'Downloads are not part of your access');
      }

      const now = deps.now();
      const end = new Date(event.event_utc_ts.getTime() + event.duration_minutes * 60_000);
      const media = await deps.media.media(caller.channelId, event.id);
      const chosen = chooseStream(eventType(event.event_utc_ts, end, now), media);
      const source = chosen.source;
      if (!source || source.kind !== 'vod') {
        throw new HttpError(409, 'media_not_ready', 'This event has no recording to download yet');
      }
      const vodRow = media.find(
        (m) =>
          (m.kind === MEDIA_KIND.vod || m.kind === MEDIA_KIND.live) && m.storage_key === source.key,
      );
      const variant = `${path.posix.dirname(source.key)}/v0/index.m3u8`;
      const hasAudio = vodRow?.meta.has_audio !== false;

      const limit = (featureCount.download ?? 0) > 0 ? (featureCount.download ?? 0) : null;
      const used = await deps.media.downloads(caller.channelId, caller.userId, event.id);
      if (limit !== null && !used.hasEvent && used.used >= limit) {
        throw new HttpError(403, 'download_limit_reached', 'You have used all your downloads');
      }

      const target = `${eventPrefix(caller.channelId, event.id)}/download/event.mp4`;
      let stat = await deps.storage.stat(target);
      if (!stat) {
        const job = ensureMp4(variant, target, hasAudio);
        const done = await Promise.race([
          job.then(() => true),
          new Promise<false>((resolve) =>
            setTimeout(() => resolve(false), WAIT_FOR_REMUX_MS).unref(),
          ),
        ]);
        if (!done) return { status: 'processing', retry_after_ms: RETRY_AFTER_MS };
        stat = await deps.storage.stat(target);
        if (!stat)
          throw new HttpError(409, 'media_not_ready', 'The download could not be prepared');
      }

      await deps.media.recordDownload(caller.channelId, caller.userId, event.id);
      const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
      const token = deps.tokens.sign({
        scope: 'd',
        subjectId: event.id,
        channelId: caller.channelId,
        keyId: caller.keyId,
        expiresAt,
      });
      const filename = downloadName(event.name, event.event_utc_ts);
      const rest = relativeToEvent(caller.channelId, event.id, target) ?? 'download/event.mp4';
      return {
        status: 'ready',
        url: `${mediaUrl(event.id, token, rest)}?filename=${filename}`,
        filename,
        size_bytes: stat.size,
        expires_at: expiresAt.toISOString(),
        downloads_used: used.hasEvent ? used.used : used.used + 1,
        downloads_limit: limit,
      };
    },
  };
}
export type DownloadService = ReturnType<typeof createDownloadService>;
