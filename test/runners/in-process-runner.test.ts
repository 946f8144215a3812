// The in-process runner on Ctrl-C: the case in flight is left out of the results (it neither ran nor timed out), and
// the run stops promptly.
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { CandidateModules } from '../../conformance/modules.js';
import { createInProcessRunner } from '../../runners/in-process-runner.js';
import type { CaseResult } from '../../results/results-file.js';

/** A child_process whose exec starts nothing and never calls back: every exec case waits until it is stopped. */
function silentChildProcess(): CandidateModules['child_process'] {
  const never = (): EventEmitter => Object.assign(new EventEmitter(), { pid: 1, stdout: new EventEmitter(), stderr: new EventEmitter(), kill: () => true });
  return { exec: never, execFile: never, spawn: never, fork: never, execSync: never, execFileSync: never, spawnSync: never } as unknown as CandidateModules['child_process'];
}

const EXEC_CASE = { id: 'child_process.exec.exit-0-gives-null-error-and-output', module: 'child_process' as const, rules: ['child_process.exec.success-null-error'] };

describe('in-process runner', () => {
  it('on Ctrl-C leaves the case in flight out of the results: it did not run, it did not time out', async () => {
    const runner = createInProcessRunner({ candidate: { id: 'silent', name: 'silent', kind: 'host' }, modules: { child_process: silentChildProcess() } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('interrupted')), 300);
    const results: CaseResult[] = [];
    const started = performance.now();
    try {
      for await (const result of runner.run([EXEC_CASE, { ...EXEC_CASE, id: 'child_process.execFile.exit-0-gives-null-error-and-output' }], { seed: 1, timeoutMs: 30_000, signal: controller.signal })) {
        results.push(result);
      }
    } finally {
      await runner.close();
    }
    expect(results).to.deep.equal([]);
    expect(performance.now() - started).to.be.below(10_000);
  });
});
