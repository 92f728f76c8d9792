import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../../lib/http-error.js';

/** The first bytes of the containers we take: ISO BMFF (MP4, MOV) boxes and EBML (WebM, MKV). */
const BMFF_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip']);
export const SNIFF_BYTES = 8;

export function looksLikeVideo(head: Buffer): boolean {
  if (head.length < SNIFF_BYTES) return false;
  if (head.readUInt32BE(0) === 0x1a45dfa3) return true;
  return BMFF_BOXES.has(head.subarray(4, 8).toString('latin1'));
}

/**
 * The uploads' part files on this API host's disk (<DATA_DIR>/uploads/<id>.part). Chunks are
 * streamed into place at their offset, never held whole in memory. Names are the upload's UUID
 * (checked by the route), never the client's file name.
 */
export function createUploadFiles(root: string) {
  const file = (id: string) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(root, `${id}.part`);
  };

  return {
    file,

    async create(id: string) {
      await fsp.mkdir(root, { recursive: true });
      await fsp.writeFile(file(id), '', { flag: 'wx' });
    },

    /**
     * Writes the body at `offset`, at most `max` bytes (more is a 413). Returns how many bytes
     * reached the disk, also when the client went away mid-chunk: those count, and the client
     * resumes after them.
     */
    async write(
      id: string,
      offset: number,
      body: Readable,
      max: number,
    ): Promise<{ written: number; error?: unknown }> {
      let seen = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          seen += chunk.length;
          if (seen > max) done(new HttpError(413, 'payload_too_large', 'The chunk is too large'));
          else done(null, chunk);
        },
      });
      const out = fs.createWriteStream(file(id), { flags: 'r+', start: offset });
      try {
        await pipeline(body, limit, out);
        return { written: out.bytesWritten };
      } catch (error) {
        // The stream is closed by now: bytesWritten is what the disk holds.
        return { written: out.bytesWritten, error };
      }
    },

    async head(id: string): Promise<Buffer> {
      const handle = await fsp.open(file(id), 'r');
      try {
        const buf = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    /** Drops bytes past `length` (a refused chunk's). */
    async truncate(id: string, length: number) {
      await fsp.truncate(file(id), length);
    },

    async remove(id: string) {
      await fsp.rm(file(id), { force: true });
    },

    /** Part files not changed for `maxAgeMs` whose upload is not receiving (per `keep`). */
    async sweep(maxAgeMs: number, keep: (ids: string[]) => Promise<Set<string>>): Promise<number> {
      let names: string[];
      try {
        names = await fsp.readdir(root);
      } catch {
        return 0;
      }
      const old: string[] = [];
      for (const name of names) {
        const match = /^([0-9a-f-]{36})\.part$/.exec(name);
        if (!match?.[1]) continue;
        const stat = await fsp.stat(path.join(root, name)).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > maxAgeMs) old.push(match[1]);
      }
      const receiving = await keep(old);
      const gone = old.filter((id) => !receiving.has(id));
      for (const id of gone) await fsp.rm(file(id), { force: true });
      return gone.length;
    },
  };
}
export type UploadFiles = ReturnType<typeof createUploadFiles>;
