import { procStat } from './proc-stat.js';

/**
 * The processes a test started and must not leave behind, killed at its end only if each pid is
 * still the process it was. A pid is never 0 or below here (a spawn that failed has none, and
 * kill(0) would signal the whole process group, CI's runner included), and a pid that exited is
 * soon reused on a machine whose pid_max is 32768 while a suite spawns thousands: its start time
 * (field 22 of /proc/<pid>/stat, clock ticks since boot) tells the two apart.
 */
export function strayProcesses() {
  const started = new Map<number, string>();
  return {
    add(pid: number | undefined) {
      const since = pid && pid > 0 ? startTime(pid) : undefined;
      if (pid && since) started.set(pid, since);
    },
    killAll() {
      for (const [pid, since] of started) {
        if (startTime(pid) !== since) continue;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
      started.clear();
    },
  };
}

function startTime(pid: number): string | undefined {
  return procStat(pid)?.fields[19];
}
