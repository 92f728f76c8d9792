import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type PgBoss from 'pg-boss';
import type { WorkerLog } from '../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../jobs/recurring-job.js';
import type { MediaJobsRepository } from './media-jobs.repository.js';

/** The recurring pass that hands the jobs of dead workers back to pg-boss. */
export const LEASE_REAPER_QUEUE = 'media.lease-reaper';
export const LEASE_REAPER_QUEUE_OPTIONS = recurringQueueOptions(LEASE_REAPER_QUEUE, 120);

/**
 * Leases of running media jobs. pg-boss 10 has no heartbeat: a job whose worker was killed stays
 * 'active' until its queue's expiry (hours for a long transcode). Each job instead holds a row in
 * media_job_leases renewed four times per lease while it runs; the reaper re-queues (fails, so
 * pg-boss retries it with the queue's delay and retry limit) the jobs whose lease lapsed. Handlers
 * must therefore be safe to run again, even beside a slow earlier run: their outputs are published
 * whole under fixed keys (importDir) and recorded with upserts, never appended.
 */
export function createMediaJobLeases(o: {
  repo: MediaJobsRepository;
  log: WorkerLog;
  leaseSeconds: number;
}) {
  const { repo, log, leaseSeconds } = o;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const renewEveryMs = Math.max(250, (leaseSeconds * 1000) / 4);

  return {
    owner,
    /** A pg-boss handler whose every job holds a lease while it runs. */
    hold<T>(handler: (jobs: PgBoss.Job<T>[]) => Promise<void>) {
      return async (jobs: PgBoss.Job<T>[]) => {
        for (const job of jobs) {
          await repo.takeJobLease(job.id, job.name, owner, leaseSeconds);
          let lost = false;
          let failing = false;
          const timer = setInterval(() => {
            repo.renewJobLease(job.id, owner, leaseSeconds).then(
              (ours) => {
                failing = false;
                if (!ours && !lost) {
                  lost = true;
                  // It was reaped (this process stalled or lost the database past the lease):
                  // another worker may be running it too; its outputs are idempotent.
                  log.error({ job: job.name, id: job.id }, 'media job lease lost');
                }
              },
              (error: unknown) => {
                if (!failing)
                  log.error({ err: error, job: job.name }, 'media job lease not renewed');
                failing = true;
              },
            );
          }, renewEveryMs);
          timer.unref();
          try {
            await handler([job]);
          } finally {
            clearInterval(timer);
            await repo
              .releaseJobLease(job.id, owner)
              .catch((error: unknown) => log.error({ err: error }, 'media job lease not released'));
          }
        }
      };
    },
  };
}

/**
 * One reaper pass: the lapsed leases are claimed by deleting them (so reapers side by side never
 * fail a job twice), and each job still active is failed for pg-boss to retry.
 */
export async function reapExpiredLeases(
  boss: PgBoss,
  repo: MediaJobsRepository,
  log: WorkerLog,
): Promise<number> {
  const expired = await repo.takeExpiredJobLeases();
  let requeued = 0;
  for (const lease of expired) {
    const job = await boss.getJobById(lease.queue, lease.job_id);
    if (job?.state !== 'active') continue;
    await boss.fail(lease.queue, lease.job_id, {
      message: 'lease expired: its worker stopped renewing it',
      owner: lease.owner,
    });
    requeued += 1;
    log.info({ job: lease.queue, id: lease.job_id, owner: lease.owner }, 'media job re-queued');
  }
  return requeued;
}

/** The reaper as a recurring job on whichever worker takes the pass, twice per lease. */
export async function registerLeaseReaper(
  boss: PgBoss,
  o: { repo: MediaJobsRepository; log: WorkerLog; leaseSeconds: number },
) {
  await registerRecurringJob(boss, {
    queue: LEASE_REAPER_QUEUE,
    everySeconds: Math.max(1, o.leaseSeconds / 2),
    run: () => reapExpiredLeases(boss, o.repo, o.log),
    log: o.log,
  });
}
