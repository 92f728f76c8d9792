import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { isSafeKey } from './storage.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('puts, stats, reads ranges, lists and deletes by prefix', async () => {
    await storage.put('c1/e2/a.txt', 'hello world');
    await storage.put('c1/e2/sub/b.txt', Buffer.from('b'));
    expect(await storage.stat('c1/e2/a.txt')).toMatchObject({ size: 11 });
    const part = await storage.get('c1/e2/a.txt', { start: 6, end: 10 });
    expect(await text(part!)).toBe('world');
    expect(await storage.list('c1/e2/')).toEqual(['c1/e2/a.txt', 'c1/e2/sub/b.txt']);
    await storage.delete('c1/e2/');
    expect(await storage.exists('c1/e2/a.txt')).toBe(false);
    expect(await storage.get('c1/e2/a.txt')).toBeNull();
  });

  it('publishes a work directory in place of the old tree', async () => {
    await storage.put('c1/e3/vod/old.ts', 'old');
    const work = await storage.workDir('job');
    fs.writeFileSync(path.join(work, 'new.ts'), 'new');
    await storage.importDir('c1/e3/vod', work);
    expect(await storage.list('c1/e3/vod')).toEqual(['c1/e3/vod/new.ts']);
  });

  it('clears the scratch of dead processes of this machine, not that of running workers', async () => {
    const mine = await storage.workDir('job');
    // A process that has exited: its pid is free (reuse within this test is unlikely).
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const host = path.basename(mine).split('.')[1] ?? '';
    const work = path.dirname(mine);
    const deadDir = path.join(work, `job.${host}.${dead}.abc`);
    const foreign = path.join(work, `job.other-machine.${process.pid}.abc`);
    const oldForeign = path.join(work, `job.other-machine.1.old`);
    for (const dir of [deadDir, foreign, oldForeign]) fs.mkdirSync(dir);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    fs.utimesSync(oldForeign, dayAgo, dayAgo);
    await storage.clearWork();
    expect(fs.existsSync(mine)).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
    expect(fs.existsSync(deadDir)).toBe(false);
    expect(fs.existsSync(oldForeign)).toBe(false);
  });

  it('refuses keys that could leave the media directory', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      'a/./b',
      '.work/x',
      'a\0b',
      '',
    ]) {
      expect(isSafeKey(key)).toBe(false);
    }
    await expect(storage.put('../escape', 'x')).rejects.toThrow(/unsafe/);
    await expect(storage.stat('a/%2e%2e/b')).resolves.toBeNull();
  });
});
