// Kills an agent and everything it started. The agent leads its own process group (it is spawned detached), so one
// signal to the group reaches most descendants; on Linux, /proc then finds the ones that left the group (a case's
// `detached` child, or an orphan re-parented to init) by session, ancestry or the tag variable they inherited.
// Synchronous on purpose: it also runs from a process 'exit' handler, where nothing asynchronous happens.
import { readFileSync, readdirSync } from 'node:fs';

interface ProcEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
}

function readStat(pid: number): ProcEntry | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: fields after the last ')' are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]) };
  } catch {
    return undefined;
  }
}

function hasTag(pid: number, tag: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(tag);
  } catch {
    return false;
  }
}

/** Pids on this machine that belong to the agent `root`: its group or session, its descendants, or tagged. */
export function agentProcesses(root: number, tag?: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries = names.filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name))).filter((entry): entry is ProcEntry => entry !== undefined);
  const found = new Set<number>();
  for (const entry of entries) if (entry.pgrp === root || entry.session === root) found.add(entry.pid);
  // Descendants by parent links, to a fixed point (children listed before their parents are caught on a later pass).
  const members = new Set<number>([root, ...found]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of entries) {
      if (!members.has(entry.pid) && members.has(entry.ppid)) {
        members.add(entry.pid);
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  if (tag) for (const entry of entries) if (entry.pid !== process.pid && hasTag(entry.pid, tag)) found.add(entry.pid);
  found.delete(process.pid);
  return [...found];
}

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
    const left = agentProcesses(root, tag);
    if (left.length === 0) return;
    for (const pid of left) {
      signal(-pid);
      signal(pid);
    }
  }
}
