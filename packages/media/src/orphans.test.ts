import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { killOrphanedFfmpeg } from './runner.js';

/* What a dead worker left: killed at the next start; what a live one runs: left alone. */

const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
});

function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return ok();
}

describe.skipIf(process.platform !== 'linux')('killOrphanedFfmpeg', () => {
  it("kills a dead worker's encoder and leaves a live worker's alone", async () => {
    // A "worker" (sh) starts an encoder carrying its mark, then dies: the encoder is orphaned.
    const sh = spawn('sh', ['-c', 'RUDY_FFMPEG_OWNER=$$ sleep 120 & echo $!'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    sh.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => sh.once('exit', r));
    const orphan = Number(out.trim());
    started.push(orphan);
    expect(running(orphan)).toBe(true);

    // This process's own encoder, with its mark.
    const own = spawn('sleep', ['120'], {
      env: { ...process.env, RUDY_FFMPEG_OWNER: String(process.pid) },
      stdio: 'ignore',
    });
    started.push(own.pid ?? 0);
    expect(await until(() => running(own.pid ?? 0), 5_000)).toBe(true);

    // And one started through a wrapper script (FFMPEG_PATH may be one): a shell between them.
    const wrapped = spawn('sh', ['-c', 'sleep 120; exit $?'], {
      env: { ...process.env, RUDY_FFMPEG_OWNER: String(process.pid) },
      stdio: 'ignore',
    });
    started.push(wrapped.pid ?? 0);
    const grandchild = () =>
      fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .find((pid) => {
          try {
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(wrapped.pid);
          } catch {
            return false;
          }
        });
    expect(await until(() => grandchild() !== undefined, 5_000)).toBe(true);
    const inner = Number(grandchild());
    started.push(inner);

    expect(killOrphanedFfmpeg()).toBeGreaterThanOrEqual(1);
    expect(await until(() => !running(orphan), 5_000)).toBe(true);
    expect(running(own.pid ?? 0)).toBe(true);
    expect(running(inner)).toBe(true);
    own.kill('SIGKILL');
  });
});
