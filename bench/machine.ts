/**
 * The state of the machine a benchmark runs on. A figure taken while the machine is busy with
 * something else (on 2 cores, the demo's one-time rendering of its games is enough) measures that
 * other work as much as the subject, so timing benches wait for a quiet machine first.
 */
import os from 'node:os';

/** The whole machine's idle share over `windowMs`, from the kernel's per-core counters. */
async function idleShare(windowMs: number): Promise<number> {
  const sample = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const t = cpu.times;
        return { idle: sum.idle + t.idle, all: sum.all + t.idle + t.user + t.nice + t.sys + t.irq };
      },
      { idle: 0, all: 0 },
    );
  const a = sample();
  await new Promise((r) => setTimeout(r, windowMs));
  const b = sample();
  return (b.idle - a.idle) / Math.max(1, b.all - a.all);
}

/** Until the machine is at least 85 % idle for five seconds in a row (at most five minutes). */
export async function waitForIdleCpu(): Promise<{ idle: number; waitedS: number }> {
  const started = Date.now();
  let calm = 0;
  let idle = 0;
  while (Date.now() - started < 300_000) {
    idle = await idleShare(1_000);
    calm = idle >= 0.85 ? calm + 1 : 0;
    if (calm >= 5) break;
  }
  return { idle, waitedS: Math.round((Date.now() - started) / 1000) };
}
