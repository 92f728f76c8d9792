import fs from 'node:fs';

/**
 * A process's line in /proc/<pid>/stat, or null when it is gone (or not Linux). `fields[0]` is
 * field 3 of proc(5) (the state), `fields[1]` the parent pid, `fields[11]`/`[12]` its user and
 * system time, `[13]`/`[14]` its reaped children's, `[16]` its niceness, `[19]` the start time
 * in clock ticks since boot. The command's name may hold spaces and parentheses, so the fields
 * are read after the last ')'.
 */
export function procStat(pid: number | string): { comm: string; fields: string[] } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      fields: stat.slice(close + 2).split(' '),
    };
  } catch {
    return null;
  }
}

/** Whether a process exists and is not a zombie (exited, not yet waited for). */
export function isRunning(pid: number | string): boolean {
  const state = procStat(pid)?.fields[0];
  return state !== undefined && state !== 'Z';
}

/** Linux's USER_HZ, the unit of /proc's times, 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system) a process has used so far, or with `reaped` those of its children
 * it has waited for; 0 once it is gone.
 */
export function cpuSeconds(
  pid: number | string | undefined,
  of: 'self' | 'reaped' = 'self',
): number {
  const fields = pid === undefined ? undefined : procStat(pid)?.fields;
  if (!fields) return 0;
  const [user, system] = of === 'self' ? [11, 12] : [13, 14];
  return (Number(fields[user]) + Number(fields[system])) / CLOCK_TICKS;
}
