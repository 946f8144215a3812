// The CPU time a process has used, from /proc on Linux. The harness uses it to tell an agent stuck in a loop that
// never yields (it keeps burning CPU) from one that is merely slow because the machine is busy: on a loaded machine
// wall-clock time runs ahead of the agent's own progress, its CPU time does not.
import { readFileSync } from 'node:fs';

/** /proc reports times in USER_HZ ticks, which Linux fixes at 100 per second for user space. */
const TICKS_PER_SECOND = 100;

/**
 * @param pid a live process
 * @returns the user plus system CPU time it has used so far, in ms; undefined where /proc cannot tell (not Linux, or
 *   the process is gone)
 * @example
 * processCpuMs(process.pid); // 412.0
 */
export function processCpuMs(pid: number): number | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces and parentheses): state is field 3, utime 14, stime 15.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
  return ((user + system) * 1000) / TICKS_PER_SECOND;
}
