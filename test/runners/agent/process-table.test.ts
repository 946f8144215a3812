// The one reader of the machine's process table (runners/agent/process-table.ts): an entry per process with its CPU
// time, the processes that belong to an agent (group, session, descendants, tag), and a tree's CPU time that reads
// /proc once, not at every reading.
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { processesOf, ProcessTreeCpu, readProcess, readProcessTable, type ProcessEntry } from '../../../runners/agent/process-table.js';

const onLinux = process.platform === 'linux';

/** A table entry for the pure tests. */
const entry = (pid: number, ppid: number, pgrp = pid, session = pgrp): ProcessEntry => ({ pid, ppid, pgrp, session, state: 'S', cpuMs: 0 });

/** A detached `node` whose child burns CPU until killed; resolves once both run. */
async function busyTree(): Promise<ChildProcess> {
  const script = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    console.log(child.pid);
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => parent.stdout?.once('data', () => resolve()));
  return parent;
}

describe('process table', () => {
  it('finds an agent’s group and session members, its descendants at any depth, and never the root or this process', () => {
    const table = [entry(100, 1), entry(101, 100, 100), entry(102, 101, 102), entry(103, 102, 103, 103), entry(200, 1), entry(300, 1, 300, 100), entry(process.pid, 1)];
    expect(processesOf(table, 100).sort()).to.deep.equal([101, 102, 103, 300]);
    // Children listed before their parents are found too.
    expect(processesOf([...table].reverse(), 100).sort()).to.deep.equal([101, 102, 103, 300]);
    expect(processesOf(table, 200)).to.deep.equal([]);
  });

  it('reads this process’s entry and finds it in the table', function () {
    if (!onLinux) this.skip();
    const own = readProcess(process.pid);
    expect(own?.ppid).to.equal(process.ppid);
    expect(own?.cpuMs).to.be.a('number').and.greaterThan(0);
    // This process is running the test (R) or, between its own ticks, sleeping (S); never a zombie.
    expect(own?.state).to.be.oneOf(['R', 'S']);
    expect(readProcessTable().some((item) => item.pid === process.pid)).to.equal(true);
    expect(readProcess(2 ** 22 + 1)).to.equal(undefined);
  });

  it('adds up the CPU time of a tree, a busy grandchild included, and keeps counting once the members are known', async function () {
    if (!onLinux) this.skip();
    this.timeout(90_000);
    const parent = await busyTree();
    try {
      const pid = parent.pid as number;
      const tree = new ProcessTreeCpu(pid);
      const first = tree.cpuMs() ?? 0;
      const own = readProcess(pid)?.cpuMs ?? 0;
      // However loaded the machine, the busy grandchild gets CPU time sooner or later: wait for it, not for a clock.
      let later = first;
      for (const deadline = Date.now() + 60_000; later - first < 300 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        later = tree.cpuMs() ?? later;
      }
      expect(later - first, `tree ${first} → ${later}`).to.be.at.least(300);
      // The parent itself idles: the time counted is its child's, found as a member of the tree.
      expect((readProcess(pid)?.cpuMs ?? 0) - own, 'the idle parent').to.be.below((later - first) / 3);
    } finally {
      process.kill(-(parent.pid as number), 'SIGKILL');
    }
    expect(new ProcessTreeCpu(2 ** 22 + 1).cpuMs()).to.equal(undefined);
  });
});
