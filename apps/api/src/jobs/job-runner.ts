import type PgBoss from 'pg-boss';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What every module's job handlers share: one log line per job, failures rethrown for retry. */
export function createJobRunner(log: WorkerLog) {
  return {
    log,
    each:
      <T>(handler: (data: T) => Promise<unknown>) =>
      async (jobs: PgBoss.Job<T>[]) => {
        for (const job of jobs) {
          const started = Date.now();
          try {
            const result = await handler(job.data);
            log.info(
              { job: job.name, data: job.data, result, ms: Date.now() - started },
              'job done',
            );
          } catch (error) {
            log.error({ job: job.name, data: job.data, err: error }, 'job failed');
            throw error;
          }
        }
      },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
