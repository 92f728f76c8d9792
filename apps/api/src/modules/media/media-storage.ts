import { createLocalStorage, createS3Storage, type MediaStorage } from '@rudy/media';
import type { Config } from '../../config.js';
import { mediaDirOf } from './media-paths.js';

/**
 * Where media, clips and stills live: an S3-compatible bucket when S3_BUCKET is set (MEDIA_DIR
 * then holds only scratch space and live encoders' playlists), local disk otherwise.
 */
export function createMediaStorage(config: Config): MediaStorage & { clearWork(): Promise<void> } {
  const localRoot = mediaDirOf(config);
  if (!config.S3_BUCKET) return createLocalStorage(localRoot);
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    localRoot,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_PREFIX ? { keyPrefix: config.S3_PREFIX } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  });
}
