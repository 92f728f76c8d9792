import { randomUUID } from 'node:crypto';
import type { DatalakeEventBody, DatalakeSessionBody, DatalakeViewingBody } from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import type { ChannelDirectory } from './channel-directory.js';
import {
  eventRow,
  sessionRow,
  videoEventRow,
  viewingRow,
  type RawRow,
  type VideoEventInput,
} from './datalake-rows.js';
import { utcDay, type DatalakeRepository } from './datalake.repository.js';
import { createAnalyticsHousekeeping } from './analytics-housekeeping.js';
import { createIngestBuffer, type IngestLog } from './ingest-buffer.js';
import type { ReporterIdentity } from './reporter-identity.js';
import { rollUp, rollupAccumulator } from './rollup.js';
import { createViewChannels } from './view-channels.js';

const DAY_MS = 86_400_000;
/**
 * Rows aggregated in one go: a full batch at once held every request back for milliseconds (the
 * ingest's p99 at 50 connections), a slice at a time lets them in between.
 */
const ROLLUP_SLICE = 250;

export interface DatalakeSettings {
  flushMs: number;
  batchRows: number;
  maxBufferedRows: number;
  /** Raw rows are kept this many days (whole day partitions are dropped). */
  rawRetentionDays: number;
  /** Hourly rollups are kept this many days. */
  rollupRetentionDays: number;
}

/** SQLSTATE class 22 (data exception): the row, not the database, is at fault. */
const isDataError = (error: unknown) => String((error as { code?: unknown }).code).startsWith('22');

const unknownChannel = () =>
  new HttpError(400, 'validation_failed', 'profile: unknown channel', {
    profile: 'unknown channel',
  });

const anotherChannelsView = () =>
  new HttpError(400, 'validation_failed', 'video_view_uuid: a view of another channel', {
    video_view_uuid: 'a view of another channel',
  });

type ChannelId = number | null | Promise<number | null>;

/** The first channel found, the next asked only when the first has none. */
const orElse = (first: ChannelId, next: () => ChannelId): ChannelId =>
  first instanceof Promise ? first.then((id) => id ?? next()) : (first ?? next());

/**
 * The datalake of spec section 7: validated calls become raw rows of their channel, buffered and
 * written in batches with their rollups (each batch creates its day's partition when missing).
 */
export function createDatalakeService(deps: {
  repo: DatalakeRepository;
  channels: ChannelDirectory;
  /** The user bound to a call's API key: the only user a row is counted as. */
  identify: ReporterIdentity;
  /** The channel the site serves on a host no channel names (DEFAULT_CHANNEL_KEY). */
  defaultChannelKey: string;
  settings: DatalakeSettings;
  log: IngestLog;
  now?: () => Date;
}) {
  const { repo, channels, identify, settings, log } = deps;
  const now = deps.now ?? (() => new Date());
  const partitions = new Set<string>();
  const views = createViewChannels((view) => repo.viewChannel(view));

  async function ensurePartition(day: string) {
    if (partitions.has(day)) return;
    await repo.ensurePartition(day);
    partitions.add(day);
  }

  /** A batch's rollups, a slice at a time with a turn of the event loop between slices. */
  async function rollUpInTurns(rows: RawRow[]) {
    const rollup = rollupAccumulator(channels.zoneOf);
    for (let i = 0; i < rows.length; i += ROLLUP_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      rollup.add(rows.slice(i, i + ROLLUP_SLICE));
    }
    return rollup.result();
  }

  async function store(rows: RawRow[]) {
    // The UTC day of each row by arithmetic, its text only when it changes (utcDay per row was
    // a measurable part of a batch).
    let dayNo = NaN;
    for (const row of rows) {
      const n = Math.floor(row.received_at.getTime() / DAY_MS);
      if (n === dayNo) continue;
      dayNo = n;
      await ensurePartition(utcDay(row.received_at));
    }
    try {
      await repo.writeBatch(rows, await rollUpInTurns(rows));
    } catch (error) {
      if (!isDataError(error)) throw error;
      // A row the database refuses (validation should make this impossible) must not hold the
      // others back forever: each is written alone, and only the refused ones are dropped.
      let dropped = 0;
      for (const row of rows) {
        await repo.writeBatch([row], rollUp([row], channels.zoneOf)).catch((rowError: unknown) => {
          if (!isDataError(rowError)) throw rowError;
          dropped++;
        });
      }
      log.error(
        { err: error, dropped, rows: rows.length },
        'datalake rows refused by the database',
      );
    }
  }

  const buffer = createIngestBuffer({
    store,
    flushMs: settings.flushMs,
    batchRows: settings.batchRows,
    maxRows: settings.maxBufferedRows,
    log,
  });

  function keep(row: RawRow) {
    if (!buffer.accept(row))
      throw new HttpError(503, 'analytics_busy', 'Analytics is busy, retry later');
  }

  /**
   * Keeps the row of a call once its channel (and its reporter, when it carries an API key) is
   * known: at once (no promise) when the channel directory answers from memory and no key is to
   * be checked, which is every heartbeat but the first after a start and a miss.
   */
  function keepFor(
    id: ChannelId,
    row: (channelId: number) => RawRow | Promise<RawRow>,
  ): void | Promise<void> {
    if (typeof id === 'number') {
      const built = row(id);
      return built instanceof Promise ? built.then(keep) : keep(built);
    }
    if (id === null) throw unknownChannel();
    return id.then((found) => keepFor(found, row));
  }

  /** A row with its verified reporter (identify): at once for a call without an API key. */
  function withReporter(
    apiKey: string | null | undefined,
    channelId: number,
    build: (userId: number | null) => RawRow,
  ): RawRow | Promise<RawRow> {
    const user = identify(apiKey, channelId);
    return user === null ? build(null) : user.then(build);
  }

  /** Files a video view's call under the channel, unless the view is another channel's. */
  function fileView(view: string, channelId: number) {
    if (!views.claim(view, channelId)) throw anotherChannelsView();
  }

  /**
   * The channel of a heartbeat: the profile it names; without one (the spec's payload), its
   * view's (from the view's earlier calls), else the one the site serves at origin_url.
   */
  function viewingChannel(body: DatalakeViewingBody): ChannelId {
    if (body.profile) return channels.byKey(body.profile);
    return orElse(views.find(body.video_view_uuid), () =>
      channels.byUrl(body.origin_url, deps.defaultChannelKey),
    );
  }

  // Retention runs in the worker (analytics-housekeeping.ts); exposed here for tests and tools.
  const maintain = createAnalyticsHousekeeping({
    repo,
    rawRetentionDays: settings.rawRetentionDays,
    rollupRetentionDays: settings.rollupRetentionDays,
    now,
    log,
  });

  return {
    /** GET /datalake/hash/: a new session hash; nothing is stored until the session is posted. */
    hash: () => ({ data: randomUUID() }),

    // Each returns a promise only when the channel directory had to be read first, or an API
    // key checked.
    session: (body: DatalakeSessionBody) =>
      keepFor(channels.byKey(body.profile), (id) => sessionRow(id, body, now())),
    event: (body: DatalakeEventBody) => {
      const at = now();
      return keepFor(channels.byKey(body.profile), (id) =>
        withReporter(body.api_key, id, (user) => eventRow(id, body, at, user)),
      );
    },
    videoEvent: (
      body: VideoEventInput & { profile: string; api_key?: string | null | undefined },
    ) => {
      const at = now();
      return keepFor(channels.byKey(body.profile), (id) => {
        fileView(body.video_view_uuid, id);
        return withReporter(body.api_key, id, (user) => videoEventRow(id, body, at, user));
      });
    },
    viewing: (body: DatalakeViewingBody) => {
      const at = now();
      return keepFor(viewingChannel(body), (id) => {
        fileView(body.video_view_uuid, id);
        return viewingRow(id, body, at);
      });
    },

    /** Today's and tomorrow's partitions, so the first writes do not wait for them. */
    async start() {
      const today = now();
      await ensurePartition(utcDay(today));
      await ensurePartition(utcDay(new Date(today.getTime() + DAY_MS)));
    },
    maintain,
    flush: () => buffer.flush(),
    /** Writes every accepted row still in memory. */
    async close() {
      await buffer.close();
    },
    stats: () => buffer.stats(),
  };
}
export type DatalakeService = ReturnType<typeof createDatalakeService>;
