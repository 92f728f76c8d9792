import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage, type S3StorageOptions } from './s3-storage.js';

/** s3rver's fixed keys. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type MachineOptions = Omit<S3StorageOptions, 'bucket' | 'endpoint' | 'credentials' | 'localRoot'>;

/**
 * A real S3-compatible server (s3rver) in this process with one bucket, for a test file: made at
 * its top, started in its beforeAll, closed in its afterAll. Its files live in a fresh temporary
 * folder, `root`, where the test keeps its machines' local disks too; close() stops the server
 * and removes the folder.
 */
export function testBucket(name: string, tmpPrefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 'bucket'),
    configureBuckets: [{ name }],
  });
  let address: string | undefined;
  const endpoint = () => {
    if (!address) throw new Error('the test bucket is not started (bucket.start() in beforeAll)');
    return address;
  };
  return {
    root,
    async start() {
      address = `http://127.0.0.1:${(await server.run()).port}`;
    },
    get endpoint() {
      return endpoint();
    },
    /** The settings an API or a worker process reads for this bucket (config.ts's S3_*). */
    get env(): Record<string, string> {
      return {
        S3_BUCKET: name,
        S3_ENDPOINT: endpoint(),
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      };
    },
    /** A machine's storage: this bucket, and a local disk of its own (`root/<disk>`). */
    storage: (disk: string, o: MachineOptions = {}) =>
      createS3Storage({
        bucket: name,
        endpoint: endpoint(),
        credentials: CREDENTIALS,
        localRoot: path.join(root, disk),
        ...o,
      }),
    async close() {
      if (address) await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
export type TestBucket = ReturnType<typeof testBucket>;
