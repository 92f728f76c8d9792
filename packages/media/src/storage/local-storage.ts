import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, type ByteRange, type MediaStorage, type StoredObject } from './storage.js';

const WORK = '.work';
/** Scratch of another machine sharing MEDIA_DIR is only removed once this old. */
const FOREIGN_SCRATCH_MAX_AGE_MS = 24 * 3600 * 1000;
/** Scratch names say whose they are: `<label>.<host>.<pid>.<random>`. */
const HOST =
  os
    .hostname()
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, 40) || 'host';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * MEDIA_DIR on local disk. Writes go to a temporary name and are renamed into place, so a reader
 * never sees half a file and a crashed job leaves only scratch files behind (under .work, cleared
 * at start-up).
 */
export function createLocalStorage(
  root: string,
): MediaStorage & { root: string; clearWork(): Promise<void> } {
  const base = path.resolve(root);
  fs.mkdirSync(path.join(base, WORK), { recursive: true });

  const resolve = (key: string, allowPrefix = false) => {
    const trimmed = allowPrefix ? key.replace(/\/$/, '') : key;
    if (!isSafeKey(trimmed)) throw new Error(`unsafe storage key: ${key}`);
    const full = path.join(base, trimmed);
    // isSafeKey already rules out '..'; this guards the invariant if that rule ever changes.
    if (!full.startsWith(`${base}${path.sep}`)) throw new Error(`key escapes storage: ${key}`);
    return full;
  };

  async function walk(dir: string, prefix: string, out: string[]) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
      else if (entry.isFile()) out.push(key);
    }
  }

  const storage = {
    kind: 'local' as const,
    root: base,

    async put(key: string, body: Buffer | string | Readable) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        if (body instanceof Readable) await pipeline(body, fs.createWriteStream(tmp));
        else await fsp.writeFile(tmp, body);
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
    },

    async get(key: string, range?: ByteRange) {
      const target = resolve(key);
      try {
        const handle = await fsp.open(target, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch {
        return null;
      }
    },

    async stat(key: string): Promise<StoredObject | null> {
      try {
        const s = await fsp.stat(resolve(key));
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
      } catch {
        return null;
      }
    },

    async exists(key: string) {
      return (await storage.stat(key)) !== null;
    },

    async list(prefix: string) {
      const out: string[] = [];
      const clean = prefix.replace(/\/$/, '');
      await walk(resolve(clean, true), clean, out);
      return out.sort();
    },

    async delete(keyOrPrefix: string) {
      await fsp.rm(resolve(keyOrPrefix, true), { recursive: true, force: true });
    },

    async workDir(label: string) {
      const safe = label.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 40);
      const name = `${safe}.${HOST}.${process.pid}.${randomBytes(6).toString('hex')}`;
      const dir = path.join(base, WORK, name);
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },

    async importDir(prefix: string, localDir: string) {
      const target = resolve(prefix, true);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Swap directories: the old tree moves aside and is removed after the new one is in place.
      const aside = `${target}.old-${randomBytes(4).toString('hex')}`;
      const hadOld = fs.existsSync(target);
      if (hadOld) await fsp.rename(target, aside);
      await fsp.rename(localDir, target);
      if (hadOld) await fsp.rm(aside, { recursive: true, force: true });
    },

    async localDir(prefix: string) {
      const dir = resolve(prefix, true);
      await fsp.access(dir, fs.constants.R_OK);
      return { path: dir, release: () => Promise.resolve() };
    },

    async liveDir(prefix: string) {
      const dir = resolve(prefix, true);
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },

    /**
     * Scratch left by jobs that died mid-way: that of processes of this machine that are gone,
     * and anything a day old. Not that of other workers running on this MEDIA_DIR (a worker
     * starting beside another must not pull the files from under its ffmpeg).
     */
    async clearWork() {
      const work = path.join(base, WORK);
      await fsp.mkdir(work, { recursive: true });
      for (const entry of await fsp.readdir(work)) {
        const [, host, pid] = entry.split('.');
        const full = path.join(work, entry);
        const mine = host === HOST && pid !== undefined && /^\d+$/.test(pid);
        let stale = mine && !processAlive(Number(pid));
        if (!stale) {
          const stat = await fsp.stat(full).catch(() => null);
          stale = !stat || Date.now() - stat.mtimeMs > FOREIGN_SCRATCH_MAX_AGE_MS;
        }
        if (stale) await fsp.rm(full, { recursive: true, force: true });
      }
    },
  };
  return storage;
}
