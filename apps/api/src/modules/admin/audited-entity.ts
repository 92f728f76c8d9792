import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import type { AdminCaller } from './admin-access.js';
import type { AdminChanges } from './admin-changes.js';
import type { Snapshot } from './audit/audit-diff.js';
import type { AuditEntity } from './audit/audit.repository.js';

/**
 * One console entity (a team, a game, a rink…) changed the audited way: every create, update and
 * delete runs through `AdminChanges.apply` (the channel's advisory lock and one transaction), reads
 * the entity before and after through that transaction, writes the audit row with the two
 * snapshots, and the viewers' caches are told once it commits. The entity's service supplies only
 * what differs: its repository, how to read one, what the audit compares, and the write itself.
 */
export function createAuditedEntity<Repo, Item, Ctx = undefined>(config: {
  changes: AdminChanges;
  entity: AuditEntity;
  /** The entity's repository on a connection (the change's transaction). */
  repository: (db: DB) => Repo;
  find: (repo: Repo, channelId: number, id: number, ctx: Ctx) => Promise<Item | undefined>;
  /** The 404 message when the id is not one of the channel's. */
  missing: string;
  /** The fields the audit row compares. */
  snapshot: (item: Item) => Snapshot;
  /**
   * Read before the transaction opens (the channel's currency): the embedded database has one
   * connection, so a read on another inside a change would wait for the transaction forever.
   */
  context?: (channelId: number) => Promise<Ctx>;
}) {
  const { changes, entity, snapshot } = config;
  const context = (channelId: number) =>
    config.context ? config.context(channelId) : Promise.resolve(undefined as Ctx);

  async function existing(repo: Repo, channelId: number, id: number, ctx: Ctx): Promise<Item> {
    const item = await config.find(repo, channelId, id, ctx);
    if (item === undefined) throw notFound(config.missing);
    return item;
  }

  return {
    /** One item outside any change (a 404 when it is not the channel's). */
    async get(db: DB, channelId: number, id: number): Promise<Item> {
      return existing(config.repository(db), channelId, id, await context(channelId));
    },

    /** `insert` checks and writes the new row and returns its id. */
    async create(
      caller: AdminCaller,
      insert: (repo: Repo, ctx: Ctx) => Promise<number>,
    ): Promise<Item> {
      const ctx = await context(caller.channelId);
      return changes.apply(caller, async (trx, audit) => {
        const repo = config.repository(trx);
        const id = await insert(repo, ctx);
        const after = await existing(repo, caller.channelId, id, ctx);
        await audit({
          action: 'create',
          entity,
          entityId: id,
          before: null,
          after: snapshot(after),
        });
        return after;
      });
    },

    /** `write` checks and applies the change to the item as it was (`before`). */
    async update(
      caller: AdminCaller,
      id: number,
      write: (repo: Repo, before: Item, ctx: Ctx) => Promise<void>,
    ): Promise<Item> {
      const ctx = await context(caller.channelId);
      return changes.apply(caller, async (trx, audit) => {
        const repo = config.repository(trx);
        const before = await existing(repo, caller.channelId, id, ctx);
        await write(repo, before, ctx);
        const after = await existing(repo, caller.channelId, id, ctx);
        await audit({
          action: 'update',
          entity,
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    },

    /** `erase` refuses (409) what must stay, and deletes the rest; returns the item as it was. */
    async remove(
      caller: AdminCaller,
      id: number,
      erase: (repo: Repo, before: Item, ctx: Ctx) => Promise<void>,
    ): Promise<Item> {
      const ctx = await context(caller.channelId);
      return changes.apply(caller, async (trx, audit) => {
        const repo = config.repository(trx);
        const before = await existing(repo, caller.channelId, id, ctx);
        await erase(repo, before, ctx);
        await audit({
          action: 'delete',
          entity,
          entityId: id,
          before: snapshot(before),
          after: null,
        });
        return before;
      });
    },
  };
}
