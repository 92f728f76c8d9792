import type { DB } from '../../db/database.js';
import type { AdminCaller } from './admin-access.js';
import { changedFields } from './audit/audit-diff.js';
import { createAuditRepository, type AuditChange } from './audit/audit.repository.js';
import type { ViewerCaches } from './viewer-caches.js';

export type Audit = (change: AuditChange) => Promise<void>;

/**
 * How every console change is made: in one transaction with its audit row (a change is never
 * stored without saying who made it, nor the row without the change), serialised per channel,
 * then viewers' caches are told. A change that records nothing is a bug, not a silent write.
 */
export function createAdminChanges(deps: { db: DB; caches: ViewerCaches }) {
  return {
    async apply<T>(caller: AdminCaller, change: (trx: DB, audit: Audit) => Promise<T>): Promise<T> {
      let recorded = 0;
      const result = await deps.db.transaction().execute(async (trx) => {
        const audit = createAuditRepository(trx);
        await audit.lockChannel(caller.channelId);
        const out = await change(trx, async (c) => {
          recorded += 1;
          await audit.record(caller, { ...c, ...changedFields(c.before, c.after) });
        });
        if (recorded === 0) throw new Error('An admin change must write its audit row');
        return out;
      });
      deps.caches.changed(caller.channelId);
      return result;
    },
  };
}
export type AdminChanges = ReturnType<typeof createAdminChanges>;
