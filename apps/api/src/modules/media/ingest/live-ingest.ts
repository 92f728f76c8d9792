import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MediaStorage, Rendition } from '@rudy/media';
import type { DB } from '../../../db/database.js';
import { finishLiveRecording, type RecordingDeps } from '../live-recording.js';
import type { MediaJobsRepository } from '../media-jobs.repository.js';
import { eventPrefix } from '../media-paths.js';
import type { IngestSettings } from './ingest-settings.js';
import { createLiveIngestRepository } from './live-ingest.repository.js';
import { createPublishSession } from './publish-session.js';
import { createRtmpServer, type Authorize, type RtmpLimits } from './rtmp/rtmp-server.js';
import { streamKeyEvent, streamKeyMatches } from './stream-keys.js';

/** How often a publisher's bitrate is reported, its lease renewed and its key checked again. */
const TICK_MS = 2_000;

export interface LiveIngestDeps extends RecordingDeps {
  db: DB;
  repo: MediaJobsRepository;
  storage: MediaStorage;
  log: RecordingDeps['log'] & { error(obj: object, msg: string): void };
  /** The live encoder lease (LIVE_ENCODER_LEASE_SECONDS), as the synthetic live holds it. */
  leaseMs: number;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  limits?: RtmpLimits;
}

/**
 * The RTMP ingest: an operator's encoder publishes with a game's stream key, and the game is live
 * on the site through the same files, rows and lease as the synthetic live (one publisher per
 * game, on any worker); when the publisher stops, the recording becomes the game's VOD. A key
 * rotated while publishing cuts the publisher within a tick.
 */
export function createLiveIngest(deps: LiveIngestDeps) {
  const keys = createLiveIngestRepository(deps.db);
  const owner = `ingest-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** Games publishing through this process (reserved before the first await of a claim). */
  const active = new Set<number>();
  const leaseUntil = () => new Date(deps.now().getTime() + deps.leaseMs);

  const authorize: Authorize = async (key, link) => {
    const eventId = streamKeyEvent(key);
    if (eventId === null) return { refused: 'malformed key' };
    const row = await keys.keyOf(eventId);
    if (!row || !streamKeyMatches(key, row.key_hash)) return { refused: 'unknown key' };
    if (active.has(eventId)) return { refused: 'already publishing' };
    active.add(eventId);
    const channelId = row.channel_id;
    const storageKey = `${eventPrefix(channelId, eventId)}/live/master.m3u8`;
    const claim = await deps.repo
      .claimLive({ channelId, eventId, storageKey, owner, now: deps.now(), until: leaseUntil() })
      .catch((error: unknown) => {
        active.delete(eventId);
        throw error;
      });
    if (!claim) {
      active.delete(eventId);
      return { refused: 'published elsewhere' };
    }
    const dir = await deps.storage.liveDir(path.posix.dirname(storageKey));
    const since = deps.now();
    await keys.online(eventId, since);
    deps.log.info({ eventId, remoteAddress: link.remoteAddress }, 'rtmp publisher accepted');

    let timer: NodeJS.Timeout | undefined;
    let announced = false;
    const tick = async () => {
      const kbps = session.kbps();
      const current = await keys.keyOf(eventId);
      // Rotated (or the game deleted): the old key no longer publishes.
      if (!current || !streamKeyMatches(key, current.key_hash)) {
        deps.log.info({ eventId }, 'rtmp publisher cut: its key was rotated');
        session.stop();
        return;
      }
      await keys.seen(eventId, deps.now(), kbps);
      await deps.repo.renewLeases(owner, [claim.id], leaseUntil());
    };
    const session = createPublishSession({
      dir,
      link,
      ...(deps.ladder ? { ladder: deps.ladder } : {}),
      ...(deps.segmentSeconds ? { segmentSeconds: deps.segmentSeconds } : {}),
      hooks: {
        log: deps.log,
        started() {
          timer = setInterval(() => {
            void tick().catch((error: unknown) =>
              deps.log.error({ err: error, eventId }, 'live ingest tick failed'),
            );
            // Viewers are told once the first playlist exists, so players never get a 404.
            if (!announced && hasPlaylist(dir)) {
              announced = true;
              void deps.repo.setStatus(claim.id, 'live');
            }
          }, TICK_MS);
        },
        async ended() {
          clearInterval(timer);
          try {
            await finishLiveRecording(deps, {
              mediaId: claim.id,
              eventId,
              channelId,
              dir,
              key: storageKey,
            });
          } finally {
            await keys.offline(eventId, deps.now());
            active.delete(eventId);
            deps.log.info({ eventId }, 'rtmp publisher ended');
          }
        },
      },
    });
    return session;
  };

  const server = createRtmpServer({
    authorize,
    log: deps.log,
    ...(deps.limits ? { limits: deps.limits } : {}),
  });
  return {
    listen: (port: number, host: string) => server.listen(port, host),
    /** Cuts every publisher and waits (15 s at most) for their recordings to be finished. */
    async close() {
      await server.close();
      const until = Date.now() + 15_000;
      while (active.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    },
    publishing: () => [...active],
    connections: () => server.connections(),
  };
}
export type LiveIngest = ReturnType<typeof createLiveIngest>;

function hasPlaylist(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'v0', 'index.m3u8'));
}

/**
 * The worker's ingest, when this deployment runs one (ingestSettings): listening, or null when it
 * is off or its port is taken (another worker on this machine has it; logged, not fatal).
 */
export async function startLiveIngest(
  settings: IngestSettings | null,
  deps: LiveIngestDeps,
): Promise<LiveIngest | null> {
  if (!settings) return null;
  const ingest = createLiveIngest(deps);
  try {
    const port = await ingest.listen(settings.port, settings.bind);
    deps.log.info({ port, bind: settings.bind }, 'rtmp ingest listening');
    return ingest;
  } catch (error) {
    deps.log.error({ err: error, port: settings.port }, 'rtmp ingest could not listen');
    await ingest.close().catch(() => undefined);
    return null;
  }
}
