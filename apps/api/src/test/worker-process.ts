import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type HeldSocket } from './held-socket.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A worker process as an operator runs one (`worker-main.ts`), with `env` over this process's
 * environment; resolves once it logs that it runs. `detached`: in a process group of its own, so
 * that killGroup takes its ffmpeg children with it (a kill -9 of the worker alone leaves them only
 * where setpriv is missing: see runner.ts).
 */
export async function startWorkerProcess(
  env: Record<string, string>,
  opts: { detached?: boolean; ingestSocket?: HeldSocket } = {},
): Promise<ChildProcess> {
  const argv = [process.execPath, '--import', 'tsx', 'apps/api/src/jobs/worker-main.ts'];
  // With a socket for its ingest, as systemd's socket unit passes one.
  const { file, args, stdio } = launch(argv, opts.ingestSocket);
  const child = spawn(file, args, {
    cwd: repoRoot,
    detached: opts.detached ?? false,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind a failed test.
      if (opts.detached) killGroup(child);
      else child.kill('SIGKILL');
      reject(new Error(`worker did not start:\n${output}`));
    }, 60_000);
    const read = (d: Buffer) => {
      output += d.toString();
      if (output.includes('worker running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`worker exited:\n${output}`)));
  });
  return child;
}

/** kill -9 of a detached worker and everything it started; nothing when it is gone already. */
export function killGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
