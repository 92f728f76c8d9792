import type PgBoss from 'pg-boss';

/** Job names and payloads. Handlers are idempotent: pg-boss may deliver a job more than once. */
export const QUEUES = {
  /** A finished demo game: render a synthetic source, then package it like an upload. */
  demoGame: 'media.demo-game',
  /** The demo channel's pre-roll clips. */
  demoPrerolls: 'media.demo-prerolls',
  /** A source file in storage → the event's VOD and stills. */
  packageVod: 'media.package-vod',
  /** Stills (poster, thumbnails, previews) of an ended live recording. */
  liveStills: 'media.live-stills',
  /** A source the console uploaded → its game's or library video's VOD (issue 17). */
  packageUpload: 'media.package-upload',
  /** A game's ready replay → its detected key moments (issue 35). */
  detectMoments: 'media.detect-moments',
  /** A game whose moments were detected → its highlights reel, once per game (issue 35). */
  highlightsReel: 'media.highlights-reel',
} as const;

export interface EventJob {
  channelId: number;
  eventId: number;
}
export interface PackageVodJob extends EventJob {
  sourceKey: string;
  sourceHasFixedGop?: boolean;
}
export interface LiveStillsJob extends EventJob {
  storageKey: string;
  durationSeconds: number;
}
export interface PackageUploadJob {
  channelId: number;
  uploadId: string;
}
export interface DemoPrerollsJob {
  channelIds: number[];
}

/**
 * 'stately': at most one queued and one running job per singleton key (the event), so enqueueing
 * at every start-up never piles up duplicates. Retries cover a crashed ffmpeg or a restart.
 */
export const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  // A demo game takes well under a minute; a job orphaned by a crash is retried after this.
  [QUEUES.demoGame]: { policy: 'stately', retryLimit: 2, retryDelay: 10, expireInSeconds: 300 },
  [QUEUES.demoPrerolls]: { policy: 'stately', retryLimit: 2, retryDelay: 10, expireInSeconds: 120 },
  [QUEUES.packageVod]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 6 * 3600,
  },
  // Audio only, hundreds of times realtime: minutes would mean a stuck ffmpeg.
  [QUEUES.detectMoments]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 3600,
  },
  // A few pieces cut by stream copy (seconds); a reel already made is never redone.
  [QUEUES.highlightsReel]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 1800,
  },
  [QUEUES.liveStills]: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 },
  // A failed transcode is recorded on the upload for the operator's Retry; pg-boss retries only
  // what died with its worker (the lease reaper fails those).
  [QUEUES.packageUpload]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 6 * 3600,
  },
};
