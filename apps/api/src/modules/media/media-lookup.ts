import type { MediaRepository } from './media.repository.js';

/**
 * What modules built on media (clips) read of an event and its media rows: these two calls of the
 * media repository, nothing else.
 */
export type MediaLookup = Pick<MediaRepository, 'event' | 'media'>;
