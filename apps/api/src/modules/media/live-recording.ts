import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { finalizeLiveRecording, type MediaStorage } from '@rudy/media';
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
}

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
  const { durationSeconds } = fs.existsSync(r.dir)
    ? await finalizeLiveRecording(r.dir)
    : { durationSeconds: 0 };
  await deps.repo.endLive(r.mediaId, durationSeconds, deps.now());
  if (durationSeconds <= 0) return 0;
  // With a bucket, the recording goes there (the live encoder could only write to this machine's
  // disk): every process can then serve the VOD, and the disk is freed. Until the upload is done
  // the files are read from disk, so viewers see no gap.
  if (deps.storage.kind === 's3') {
    await deps.storage.importDir(path.posix.dirname(r.key), r.dir);
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
