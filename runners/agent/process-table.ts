// The machine's process table, read from /proc on Linux: the one place the harness reads it. The hosts read an
// agent's CPU time here (a loop that never yields burns CPU; an agent slowed by a busy machine does not), and
// kill-tree.ts finds here the processes of an agent that left its process group. Synchronous on purpose: killing runs
// from a process 'exit' handler too, where nothing asynchronous happens.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
  /** The kernel's one-letter state: `R` running, `S` sleeping, `Z` a zombie (ended, not yet reaped by its parent), … */
  readonly state: string;
  /** User plus system CPU time used so far, in ms. */
  readonly cpuMs: number;
}

/** /proc reports times in USER_HZ ticks, which Linux fixes at 100 per second for user space. */
const TICKS_PER_SECOND = 100;

/**
 * One process's entry, from /proc/PID/stat.
 * @returns undefined where /proc cannot tell (not Linux, or the process is gone)
 * @example
 * readProcess(process.pid)?.cpuMs; // 412
 */
export function readProcess(pid: number): ProcessEntry | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after the last ')' are fixed. From there,
  // index 0 is the state (field 3); ppid, pgrp and session follow; utime and stime are fields 14 and 15.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const numbers = [1, 2, 3, 11, 12].map((index) => Number(fields[index]));
  if (!numbers.every(Number.isFinite)) return undefined;
  const [ppid = 0, pgrp = 0, session = 0, user = 0, system = 0] = numbers;
  return { pid, ppid, pgrp, session, state: fields[0] ?? '', cpuMs: ((user + system) * 1000) / TICKS_PER_SECOND };
}

/** Every process of the machine, one read of /proc; empty where there is none (not Linux). */
export function readProcessTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcess(Number(name));
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Whether the environment of `pid` holds the entry `NAME=value` (false when it cannot be read: gone, or not ours). */
export function carriesTag(pid: number, tag: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(tag);
  } catch {
    return false;
  }
}

/**
 * The processes of the table that belong to `root`, not counting it or this process: its group or session, its
 * descendants, or (with `tag`) those whose environment carries the tag.
 * @param table from readProcessTable
 * @example
 * processesOf(readProcessTable(), child.pid, 'RTCONF_AGENT_TAG=1f2e'); // [4711, 4712]
 */
export function processesOf(table: readonly ProcessEntry[], root: number, tag?: string): number[] {
  const found = new Set<number>();
  for (const entry of table) if (entry.pgrp === root || entry.session === root) found.add(entry.pid);
  // Descendants by parent links, to a fixed point (children listed before their parents are caught on a later pass).
  const members = new Set<number>([root, ...found]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of table) {
      if (!members.has(entry.pid) && members.has(entry.ppid)) {
        members.add(entry.pid);
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  if (tag) for (const entry of table) if (entry.pid !== process.pid && carriesTag(entry.pid, tag)) found.add(entry.pid);
  found.delete(process.pid);
  found.delete(root);
  return [...found];
}

/**
 * The CPU time of a process and its descendants together (a browser's renderer does a page's work). The members are
 * found with one read of the table, at the first reading, and kept: each later reading reads only their entries, and
 * looks the table over again only when one of them has gone, so a reading per case costs a few files, not /proc.
 */
export class ProcessTreeCpu {
  private members?: readonly number[];

  constructor(private readonly root: number) {}

  /** @returns the tree's CPU time in ms, undefined where /proc cannot tell or the root is gone */
  cpuMs(): number | undefined {
    const root = readProcess(this.root);
    if (!root) return undefined;
    const members = (this.members ??= processesOf(readProcessTable(), this.root));
    const entries = members.map(readProcess);
    if (entries.every((entry) => entry !== undefined)) return entries.reduce((total, entry) => total + entry.cpuMs, root.cpuMs);
    // A member has gone (and another may have come): the table once more.
    this.members = processesOf(readProcessTable(), this.root);
    return this.members.reduce((total, pid) => total + (readProcess(pid)?.cpuMs ?? 0), root.cpuMs);
  }
}
