import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A lease per running media job (pg-boss 10 has no heartbeat: a job of a worker killed with -9
 * would wait out its queue's expiry, hours for a long transcode). The worker renews `lease_until`
 * while the job runs, with the database's clock; a recurring reaper hands the jobs whose lease
 * lapsed back to pg-boss for a retry. The row goes when the job ends, however it ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table media_job_leases (
      job_id uuid primary key,
      queue text not null,
      owner text not null,
      started_at timestamptz not null default now(),
      beat_at timestamptz not null default now(),
      lease_until timestamptz not null
    );
    create index media_job_leases_lease_until on media_job_leases (lease_until);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table media_job_leases;`);
}
