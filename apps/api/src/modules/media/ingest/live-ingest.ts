import type { LiveMirror, MediaStorage, Rendition } from '@rudy/media';
import type { LiveDropReason } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import {
  finishLiveRecording,
  leaseFence,
  openLiveRecording,
  recordingIsServable,
  settleTakeover,
  type RecordingDeps,
} from '../live-recording.js';
import type { MediaJobsRepository } from '../media-jobs.repository.js';
import { eventPrefix } from '../media-paths.js';
import { leaseOwner, type WorkerIdentity } from '../live-lease-owner.js';
import type { WorkerLiveness } from '../../../jobs/worker-liveness.js';
import type { IngestSettings } from './ingest-settings.js';
import { createLiveIngestRepository } from './live-ingest.repository.js';
import { createPublishSession } from './publish-session.js';
import { createRtmpServer, type Authorize, type RtmpLimits } from './rtmp/rtmp-server.js';
import { streamKeyEvent, streamKeyMatches } from './stream-keys.js';

/** How often a publisher's bitrate is reported, its lease renewed and its key checked again. */
const TICK_MS = 2_000;
/**
 * How long a reconnecting publisher waits for its previous session to finish (the encoder writes
 * its last segments, the recording is closed) before it is refused.
 */
const TAKE_OVER_MS = 60_000;

/** A game's publishing in this process: from the key's check to the recording's end. */
interface Slot {
  /** Cuts the publisher (once there is one), saying why. */
  stop(reason: LiveDropReason): void;
  ended: Promise<void>;
}

export interface LiveIngestDeps extends RecordingDeps {
  db: DB;
  repo: MediaJobsRepository;
  storage: MediaStorage;
  log: RecordingDeps['log'] & { error(obj: object, msg: string): void };
  /** The live encoder lease (LIVE_ENCODER_LEASE_SECONDS), as the synthetic live holds it. */
  leaseMs: number;
  /** WORKER_ID, held: a publisher reconnecting to this worker's restart resumes at once. */
  identity?: WorkerIdentity | null;
  /** This process's liveness lock: when it dies, a publisher reconnecting to another ingest resumes at once. */
  liveness?: WorkerLiveness | null;
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
  const { owner, reclaim } = leaseOwner('ingest', deps.identity);
  const lockKey = () => deps.liveness?.key() ?? null;
  /** Games publishing through this process (a slot is taken before the first await of a claim). */
  const slots = new Map<number, Slot>();
  const leaseUntil = () => new Date(deps.now().getTime() + deps.leaseMs);
  /** Said in the log and shown in the console; never with the key. */
  const dropped = async (eventId: number, reason: LiveDropReason) => {
    deps.log.info({ eventId, reason }, 'rtmp publisher dropped');
    await keys
      .dropped(eventId, reason, deps.now())
      .catch((error: unknown) => deps.log.error({ err: error, eventId }, 'drop not recorded'));
  };

  const authorize: Authorize = async (key, link) => {
    const eventId = streamKeyEvent(key);
    if (eventId === null) return { refused: 'malformed key', badKey: true };
    const row = await keys.keyOf(eventId);
    if (!row || !streamKeyMatches(key, row.key_hash))
      return { refused: 'unknown key', badKey: true };

    // The same key again while its stream is on (OBS reconnecting after a drop the server may not
    // have seen yet): the new connection takes over, and the recording goes on.
    let stopped: LiveDropReason | null = null;
    let session: ReturnType<typeof createPublishSession> | null = null;
    let release = () => undefined as unknown;
    const slot: Slot = {
      stop(reason) {
        stopped ??= reason;
        session?.stop(reason);
      },
      ended: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const previous = slots.get(eventId);
    slots.set(eventId, slot);
    const giveUp = (refused: string) => {
      if (slots.get(eventId) === slot) slots.delete(eventId);
      release();
      return { refused };
    };
    if (previous) {
      previous.stop('replaced');
      const finished = await Promise.race([
        previous.ended.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), TAKE_OVER_MS).unref()),
      ]);
      if (!finished) {
        await dropped(eventId, 'replaced');
        return giveUp('already publishing');
      }
    }
    // Replaced in turn while waiting: the newest connection goes on.
    if (stopped) return giveUp('replaced');

    const channelId = row.channel_id;
    const storageKey = `${eventPrefix(channelId, eventId)}/live/master.m3u8`;
    let claim;
    try {
      claim = await deps.repo.claimLive({
        channelId,
        eventId,
        storageKey,
        owner,
        now: deps.now(),
        until: leaseUntil(),
        reclaim: reclaim(),
        lock: lockKey(),
      });
    } catch (error) {
      giveUp('error');
      throw error;
    }
    if (!claim) {
      await dropped(eventId, 'published_elsewhere');
      return giveUp('published elsewhere');
    }
    let dir: string;
    let mirror: LiveMirror | null;
    const since = deps.now();
    try {
      // Its uploads are fenced by the lease: once taken over, this encoder writes nothing more.
      const fence = leaseFence(deps.repo, {
        mediaId: claim.id,
        owner,
        leaseMs: deps.leaseMs,
        now: deps.now,
      });
      await settleTakeover(deps.storage, claim, deps.leaseMs);
      ({ dir, mirror } = await openLiveRecording(deps.storage, storageKey, deps.log, fence));
      await keys.online(eventId, since);
      // On air now, whatever the schedule said (a pre-game show, a wrong start time).
      if (await deps.repo.startGameNow(eventId, since)) {
        deps.log.info({ eventId }, 'game started early by its publisher');
      }
    } catch (error) {
      await deps.repo.renewLeases(owner, [claim.id], since).catch(() => undefined);
      giveUp('error');
      throw error;
    }
    deps.log.info({ eventId, remoteAddress: link.remoteAddress }, 'rtmp publisher accepted');

    let timer: NodeJS.Timeout | undefined;
    let announced = false;
    /** Another process took the lease (fencing): this one stops and leaves the recording to it. */
    let leaseLost = false;
    const tick = async () => {
      if (!session) return;
      const kbps = session.kbps();
      const current = await keys.keyOf(eventId);
      // Rotated (or the game deleted): the old key no longer publishes.
      if (!current || !streamKeyMatches(key, current.key_hash)) {
        session?.stop('key_rotated');
        return;
      }
      await keys.seen(eventId, deps.now(), kbps, session.health());
      const ours = await deps.repo.renewLeases(owner, [claim.id], leaseUntil(), lockKey());
      if (!ours.has(claim.id)) {
        leaseLost = true;
        deps.log.error({ eventId }, 'live encoder lease taken over; publisher cut');
        session?.stop('published_elsewhere');
      }
    };
    session = createPublishSession({
      dir,
      link,
      ...(deps.ladder ? { ladder: deps.ladder } : {}),
      ...(deps.segmentSeconds ? { segmentSeconds: deps.segmentSeconds } : {}),
      hooks: {
        log: deps.log,
        started() {
          mirror?.start();
          timer = setInterval(() => {
            void tick().catch((error: unknown) =>
              deps.log.error({ err: error, eventId }, 'live ingest tick failed'),
            );
            // Viewers are told once the first playlist exists, so players never get a 404.
            if (!announced && recordingIsServable(dir, mirror)) {
              announced = true;
              void deps.repo.setStatus(claim.id, 'live');
            }
          }, TICK_MS);
        },
        async ended(reason) {
          clearInterval(timer);
          if (leaseLost) {
            await mirror?.stop().catch(() => undefined);
            if (slots.get(eventId) === slot) slots.delete(eventId);
            release();
            return;
          }
          if (reason !== 'unpublished') await dropped(eventId, reason);
          try {
            await finishLiveRecording(deps, {
              mediaId: claim.id,
              eventId,
              channelId,
              dir,
              key: storageKey,
              mirror,
              owner,
            });
          } finally {
            await keys.offline(eventId, deps.now());
            if (slots.get(eventId) === slot) slots.delete(eventId);
            release();
            deps.log.info({ eventId }, 'rtmp publisher ended');
          }
        },
      },
    });
    if (stopped) session.stop(stopped);
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
      await Promise.race([
        Promise.all([...slots.values()].map((s) => s.ended)),
        new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())).unref()),
      ]);
    },
    publishing: () => [...slots.keys()],
    connections: () => server.connections(),
  };
}
export type LiveIngest = ReturnType<typeof createLiveIngest>;

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
