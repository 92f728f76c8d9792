import type { MediaCaller } from '../../lib/caller.js';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  MEDIA_KIND,
  type Clip,
  type ClipDownload,
  type ClipList,
  type CreateClipBody,
  type SharedClip,
} from '@rudy/contracts';
import { parseMediaPlaylist, type MediaStorage } from '@rudy/media';
import type { DB } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { ChannelService } from '../channel/channel.service.js';
import { eventType } from '../events/event-rules.js';
import type { EventAccess } from '../media/event-access.js';
import { clipPrefix, clipUrl } from '../media/media-paths.js';
import { chooseStream, dvrSeconds } from '../media/media-rules.js';
import type { MediaTokens } from '../media/media-token.js';
import type { MediaLookup } from '../media/media-lookup.js';
import { readPlaylist } from '../media/stored-playlist.js';
import { capabilitiesOf, type GrantsSource } from '../users/access.js';
import {
  checkClipRequest,
  clipFileName,
  recordingStartTime,
  startWithinRecording,
} from './clip-rules.js';
import type { ClipJobQueue } from './clips.jobs.js';
import type { ClipRow, ClipsRepository } from './clips.repository.js';
import { CLIP_MASTER } from '../media/media-paths.js';

/** Clip URLs are short-lived: a page asks again when it needs them later. */
const CLIP_TOKEN_TTL_MS = 60 * 60_000;

const clipNotFound = () => notFound('Clip not found');

/**
 * Clips (spec sections 3, 4 and 7): cut by a viewer holding `clipping` from a game they may watch,
 * within the recording that exists (a live game's DVR window included), counted against their
 * `clip` feature count; downloaded with `download_clip`; watched by anyone through the share link;
 * deleted by their owner. The cut itself is a job (clips.jobs.ts).
 */
export function createClipsService(deps: {
  db: DB;
  repo: ClipsRepository;
  media: MediaLookup;
  access: GrantsSource;
  eventAccess: EventAccess;
  channel: ChannelService;
  storage: MediaStorage;
  tokens: MediaTokens;
  queue: ClipJobQueue;
  /** LIVE_DVR_WINDOW_SECONDS: a live game is clipped within what its viewers can seek to. */
  dvrWindowSeconds?: number;
  now: () => Date;
}) {
  async function grantsOf(caller: MediaCaller & { userId: number }) {
    return capabilitiesOf(
      await deps.access.activeGrants(caller.channelId, caller.userId, deps.now()),
    );
  }

  function signedUrls(caller: MediaCaller, row: ClipRow) {
    if (row.status !== 'success') return { stream_url: null, poster_url: null };
    const token = deps.tokens.sign({
      scope: 'c',
      subjectId: row.id,
      channelId: caller.channelId,
      keyId: caller.keyId,
      expiresAt: new Date(deps.now().getTime() + CLIP_TOKEN_TTL_MS),
    });
    return {
      // Captions need a master playlist (their renditions); a clip without them plays its own.
      stream_url: clipUrl(row.id, token, row.has_captions ? CLIP_MASTER : 'index.m3u8'),
      poster_url: clipUrl(row.id, token, 'poster.jpg'),
    };
  }

  const sharePath = (row: ClipRow) => `/share/${row.id}/${row.share_uuid}`;

  function view(caller: MediaCaller, row: ClipRow, canDownload: boolean): Clip {
    return {
      id: row.id,
      event_id: row.event_id,
      event_media_id: row.event_media_id,
      name: row.name,
      start_time: row.start_time,
      duration: row.duration,
      tags: row.tags,
      status: row.status,
      share_uuid: row.share_uuid,
      share_path: sharePath(row),
      created_at: row.created_at.toISOString(),
      event: {
        id: row.event_id,
        name: row.event_name,
        event_utc_ts: row.event_utc_ts.toISOString(),
      },
      ...signedUrls(caller, row),
      can_download: canDownload && row.status === 'success',
    };
  }

  function requireUser(caller: MediaCaller): MediaCaller & { userId: number } {
    if (caller.userId === null) throw new HttpError(401, 'login_required');
    return caller as MediaCaller & { userId: number };
  }

  /** The top rendition of what the game plays now: its VOD, or its live recording (DVR). */
  async function clippableSource(
    caller: MediaCaller,
    eventId: number,
    eventMediaId?: number | null,
  ) {
    const event = await deps.media.event(caller.channelId, eventId);
    if (!event) throw notFound('Event not found');
    const access = await deps.eventAccess.decide(caller, event);
    if (access === 'geo_blocked') throw new HttpError(403, 'geo_blocked');
    if (access !== 'granted') {
      throw new HttpError(403, 'access_denied', 'You have no access to this event');
    }
    const media = await deps.media.media(caller.channelId, event.id);
    if (eventMediaId != null && !media.some((m) => m.id === eventMediaId)) {
      throw new HttpError(400, 'validation_failed', 'event_media_id: not a stream of this event', {
        event_media_id: 'not a stream of this event',
      });
    }
    const end = new Date(event.event_utc_ts.getTime() + event.duration_minutes * 60_000);
    const chosen = chooseStream(eventType(event.event_utc_ts, end, deps.now()), media);
    const source = chosen.source;
    // An external live source is someone else's stream: there is nothing of ours to cut.
    if (chosen.state !== 'ready' || !source || !('key' in source)) {
      throw new HttpError(409, 'media_not_ready', 'This game has no recording to clip yet');
    }
    const row = media.find(
      (m) =>
        (m.kind === MEDIA_KIND.vod || m.kind === MEDIA_KIND.live) && m.storage_key === source.key,
    );
    const rendition = `${path.posix.dirname(source.key)}/v0/index.m3u8`;
    const text = await readPlaylist(deps.storage, rendition);
    if (!text)
      throw new HttpError(409, 'media_not_ready', 'This game has no recording to clip yet');
    const playlist = parseMediaPlaylist(text);
    const recorded = playlist.totalSeconds;
    return {
      event,
      rendition,
      playlist,
      availableSeconds: recorded,
      // Live: only the DVR window (what viewers can seek to; the demo's synthetic games delete
      // what fell out of it). Times stay seconds of the recording.
      earliestSeconds:
        source.kind === 'live' ? recorded - dvrSeconds(recorded, deps.dvrWindowSeconds ?? 0) : 0,
      hasAudio: row?.meta.has_audio !== false,
    };
  }

  async function clipBudget(caller: MediaCaller & { userId: number }) {
    const { capabilities, featureCount } = await grantsOf(caller);
    const limit = (featureCount.clip ?? 0) > 0 ? (featureCount.clip ?? 0) : null;
    const used = await deps.repo.countActive(caller.channelId, caller.userId);
    return { capabilities, limit, used };
  }

  async function list(caller: MediaCaller, eventId?: number): Promise<ClipList> {
    const user = requireUser(caller);
    const [rows, budget, settings] = await Promise.all([
      deps.repo.ofUser(user.channelId, user.userId, eventId),
      clipBudget(user),
      deps.channel.settings(user.channelId),
    ]);
    const canDownload = budget.capabilities.includes('download_clip');
    return {
      data: rows.map((row) => view(user, row, canDownload)),
      clips_used: budget.used,
      clips_limit: budget.limit,
      can_clip: budget.capabilities.includes('clipping'),
      tags: settings.clip_tags,
      max_seconds: settings.clip_max_seconds,
    };
  }

  return {
    async create(caller: MediaCaller, body: CreateClipBody): Promise<Clip> {
      const user = requireUser(caller);
      const budget = await clipBudget(user);
      if (!budget.capabilities.includes('clipping')) {
        throw new HttpError(403, 'clipping_not_allowed', 'Clips are not part of your access');
      }
      if (budget.limit !== null && budget.used >= budget.limit) {
        throw new HttpError(403, 'clip_limit_reached', 'You have used all your clips');
      }
      const source = await clippableSource(user, body.event_id, body.event_media_id);
      // On a player's clock (`timeline`), start_time becomes seconds of the recording here.
      const mapped = recordingStartTime(source.playlist, body.start_time, body.timeline);
      if (mapped === null) {
        const message = 'timeline: not a segment of this recording';
        throw new HttpError(400, 'validation_failed', message, { timeline: message });
      }
      const startTime = startWithinRecording(mapped, source.earliestSeconds);
      const settings = await deps.channel.settings(user.channelId);
      const checked = checkClipRequest({
        startTime,
        duration: body.duration,
        tags: body.tags,
        availableSeconds: source.availableSeconds,
        earliestSeconds: source.earliestSeconds,
        allowedTags: settings.clip_tags,
        maxSeconds: settings.clip_max_seconds,
      });
      if (!('tags' in checked)) {
        throw new HttpError(checked.status, checked.code, checked.message, {
          [checked.field]: checked.message,
        });
      }
      // The clip and its job are stored together or not at all.
      const id = await deps.db.transaction().execute(async (trx) => {
        const clipId = await deps.repo.insert(trx, {
          channelId: user.channelId,
          userId: user.userId,
          eventId: source.event.id,
          eventMediaId: body.event_media_id ?? null,
          shareUuid: randomUUID(),
          name: body.name,
          startTime,
          duration: body.duration,
          tags: checked.tags,
          sourceKey: source.rendition,
          hasAudio: source.hasAudio,
        });
        await deps.queue.enqueue(trx, { channelId: user.channelId, clipId });
        return clipId;
      });
      deps.queue.wake();
      const row = await deps.repo.owned(user.channelId, user.userId, id);
      if (!row) throw clipNotFound();
      return view(user, row, false);
    },

    ofUser: (caller: MediaCaller) => list(caller),
    ofEvent: (caller: MediaCaller, eventId: number) => list(caller, eventId),

    /** Anyone with the link, signed in or not, may watch a finished clip (where the game may be seen). */
    async shared(caller: MediaCaller, shareUuid: string): Promise<SharedClip> {
      const row = await deps.repo.byShareUuid(caller.channelId, shareUuid);
      if (row?.status !== 'success') throw clipNotFound();
      const event = await deps.media.event(caller.channelId, row.event_id);
      if (!event) throw clipNotFound();
      const access = await deps.eventAccess.decide({ ...caller, userId: null }, event);
      if (access === 'geo_blocked') throw new HttpError(403, 'geo_blocked');
      const v = view(caller, row, false);
      return {
        id: v.id,
        event_id: v.event_id,
        name: v.name,
        duration: v.duration,
        tags: v.tags,
        created_at: v.created_at,
        event: v.event,
        stream_url: v.stream_url,
        poster_url: v.poster_url,
        share_path: v.share_path,
      };
    },

    async download(caller: MediaCaller, id: number): Promise<ClipDownload> {
      const user = requireUser(caller);
      const row = await deps.repo.owned(user.channelId, user.userId, id);
      if (!row) throw clipNotFound();
      const { capabilities } = await grantsOf(user);
      if (!capabilities.includes('download_clip')) {
        throw new HttpError(
          403,
          'download_not_allowed',
          'Clip downloads are not part of your access',
        );
      }
      if (row.status !== 'success') {
        throw new HttpError(409, 'media_not_ready', 'This clip is not ready yet');
      }
      const expiresAt = new Date(deps.now().getTime() + CLIP_TOKEN_TTL_MS);
      const token = deps.tokens.sign({
        scope: 'x',
        subjectId: row.id,
        channelId: user.channelId,
        keyId: user.keyId,
        expiresAt,
      });
      const filename = clipFileName(row.name);
      return {
        url: `${clipUrl(row.id, token, 'clip.mp4')}?filename=${filename}`,
        filename,
        size_bytes: row.size_bytes ?? 0,
        expires_at: expiresAt.toISOString(),
      };
    },

    async remove(caller: MediaCaller, id: number) {
      const user = requireUser(caller);
      const removed = await deps.repo.delete(user.channelId, user.userId, id);
      if (!removed) throw clipNotFound();
      await deps.storage.delete(`${clipPrefix(user.channelId, removed.id)}/`);
      return { message: 'Clip deleted.' };
    },
  };
}
export type ClipsService = ReturnType<typeof createClipsService>;
