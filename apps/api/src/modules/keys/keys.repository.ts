import { compiledOnce } from '../../db/compiled-once.js';
import type { DB } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export interface ResolvedKey {
  keyId: string;
  channelId: number;
  channelKey: string;
  userId: number | null;
  expiresAt: Date;
}

export function createKeysRepository(db: DB) {
  // Every arriving viewer runs these two: built once, prepared on each pooled connection.
  const insertKey = compiledOnce(3, (channelId: number, keyHash: Buffer, expiresAt: Date) =>
    db
      .insertInto('api_keys')
      .values({ channel_id: channelId, key_hash: keyHash, expires_at: expiresAt }),
  );
  const findActiveKey = compiledOnce(2, (keyHash: Buffer, now: Date) =>
    db
      .selectFrom('api_keys')
      .innerJoin('channels', 'channels.id', 'api_keys.channel_id')
      .select([
        'api_keys.id',
        'api_keys.channel_id',
        'api_keys.user_id',
        'api_keys.expires_at',
        'channels.key as channel_key',
      ])
      // A key bound to a user the console blocked resolves to nothing (0020-people).
      .leftJoin('users', 'users.id', 'api_keys.user_id')
      .where('api_keys.key_hash', '=', keyHash)
      .where('api_keys.revoked_at', 'is', null)
      .where('users.blocked_at', 'is', null)
      .where('api_keys.expires_at', '>', now),
  );
  return {
    findChannelByKey(key: string) {
      return db
        .selectFrom('channels')
        .select(['id', 'key'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    findChannelByHost(host: string) {
      return db
        .selectFrom('channels')
        .select(['id', 'key'])
        .where((eb) => eb(eb.val(host), '=', eb.fn.any('hosts')))
        .orderBy('id')
        .executeTakeFirst();
    },

    async insertKey(channelId: number, keyHash: Buffer, expiresAt: Date) {
      await db.executeQuery(prepared(insertKey(channelId, keyHash, expiresAt)));
    },

    async findActiveKey(keyHash: Buffer, now: Date): Promise<ResolvedKey | undefined> {
      const row = (await db.executeQuery(prepared(findActiveKey(keyHash, now)))).rows[0];
      if (!row) return undefined;
      return {
        keyId: row.id,
        channelId: row.channel_id,
        channelKey: row.channel_key,
        userId: row.user_id,
        expiresAt: new Date(row.expires_at),
      };
    },
  };
}
export type KeysRepository = ReturnType<typeof createKeysRepository>;
