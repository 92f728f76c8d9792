import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Where media lives, addressed by keys like `c1/e42/vod/v0/seg_00001.ts`. The local-disk
 * implementation serves MEDIA_DIR; an S3-compatible one maps the same calls to objects
 * (put/get/head/list/delete by prefix). ffmpeg needs files, so work happens in a local directory
 * that is then published with importDir, and reading stored media for ffmpeg goes through
 * localDir.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | string | Readable): Promise<void>;
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix (recursive), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Deletes one key or everything under a prefix ending in '/'. */
  delete(keyOrPrefix: string): Promise<void>;
  /** A scratch directory for ffmpeg work; removed by the caller (or by the next start). */
  workDir(label: string): Promise<string>;
  /** Publishes a finished local tree under a prefix, replacing what was there. */
  importDir(prefix: string, localDir: string): Promise<void>;
  /**
   * A local directory holding everything under prefix, for ffmpeg to read (a playlist needs its
   * segments beside it); release() drops a temporary copy.
   */
  localDir(prefix: string): Promise<{ path: string; release(): Promise<void> }>;
  /**
   * A directory that a long-running writer (the live encoder) fills in place and that is served
   * while it grows. Local disk only: an object store needs an uploader beside the encoder.
   */
  liveDir(prefix: string): Promise<string>;
  /** The bucket itself, without the local disk (S3 only): what the live mirror writes to. */
  readonly objects?: StoredObjects;
  /** Local disk only: the folder keys are paths under (the /media routes send files from it). */
  readonly root?: string;
}

/**
 * An object store's own calls (keys as MediaStorage's): the live mirror uploads a growing
 * recording with them, and the /media routes hand out presigned addresses instead of the bytes.
 */
export interface StoredObjects {
  /** Keys under a prefix ending in '/', sorted. */
  list(prefix: string): Promise<string[]>;
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  putText(key: string, text: string, contentType: string): Promise<void>;
  getText(key: string): Promise<string | null>;
  deleteKeys(keys: string[]): Promise<void>;
  /**
   * A presigned GET address. Signed at the start of a window of `windowSeconds` and valid for two
   * windows: every request within a window gets the same address (a cache keyed on it can share
   * it), and an address is never used with less than one window left.
   */
  signedUrl(key: string, o: SignedUrlOptions): Promise<string>;
}

export interface SignedUrlOptions {
  windowSeconds: number;
  contentType?: string;
  contentDisposition?: string;
  now?: Date;
}

/** One plain path part: no separator, no leading dot, nothing to escape. */
export function isPlainName(part: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part);
}

/** Storage keys are built by the server from ids, never taken from a request as they are. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every(isPlainName);
}
