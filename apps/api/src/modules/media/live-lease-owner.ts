import { randomBytes } from 'node:crypto';
import type { WorkerIdentity } from '../../jobs/worker-identity.js';

export type { WorkerIdentity } from '../../jobs/worker-identity.js';

/**
 * A live encoder lease's owner: new for each process (`worker-<pid>-<random>`), so a lease taken
 * over is never renewed by its previous holder; with a worker identity, `@<WORKER_ID>` after it,
 * which lets the same identity's next process take the lease back (claimLive's `reclaim`).
 */
export function leaseOwner(kind: 'worker' | 'ingest', identity?: WorkerIdentity | null) {
  const owner = `${kind}-${process.pid}-${randomBytes(4).toString('hex')}`;
  return identity ? `${owner}@${identity.id}` : owner;
}
