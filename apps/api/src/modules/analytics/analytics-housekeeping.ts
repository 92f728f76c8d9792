import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../jobs/recurring-job.js';
import {
  createDatalakeRepository,
  utcDay,
  type DatalakeRepository,
} from './datalake.repository.js';
import type { IngestLog } from './ingest-buffer.js';

const DAY_MS = 86_400_000;
/** Presence rows this old are gone from "viewers now" anyway; the table stays small. */
const PRESENCE_KEEP_MS = 10 * 60_000;

const HOUSEKEEPING_QUEUE = 'analytics.housekeeping';

export const ANALYTICS_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(HOUSEKEEPING_QUEUE, 600);

/**
 * Today's and tomorrow's raw partitions, then retention: whole day partitions past
 * ANALYTICS_RETENTION_DAYS dropped, rollups past ANALYTICS_ROLLUP_RETENTION_DAYS and stale presence
 * rows deleted. Safe to run twice and side by side (if-not-exists, drops of what is old).
 */
export function createAnalyticsHousekeeping(deps: {
  repo: DatalakeRepository;
  rawRetentionDays: number;
  rollupRetentionDays: number;
  now: () => Date;
  log: Pick<IngestLog, 'info'>;
}) {
  const { repo, log } = deps;
  return async function housekeeping() {
    const today = deps.now();
    await repo.ensurePartition(utcDay(today));
    await repo.ensurePartition(utcDay(new Date(today.getTime() + DAY_MS)));
    const oldestKept = utcDay(new Date(today.getTime() - deps.rawRetentionDays * DAY_MS));
    for (const p of await repo.partitions()) {
      if (p.day < oldestKept) {
        await repo.dropPartition(p.name);
        log.info({ partition: p.name }, 'analytics raw partition dropped (retention)');
      }
    }
    await repo.pruneRollups(new Date(today.getTime() - deps.rollupRetentionDays * DAY_MS));
    await repo.prunePresence(new Date(today.getTime() - PRESENCE_KEEP_MS));
  };
}

/** The worker side: housekeeping hourly, on whichever worker takes the pass. */
export async function registerAnalyticsJobs(
  boss: PgBoss,
  o: { config: Config; db: DB; runner: JobRunner; now: () => Date },
) {
  const housekeeping = createAnalyticsHousekeeping({
    repo: createDatalakeRepository(o.db),
    rawRetentionDays: o.config.ANALYTICS_RETENTION_DAYS,
    rollupRetentionDays: o.config.ANALYTICS_ROLLUP_RETENTION_DAYS,
    now: o.now,
    log: o.runner.log,
  });
  await registerRecurringJob(boss, {
    queue: HOUSEKEEPING_QUEUE,
    everySeconds: 3600,
    run: housekeeping,
    log: o.runner.log,
  });
}
