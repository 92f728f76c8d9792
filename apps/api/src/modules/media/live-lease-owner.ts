import { randomBytes } from 'node:crypto';
import type { WorkerIdentity } from '../../jobs/worker-identity.js';

export type { WorkerIdentity } from '../../jobs/worker-identity.js';

/**
 * A live encoder lease's owner: new for each process (`worker-<pid>-<random>`), so a lease taken
 * over is never renewed by its previous holder; with a worker identity, `@<WORKER_ID>/<kind>`
 * after it: the same identity's next process takes back what the same part of it held
 * (claimLive's `reclaim`), the synthetic supervisor its demo games and the ingest its RTMP games,
 * never one the other's (a demo channel's RTMP game is on now too).
 */
export function leaseOwner(kind: 'worker' | 'ingest', identity?: WorkerIdentity | null) {
  const owner = `${kind}-${process.pid}-${randomBytes(4).toString('hex')}`;
  if (!identity) return { owner, reclaim: () => undefined };
  const key = `${identity.id}/${kind}`;
  return {
    owner: `${owner}@${key}`,
    /** The key to take back with, while the identity is held (else none). */
    reclaim: () => (identity.holds() ? key : undefined),
  };
}
