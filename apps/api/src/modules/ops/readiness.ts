import { MIGRATION_NAMES } from '../../db/migrate.js';
import { HEARTBEAT_STALE_SECONDS } from '../../jobs/worker-heartbeat.js';
import type { WorkerHeartbeatsRepository } from '../../jobs/worker-heartbeats.repository.js';
import type { OpsRepository } from './ops.repository.js';

/** What a proxy's readiness poll checks, in this order. */
export const READY_CHECKS = ['accepting', 'database', 'migrations', 'queue', 'worker'] as const;
export type ReadyCheck = (typeof READY_CHECKS)[number];
export type CheckState = 'ok' | 'failed' | 'skipped';

export interface ReadyReport {
  ready: boolean;
  checks: Record<ReadyCheck, CheckState>;
  failed: ReadyCheck[];
  /** Why each check failed, for the log only (never in the response: it may name hosts). */
  reasons: Partial<Record<ReadyCheck, unknown>>;
}

export interface ReadinessOptions {
  repo: OpsRepository;
  heartbeats: WorkerHeartbeatsRepository;
  /** Whether a fresh worker heartbeat is required (READY_REQUIRES_WORKER). */
  requiresWorker: boolean;
  /** A report is reused this long: a flood of polls costs one probe per interval. */
  cacheMs?: number;
  /** Each database probe gives up after this long (a hung connection is not ready). */
  timeoutMs?: number;
}

class ProbeFailed extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailed(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness of this process to take traffic: it is not shutting down, the database answers, every
 * migration this build knows has been applied, the job queue's schema is there (a worker created
 * it), and, when required, some worker beat within HEARTBEAT_STALE_SECONDS. The database check
 * failing skips the rest (they would fail for the same reason).
 */
export function createReadiness(o: ReadinessOptions) {
  const cacheMs = o.cacheMs ?? 1_000;
  const timeoutMs = o.timeoutMs ?? 2_000;
  let draining = false;
  let cached: { at: number; report: Promise<ReadyReport> } | undefined;

  const probes: Record<Exclude<ReadyCheck, 'accepting'>, () => Promise<void>> = {
    database: async () => {
      await o.repo.ping();
    },
    migrations: async () => {
      const names = new Set(await o.repo.appliedMigrations());
      const missing = MIGRATION_NAMES.filter((name) => !names.has(name));
      if (missing.length > 0) throw new ProbeFailed(`not applied: ${missing.join(', ')}`);
    },
    queue: async () => {
      // pg-boss's schema, created by the first worker that started on this database.
      if (!(await o.repo.queueSchemaVersioned()))
        throw new ProbeFailed('job queue schema without a version');
    },
    worker: async () => {
      if (!o.requiresWorker) return;
      if (!(await o.heartbeats.anyWithin(HEARTBEAT_STALE_SECONDS)))
        throw new ProbeFailed(`no worker heartbeat in ${HEARTBEAT_STALE_SECONDS} s`);
    },
  };

  async function probe(): Promise<ReadyReport> {
    const checks = {} as Record<ReadyCheck, CheckState>;
    const reasons: ReadyReport['reasons'] = {};
    checks.accepting = draining ? 'failed' : 'ok';
    if (draining) reasons.accepting = 'shutting down';
    let databaseDown = false;
    for (const name of ['database', 'migrations', 'queue', 'worker'] as const) {
      if (databaseDown || (name === 'worker' && !o.requiresWorker)) {
        checks[name] = 'skipped';
        continue;
      }
      try {
        await withTimeout(probes[name](), timeoutMs);
        checks[name] = 'ok';
      } catch (error) {
        checks[name] = 'failed';
        reasons[name] = error;
        if (name === 'database') databaseDown = true;
      }
    }
    const failed = READY_CHECKS.filter((name) => checks[name] === 'failed');
    return { ready: failed.length === 0, checks, failed, reasons };
  }

  return {
    /** The current report, probed at most once per cacheMs (callers in between share it). */
    report(): Promise<ReadyReport> {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, report: probe() };
      return cached.report;
    },
    /** From the shutdown signal on, the proxy is told to send nothing new here. */
    drain() {
      draining = true;
      cached = undefined;
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
