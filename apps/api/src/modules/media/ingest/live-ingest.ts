import type { MediaStorage, Rendition } from '@rudy/media';
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
import { takeListenFd } from './socket-activation.js';
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

/** What the ingest's server needs before anything else exists: its log and limits. */
export interface IngestServerOptions {
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  limits?: RtmpLimits;
}

/**
 * The RTMP ingest: an operator's encoder publishes with a game's stream key, and the game is live
 * on the site through the same files, rows and lease as the synthetic live (one publisher per
 * game, on any worker); when the publisher stops, the recording becomes the game's VOD. A key
 * rotated while publishing cuts the publisher within a tick.
 */
export function createLiveIngest(deps: LiveIngestDeps) {
  const ingest = openLiveIngest({ log: deps.log, ...(deps.limits ? { limits: deps.limits } : {}) });
  ingest.ready(deps);
  return ingest;
}

/**
 * The ingest's server before what a publish needs is there (a worker starting after a kill: its
 * database, identity and liveness lock, issue 28). It listens at once, so a reconnecting encoder
 * is not refused meanwhile: connections are taken and their handshake answered, and a `publish`
 * waits (its socket held, without a timeout) until `ready` gives the dependencies, then is
 * authorised as usual.
 */
export function openLiveIngest(o: IngestServerOptions) {
  /** Games publishing through this process (a slot is taken before the first await of a claim). */
  const slots = new Map<number, Slot>();
  let give: (deps: LiveIngestDeps) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const authorizer = new Promise<Authorize>((resolve, reject) => {
    give = (deps) => resolve(ingestAuthorizer(deps, slots));
    fail = reject;
  });
  authorizer.catch(() => undefined);
  const server = createRtmpServer({
    authorize: async (key, link) => (await authorizer)(key, link),
    log: o.log,
    ...(o.limits ? { limits: o.limits } : {}),
  });
  return {
    listen: (port: number | { fd: number }, host?: string) => server.listen(port, host),
    /** What publishes need is there: the publishes waiting for it go on. Once. */
    ready: (deps: LiveIngestDeps) => give(deps),
    /** Cuts every publisher and waits (15 s at most) for their recordings to be finished. */
    async close() {
      fail(new Error('ingest closed before its start-up finished'));
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
export type LiveIngest = ReturnType<typeof openLiveIngest>;

/** A publish's check and, once accepted, its session: see createLiveIngest. */
function ingestAuthorizer(deps: LiveIngestDeps, slots: Map<number, Slot>): Authorize {
  const keys = createLiveIngestRepository(deps.db);
  const { owner, reclaim } = leaseOwner('ingest', deps.identity);
  const lockKey = () => deps.liveness?.key() ?? null;
  const leaseUntil = () => new Date(deps.now().getTime() + deps.leaseMs);
  /** Said in the log and shown in the console; never with the key. */
  const dropped = async (eventId: number, reason: LiveDropReason) => {
    deps.log.info({ eventId, reason }, 'rtmp publisher dropped');
    await keys
      .dropped(eventId, reason, deps.now())
      .catch((error: unknown) => deps.log.error({ err: error, eventId }, 'drop not recorded'));
  };

  return async (key, link) => {
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
    const mediaId = claim.id;
    const since = deps.now();
    // The claim holds: the publisher is accepted now and sends on, its frames held by the session
    // while the recording opens (a takeover's settling, a bucket's restore) and its encoder starts
    // (issue 28: a reconnecting encoder kept waiting loses those seconds of the game).
    const opening = (async () => {
      // Its uploads are fenced by the lease: once taken over, this encoder writes nothing more.
      const fence = leaseFence(deps.repo, { mediaId, owner, leaseMs: deps.leaseMs, now: deps.now });
      await settleTakeover(deps.storage, claim, deps.leaseMs);
      return openLiveRecording(deps.storage, storageKey, deps.log, fence);
    })();
    opening.catch(() => undefined);
    let opened: Awaited<typeof opening> | null = null;
    // The console and the viewers are told meanwhile; neither waits for the other.
    const announced = (async () => {
      await keys.online(eventId, since);
      // On air now, whatever the schedule said (a pre-game show, a wrong start time).
      if (await deps.repo.startGameNow(eventId, since)) {
        deps.log.info({ eventId }, 'game started early by its publisher');
      }
    })().catch((error: unknown) =>
      deps.log.error({ err: error, eventId }, 'publisher not announced'),
    );
    deps.log.info({ eventId, remoteAddress: link.remoteAddress }, 'rtmp publisher accepted');

    let live = false;
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
      const ours = await deps.repo.renewLeases(owner, [mediaId], leaseUntil(), lockKey());
      if (!ours.has(mediaId)) {
        leaseLost = true;
        deps.log.error({ eventId }, 'live encoder lease taken over; publisher cut');
        session?.stop('published_elsewhere');
      }
    };
    // From the accept: the lease is renewed while the recording opens, however long that takes.
    const timer = setInterval(() => {
      void tick().catch((error: unknown) =>
        deps.log.error({ err: error, eventId }, 'live ingest tick failed'),
      );
      // Viewers are told once the first playlist exists, so players never get a 404.
      if (!live && opened && recordingIsServable(opened.dir, opened.mirror)) {
        live = true;
        void deps.repo.setStatus(mediaId, 'live');
      }
    }, TICK_MS);
    const recording = opening.then(
      (r) => {
        opened = r;
        return r.dir;
      },
      (error: unknown) => {
        deps.log.error({ err: error, eventId }, 'live recording could not be opened');
        throw error;
      },
    );
    session = createPublishSession({
      recording,
      link,
      ...(deps.ladder ? { ladder: deps.ladder } : {}),
      ...(deps.segmentSeconds ? { segmentSeconds: deps.segmentSeconds } : {}),
      hooks: {
        log: deps.log,
        started() {
          opened?.mirror?.start();
        },
        async ended(reason) {
          clearInterval(timer);
          await announced;
          const done = await opening.catch(() => null);
          const mirror = done?.mirror ?? null;
          const finished = () => {
            if (slots.get(eventId) === slot) slots.delete(eventId);
            release();
          };
          if (leaseLost) {
            await mirror?.stop().catch(() => undefined);
            finished();
            return;
          }
          if (reason !== 'unpublished') await dropped(eventId, reason);
          try {
            if (done) {
              await finishLiveRecording(deps, {
                mediaId,
                eventId,
                channelId,
                dir: done.dir,
                key: storageKey,
                mirror,
                owner,
              });
            } else {
              // Nothing was recorded: the lease lapses at once, for the next publish.
              await deps.repo.renewLeases(owner, [mediaId], since).catch(() => undefined);
            }
          } finally {
            await keys.offline(eventId, deps.now());
            finished();
            deps.log.info({ eventId }, 'rtmp publisher ended');
          }
        },
      },
    });
    if (stopped) session.stop(stopped);
    return session;
  };
}

/**
 * The worker's ingest, when this deployment runs one (ingestSettings): listening, its publishes
 * waiting for `ready`, or null when it is off or its port is taken (another worker on this
 * machine has it; logged, not fatal).
 */
export async function startLiveIngest(
  settings: IngestSettings | null,
  o: IngestServerOptions,
): Promise<LiveIngest | null> {
  if (!settings) return null;
  const ingest = openLiveIngest(o);
  try {
    // Passed by the supervisor (systemd's socket unit): kept open across this process's restarts.
    const fd = takeListenFd();
    const port = await ingest.listen(fd === null ? settings.port : { fd }, settings.bind);
    if (fd !== null && port !== settings.port) {
      o.log.error({ port, configured: settings.port }, 'rtmp socket passed on another port');
    }
    o.log.info({ port, bind: settings.bind, passed: fd !== null }, 'rtmp ingest listening');
    return ingest;
  } catch (error) {
    o.log.error({ err: error, port: settings.port }, 'rtmp ingest could not listen');
    await ingest.close().catch(() => undefined);
    return null;
  }
}
