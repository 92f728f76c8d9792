import type { DB } from '../../db/database.js';
import { createCaptionsRepository } from './captions.repository.js';

/**
 * What other modules read and write of captions: a subject's captions (the media files service
 * lists them in master playlists) and the demo's, stored unless an operator's are there.
 */
export function createCaptionsService(db: DB) {
  const repo = createCaptionsRepository(db);
  return {
    list: (...args: Parameters<typeof repo.list>) => repo.list(...args),
    insertIfAbsent: (...args: Parameters<typeof repo.insertIfAbsent>) =>
      repo.insertIfAbsent(...args),
  };
}
export type CaptionsService = ReturnType<typeof createCaptionsService>;
