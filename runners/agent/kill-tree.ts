// Kills an agent and everything it started. The agent leads its own process group (it is spawned detached), so one
// signal to the group reaches most descendants; on Linux, the process table (process-table.ts) then finds the ones
// that left the group (a case's `detached` child, or an orphan re-parented to init) by session, ancestry or the tag
// variable they inherited.
// Synchronous on purpose: it also runs from a process 'exit' handler, where nothing asynchronous happens.
import { processesOf, readProcessTable } from './process-table.js';

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone, or not ours
  }
}

/**
 * SIGKILLs the agent's process group and every process found to belong to it, a few rounds in case one forked
 * while we were killing. `tag` is the `NAME=value` string the agent's environment carries.
 */
export function killTree(root: number, tag?: string): void {
  try {
    process.kill(-root, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  signal(root);
  if (process.platform !== 'linux') return;
  for (let round = 0; round < 3; round++) {
    const left = processesOf(readProcessTable(), root, tag);
    if (left.length === 0) return;
    for (const pid of left) {
      signal(-pid);
      signal(pid);
    }
  }
}
