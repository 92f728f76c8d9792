import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { createLocalStorage } from './local-storage.js';
import {
  isSafeKey,
  type ByteRange,
  type MediaStorage,
  type SignedUrlOptions,
  type StoredObject,
  type StoredObjects,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, s3rver...); unset: AWS. */
  endpoint?: string;
  region?: string;
  /** Unset: the SDK's default chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path rather than the host name: what most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Keys are stored under this prefix in the bucket (several deployments in one bucket). */
  keyPrefix?: string;
  /**
   * Local disk for what cannot live in an object store: ffmpeg's scratch directories, copies of
   * stored trees for ffmpeg to read, and the live encoders' growing playlists (served from here
   * while they grow).
   */
  localRoot: string;
  /** Uploads and downloads at once when a tree is published or fetched. */
  concurrency?: number;
  /**
   * Files from this size go up in parts (a single PutObject stops at 5 GB, and a failed part is
   * retried alone). Default 64 MiB; S3 wants parts of at least 5 MiB but the last.
   */
  multipartFrom?: number;
  /** The size of each part of a multipart upload. Default 16 MiB (10 000 parts: 160 GB). */
  partSize?: number;
}

/** Playlists go last, so a reader never gets a playlist whose segments are not there yet. */
const playlistLast = (a: string, b: string) =>
  Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b);

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, run));
}

async function localFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await localFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
};

/**
 * Media in an S3-compatible bucket. Objects are written whole (PutObject, or a multipart upload
 * for large files, which appears only once complete), so a reader never sees half a file; a tree is published by uploading the new files (playlists last) and then
 * deleting what the previous version had and this one has not. Live encoders write to local disk
 * (ffmpeg appends to files, which an object store cannot do) and the live mirror (live-mirror.ts)
 * uploads what they finish through `objects`; reads go to the bucket, so every process serves
 * every live game. Only localDir (ffmpeg reading a tree) uses a copy already on this disk.
 */
export function createS3Storage(o: S3StorageOptions): MediaStorage & {
  client(): Promise<S3Client>;
  bucket: string;
  objects: StoredObjects;
  clearWork(): Promise<void>;
} {
  // The SDK (about 30 MB and most of a second to load) only in processes that use a bucket.
  const loaded = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: o.region ?? 'us-east-1',
      ...(o.endpoint ? { endpoint: o.endpoint } : {}),
      forcePathStyle: o.forcePathStyle ?? Boolean(o.endpoint),
      ...(o.credentials ? { credentials: o.credentials } : {}),
      // Checksums only where S3 requires them: a streamed body then goes as a plain upload, not
      // aws-chunked with a trailing checksum, which S3-compatible services do not all understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  }));
  // A failed load is reported by the first call, not as an unhandled rejection meanwhile.
  loaded.catch(() => undefined);
  const Bucket = o.bucket;
  const concurrency = o.concurrency ?? 8;
  const base = o.keyPrefix ? o.keyPrefix.replace(/\/+$/, '') + '/' : '';
  // The live encoders' directories, the scratch space and its clean-up: local disk.
  const local = createLocalStorage(o.localRoot);

  const objectKey = (key: string, allowPrefix = false) => {
    const trimmed = allowPrefix ? key.replace(/\/$/, '') : key;
    if (!isSafeKey(trimmed)) throw new Error(`unsafe storage key: ${key}`);
    return `${base}${trimmed}`;
  };

  async function listObjects(prefix: string): Promise<string[]> {
    const { sdk, client } = await loaded;
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  async function deleteObjects(keys: string[]) {
    const { sdk, client } = await loaded;
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const result = await client.send(
        new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
      );
      const failed = result.Errors?.[0];
      if (failed) throw new Error(`S3 delete failed: ${failed.Key ?? ''} ${failed.Code ?? ''}`);
    }
  }

  const multipartFrom = o.multipartFrom ?? 64 * 1024 * 1024;
  const partSize = o.partSize ?? 16 * 1024 * 1024;

  /**
   * A large file in parts, a few at once. The object appears only when the upload completes, so a
   * reader never sees part of it; a failure aborts the upload, so the bucket keeps no orphan parts.
   */
  async function putFileInParts(Key: string, file: string, size: number) {
    const { sdk, client } = await loaded;
    const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key }));
    if (!UploadId) throw new Error(`S3 gave no upload id for ${Key}`);
    try {
      const count = Math.ceil(size / partSize);
      const parts: { PartNumber: number; ETag: string }[] = [];
      const numbers = Array.from({ length: count }, (_, i) => i + 1);
      await inBatches(numbers, Math.min(concurrency, 4), async (PartNumber) => {
        const start = (PartNumber - 1) * partSize;
        const end = Math.min(start + partSize, size);
        const { ETag } = await client.send(
          new sdk.UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            Body: fs.createReadStream(file, { start, end: end - 1 }),
            ContentLength: end - start,
          }),
        );
        if (!ETag) throw new Error(`S3 gave no ETag for part ${PartNumber} of ${Key}`);
        parts.push({ PartNumber, ETag });
      });
      parts.sort((a, b) => a.PartNumber - b.PartNumber);
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async function putFile(key: string, file: string, ContentType?: string) {
    const { sdk, client } = await loaded;
    const { size } = await fsp.stat(file);
    if (size >= multipartFrom) return putFileInParts(key, file, size);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ...(ContentType ? { ContentType } : {}),
      }),
    );
  }

  // The presigner only where addresses are handed out (the API), loaded once.
  let presigner: Promise<typeof import('@aws-sdk/s3-request-presigner')> | undefined;

  const objects: StoredObjects = {
    list: async (prefix) =>
      (await listObjects(`${objectKey(prefix, true)}/`)).map((k) => k.slice(base.length)),
    putFile: (key, file, contentType) => putFile(objectKey(key), file, contentType),
    async putText(key, text, ContentType) {
      const { sdk, client } = await loaded;
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: text, ContentType }),
      );
    },
    async getText(key) {
      const { sdk, client } = await loaded;
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return (await result.Body?.transformToString('utf8')) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    deleteKeys: (keys) => deleteObjects(keys.map((k) => objectKey(k))),
    async signedUrl(key: string, so: SignedUrlOptions) {
      const { sdk, client } = await loaded;
      presigner ??= import('@aws-sdk/s3-request-presigner');
      const { getSignedUrl } = await presigner;
      const window = so.windowSeconds * 1000;
      const signingDate = new Date(Math.floor((so.now ?? new Date()).getTime() / window) * window);
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ...(so.contentType ? { ResponseContentType: so.contentType } : {}),
        ...(so.contentDisposition ? { ResponseContentDisposition: so.contentDisposition } : {}),
      });
      return getSignedUrl(client, command, { signingDate, expiresIn: 2 * so.windowSeconds });
    },
  };

  const storage = {
    kind: 's3' as const,
    client: async () => (await loaded).client,
    bucket: Bucket,
    objects,

    async put(key: string, body: Buffer | string | Readable) {
      const { sdk, client } = await loaded;
      const Key = objectKey(key);
      if (!(body instanceof Readable)) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body }));
        return;
      }
      // PutObject needs the length up front: a stream of unknown length is spooled to disk first.
      const dir = await local.workDir('put');
      try {
        const file = path.join(dir, 'body');
        await pipeline(body, fs.createWriteStream(file));
        await putFile(Key, file);
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },

    async get(key: string, range?: ByteRange): Promise<Readable | null> {
      const { sdk, client } = await loaded;
      const Key = objectKey(key);
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return result.Body instanceof Readable ? result.Body : null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async stat(key: string): Promise<StoredObject | null> {
      const { sdk, client } = await loaded;
      const Key = objectKey(key);
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async exists(key: string) {
      return (await storage.stat(key)) !== null;
    },

    list: (prefix: string) => objects.list(prefix.replace(/\/$/, '')),

    async delete(keyOrPrefix: string) {
      const clean = keyOrPrefix.replace(/\/$/, '');
      const Key = objectKey(clean, true);
      // Like rm -r: the key itself and everything below it.
      await deleteObjects([Key, ...(await listObjects(`${Key}/`))]);
      await local.delete(keyOrPrefix);
    },

    workDir: (label: string) => local.workDir(label),

    async importDir(prefix: string, localDir: string) {
      const clean = prefix.replace(/\/$/, '');
      const target = objectKey(clean, true);
      const files = (await localFiles(localDir)).sort(playlistLast);
      for (const file of files) objectKey(`${clean}/${file}`);
      const before = await listObjects(`${target}/`);
      // Segments in parallel, then the playlists (a player reading the old ones still finds
      // every segment they name until the old-only objects are deleted below).
      const media = files.filter((f) => !f.endsWith('.m3u8'));
      const playlists = files.filter((f) => f.endsWith('.m3u8'));
      await inBatches(media, concurrency, (f) => putFile(`${target}/${f}`, path.join(localDir, f)));
      await inBatches(playlists, concurrency, (f) =>
        putFile(`${target}/${f}`, path.join(localDir, f)),
      );
      const now = new Set(files.map((f) => `${target}/${f}`));
      await deleteObjects(before.filter((k) => !now.has(k)));
      await fsp.rm(localDir, { recursive: true, force: true });
    },

    async localDir(prefix: string) {
      const clean = prefix.replace(/\/$/, '');
      // A live recording is on this machine's disk already.
      const onDisk = await local.list(clean);
      if (onDisk.length > 0) return local.localDir(clean);
      const source = `${objectKey(clean, true)}/`;
      const keys = await listObjects(source);
      if (keys.length === 0) throw new Error(`nothing stored under ${prefix}`);
      const { sdk, client } = await loaded;
      const dir = await local.workDir('copy');
      try {
        await inBatches(keys, concurrency, async (key) => {
          const file = path.join(dir, key.slice(source.length));
          await fsp.mkdir(path.dirname(file), { recursive: true });
          const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
          if (!(result.Body instanceof Readable)) throw new Error(`no body for ${key}`);
          const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
          await pipeline(result.Body, fs.createWriteStream(tmp));
          await fsp.rename(tmp, file);
        });
      } catch (error) {
        await fsp.rm(dir, { recursive: true, force: true });
        throw error;
      }
      return { path: dir, release: () => fsp.rm(dir, { recursive: true, force: true }) };
    },

    liveDir: (prefix: string) => local.liveDir(prefix),
    clearWork: () => local.clearWork(),
  };
  return storage;
}
