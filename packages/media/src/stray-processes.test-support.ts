import fs from 'node:fs';

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
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses (which may hold spaces), from field 3 on.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
