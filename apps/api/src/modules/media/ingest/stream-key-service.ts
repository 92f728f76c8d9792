import type { DB } from '../../../db/database.js';
import { createLiveIngestRepository } from './live-ingest.repository.js';
import { hashStreamKey, newStreamKey } from './stream-keys.js';

/** What the console may do with a game's ingest: read its state, make a new key (in its transaction). */
export function createStreamKeyService(db: DB) {
  const repo = createLiveIngestRepository(db);
  return {
    state: (channelId: number, eventId: number, trx: DB = db) =>
      (trx === db ? repo : createLiveIngestRepository(trx)).state(channelId, eventId),
    /** Replaces the game's key: returns the new key, which nothing stores. */
    async rotate(trx: DB, channelId: number, eventId: number, at: Date): Promise<string> {
      const key = newStreamKey(eventId);
      await repo.setKey(trx, channelId, eventId, hashStreamKey(key), at);
      return key;
    },
  };
}
