import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import {
  createLiveMirror,
  finalizeLiveRecording,
  restoreLiveRecording,
  type LiveMirror,
  type MediaStorage,
} from '@rudy/media';
import type { MediaJobsRepository } from './media-jobs.repository.js';
import type { LiveStillsJob } from './media-queues.js';

export interface LiveRecording {
  mediaId: number;
  eventId: number;
  channelId: number;
  /** The local folder the encoder wrote (storage.liveDir of the key's folder). */
  dir: string;
  /** Storage key of the recording's master playlist. */
  key: string;
  /**
   * The demo's synthetic game (a loop, not a real game): its VOD is marked so, and
   * DEMO_RECORDING_RETENTION_HOURS later it is replaced by a short rendered game.
   */
  synthetic?: boolean;
  /** With a bucket: the uploader of the encoder that wrote the recording here (none: it died). */
  mirror?: LiveMirror | null;
  /**
   * The lease owner of the encoder that wrote it (none: a recording its dead encoder left). The
   * recording is finished only while that owner still holds the game: one taken over is the new
   * owner's to finish, and this one's playlists must not replace the new owner's.
   */
  owner?: string;
}

/** Before a lease's end, nobody may take it over (claimLive waits for it to lapse): writes stop this long before. */
const FENCE_MARGIN_MS = 2_000;

/**
 * The fence of a live encoder's uploads (issue 28): asked before each write to the bucket, yes
 * while `owner` holds the game's lease for a margin more (min(2 s, a quarter lease)). Another
 * worker claims only a lapsed lease, so a write begun with that margin left lands before any
 * takeover; a stopped or stale encoder (its lease taken) writes nothing more. A no on a slow
 * renewal only holds the write back to the next pass.
 */
export function leaseFence(
  repo: Pick<MediaJobsRepository, 'holdsLease'>,
  g: { mediaId: number; owner: string; leaseMs: number; now: () => Date },
): () => Promise<boolean> {
  const margin = fenceMargin(g.leaseMs);
  return () => repo.holdsLease(g.mediaId, g.owner, new Date(g.now().getTime() + margin));
}

const fenceMargin = (leaseMs: number) => Math.min(FENCE_MARGIN_MS, leaseMs / 4);

/**
 * A lease taken over before it lapsed (claimLive's `taken_over`: its holder's process is gone, its
 * liveness lock or its identity free): a write that holder's fence let begin before the takeover
 * may still be on its way to the bucket, for at most the fence's margin. The new owner opens the
 * recording that margin later, so that write has landed before the restore reads the bucket and
 * before anything of the new owner's is written. Without a bucket there is nothing in flight.
 */
export async function settleTakeover(
  storage: MediaStorage,
  claim: { taken_over: boolean },
  leaseMs: number,
): Promise<void> {
  if (!claim.taken_over || !storage.objects) return;
  await new Promise((r) => setTimeout(r, fenceMargin(leaseMs)));
}

/**
 * A live recording's folder for its encoder. With a bucket, the recording's home is the bucket:
 * a recording begun on another machine (a takeover) has its playlists brought here to be
 * continued, and a mirror (started by the caller once the encoder runs) uploads what it writes.
 */
export async function openLiveRecording(
  storage: MediaStorage,
  key: string,
  log: { error(obj: object, msg: string): void },
  fence?: () => Promise<boolean>,
): Promise<{ dir: string; mirror: LiveMirror | null }> {
  const prefix = path.posix.dirname(key);
  const dir = await storage.liveDir(prefix);
  if (!storage.objects) return { dir, mirror: null };
  await restoreLiveRecording(storage.objects, prefix, dir);
  const objects = storage.objects;
  return {
    dir,
    mirror: createLiveMirror({ dir, prefix, objects, log, ...(fence ? { fence } : {}) }),
  };
}

/** Viewers are told once the first playlist can be served (in the bucket, with one). */
export const recordingIsServable = (dir: string, mirror: LiveMirror | null) =>
  fs.existsSync(path.join(dir, 'v0', 'index.m3u8')) && (!mirror || mirror.holds('v0/index.m3u8'));

export interface RecordingDeps {
  repo: MediaJobsRepository;
  storage: MediaStorage;
  now: () => Date;
  onRecordingEnded: (job: LiveStillsJob) => Promise<void>;
  log: { info(obj: object, msg: string): void };
}

/**
 * A live stream is over, whoever made it (the demo's synthetic live or an operator's RTMP
 * encoder): its playlists get ENDLIST and type VOD, the live row ends, the recording becomes the
 * game's VOD and its stills are queued. Returns the recorded duration (0: nothing was recorded).
 */
export async function finishLiveRecording(deps: RecordingDeps, r: LiveRecording): Promise<number> {
  const objects = deps.storage.objects;
  const prefix = path.posix.dirname(r.key);
  let inBucket = new Set<string>();
  // The encoder's last segments go up (its mirror's fence permitting).
  if (objects && r.mirror) await r.mirror.stop();
  // Taken over before this encoder was told: the recording goes on elsewhere, untouched here.
  if (r.owner !== undefined && !(await deps.repo.holdsLease(r.mediaId, r.owner))) {
    return leftToNewOwner(deps, r);
  }
  if (objects) {
    // A recording whose worker died elsewhere is in the bucket.
    if (!r.mirror) await restoreLiveRecording(objects, prefix, r.dir);
    inBucket = new Set((await objects.list(`${prefix}/`)).map((k) => k.slice(prefix.length + 1)));
  }
  const { durationSeconds } = fs.existsSync(r.dir)
    ? await finalizeLiveRecording(r.dir, (name) => inBucket.has(name))
    : { durationSeconds: 0 };
  const ended = await deps.repo.endLive(r.mediaId, durationSeconds, deps.now(), r.owner);
  if (r.owner !== undefined && !ended) return leftToNewOwner(deps, r);
  if (durationSeconds <= 0) return 0;
  // With a bucket, the segments are there already: what this disk still has that the bucket
  // lacks goes up, then the final playlists (ENDLIST, type VOD) replace the live ones, and the
  // disk is freed.
  if (objects) {
    await createLiveMirror({ dir: r.dir, prefix, objects }).sync();
    await fsp.rm(r.dir, { recursive: true, force: true });
  }
  await deps.repo.upsertMedia({
    channelId: r.channelId,
    eventId: r.eventId,
    kind: MEDIA_KIND.vod,
    storageKey: r.key,
    status: 'ready',
    meta: {
      duration_seconds: durationSeconds,
      has_audio: true,
      source: 'live',
      ...(r.synthetic ? { synthetic: true } : {}),
    },
    ...(r.synthetic ? { endedAt: deps.now() } : {}),
  });
  await deps.onRecordingEnded({
    channelId: r.channelId,
    eventId: r.eventId,
    storageKey: r.key,
    durationSeconds,
  });
  deps.log.info({ eventId: r.eventId, durationSeconds }, 'live recording is now the VOD');
  return durationSeconds;
}

function leftToNewOwner(deps: RecordingDeps, r: LiveRecording): number {
  deps.log.info({ eventId: r.eventId }, 'live recording taken over; left to its new encoder');
  return 0;
}
