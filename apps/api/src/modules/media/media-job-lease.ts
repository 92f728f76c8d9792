import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type PgBoss from 'pg-boss';
import { retryTransient } from '../../db/transient-error.js';
import type { JobHold } from '../../jobs/job-loop.js';
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
 * pg-boss retries the same job with the queue's delay and retry limit) the jobs whose lease
 * lapsed. Each renewal also moves the job's pg-boss expiry to a full `expireInSeconds` from now,
 * so the queue's expiry never cuts a job whose lease is alive: it only ends one whose worker
 * stopped renewing, should no reaper pass come first. Handlers must be safe to run again, even
 * beside a slow earlier run: their outputs are published whole under fixed keys (importDir) and
 * recorded with upserts, never appended.
 */
export function createMediaJobLeases(o: {
  repo: MediaJobsRepository;
  log: WorkerLog;
  leaseSeconds: number;
}) {
  const { repo, log, leaseSeconds } = o;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const renewEveryMs = Math.max(250, (leaseSeconds * 1000) / 4);

  const hold: JobHold = async (job, run) => {
    const context = { job: job.name, id: job.id };
    // Taken over when pg-boss hands the same job out again (a retry after the reaper or a failure).
    await retryTransient(() => repo.takeJobLease(job.id, job.name, owner, leaseSeconds), {
      log,
      what: 'media job lease',
      context,
    });
    let lost = false;
    const renewLease = async () => {
      const ours = await repo.renewJobLease(job.id, owner, leaseSeconds);
      if (!ours && !lost) {
        // It was reaped (this process stalled or lost the database past the lease), and pg-boss
        // may have handed it to another worker: that run settles it.
        log.error(context, 'media job lease lost');
      }
      lost ||= !ours;
      return ours;
    };
    const renew = async () => {
      if (await renewLease()) await repo.pushJobExpiry(job.name, job.id, job.expireInSeconds);
    };
    let failing = false;
    const timer = setInterval(() => {
      renew().then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          if (!failing) log.error({ ...context, err: error }, 'media job lease not renewed');
          failing = true;
        },
      );
    }, renewEveryMs);
    timer.unref();
    try {
      // A settlement that failed for good throws here: the lease is left to lapse, and the reaper
      // hands the job out again.
      await run(
        async () =>
          !lost && (await retryTransient(renewLease, { log, what: 'media job lease', context })),
      );
    } finally {
      clearInterval(timer);
    }
    if (!lost) {
      await repo
        .releaseJobLease(job.id, owner)
        .catch((error: unknown) => log.error({ err: error }, 'media job lease not released'));
    }
  };
  return { owner, hold };
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
