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
import { rollUp } from './rollup.js';

const DAY_MS = 86_400_000;

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

/**
 * The datalake of spec section 7: validated calls become raw rows of their channel, buffered and
 * written in batches with their rollups (each batch creates its day's partition when missing).
 */
export function createDatalakeService(deps: {
  repo: DatalakeRepository;
  channels: ChannelDirectory;
  settings: DatalakeSettings;
  log: IngestLog;
  now?: () => Date;
}) {
  const { repo, channels, settings, log } = deps;
  const now = deps.now ?? (() => new Date());
  const partitions = new Set<string>();

  async function ensurePartition(day: string) {
    if (partitions.has(day)) return;
    await repo.ensurePartition(day);
    partitions.add(day);
  }

  async function store(rows: RawRow[]) {
    for (const day of new Set(rows.map((r) => utcDay(r.received_at)))) await ensurePartition(day);
    try {
      await repo.writeBatch(rows, rollUp(rows, channels.zoneOf));
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

  async function channelOf(profile: string | null | undefined, originUrl?: string | null) {
    const id = profile ? await channels.byKey(profile) : await channels.byUrl(originUrl);
    if (id === null) throw unknownChannel();
    return id;
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

    async session(body: DatalakeSessionBody) {
      keep(sessionRow(await channelOf(body.profile), body, now()));
    },
    async event(body: DatalakeEventBody) {
      keep(eventRow(await channelOf(body.profile), body, now()));
    },
    async videoEvent(body: VideoEventInput & { profile: string }) {
      keep(videoEventRow(await channelOf(body.profile), body, now()));
    },
    async viewing(body: DatalakeViewingBody) {
      keep(viewingRow(await channelOf(body.profile, body.origin_url), body, now()));
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
