// The in-process runner on Ctrl-C: the case in flight is left out of the results (it neither ran nor timed out), what
// finished before it is kept, and the run stops promptly.
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import querystring from 'node:querystring';
import type { CandidateModules } from '../../conformance/modules.js';
import { createInProcessRunner } from '../../runners/in-process-runner.js';
import type { CaseResult } from '../../results/results-file.js';

/** A child_process whose exec starts nothing and never calls back: every exec case waits until it is stopped. */
function silentChildProcess(): CandidateModules['child_process'] {
  const never = (): EventEmitter => Object.assign(new EventEmitter(), { pid: 1, stdout: new EventEmitter(), stderr: new EventEmitter(), kill: () => true });
  return { exec: never, execFile: never, spawn: never, fork: never, execSync: never, execFileSync: never, spawnSync: never } as unknown as CandidateModules['child_process'];
}

/** A case the host's querystring passes at once, before the interrupt. */
const QUICK_CASE = { id: 'querystring.parse.repeated-key-collects-values-in-order', module: 'querystring' as const, rules: ['querystring.parse.repeated-keys'] };
const EXEC_CASE = { id: 'child_process.exec.exit-0-gives-null-error-and-output', module: 'child_process' as const, rules: ['child_process.exec.success-null-error'] };

describe('in-process runner', () => {
  it('on Ctrl-C keeps what finished, leaves the case in flight out of the results (it did not run, it did not time out), and stops', async () => {
    const modules = { querystring: querystring as unknown as CandidateModules['querystring'], child_process: silentChildProcess() };
    const runner = createInProcessRunner({ candidate: { id: 'silent', name: 'silent', kind: 'host' }, modules });
    const controller = new AbortController();
    const results: CaseResult[] = [];
    let interrupted = 0;
    try {
      const cases = [QUICK_CASE, EXEC_CASE, { ...EXEC_CASE, id: 'child_process.execFile.exit-0-gives-null-error-and-output' }];
      for await (const result of runner.run(cases, { seed: 1, timeoutMs: 30_000, signal: controller.signal })) {
        results.push(result);
        // Interrupted once the first case is done and the next, which never ends, is in flight.
        if (results.length === 1) {
          setTimeout(() => {
            interrupted = performance.now();
            controller.abort(new Error('interrupted'));
          }, 200);
        }
      }
    } finally {
      await runner.close();
    }
    expect(results.map((result) => [result.case, result.status])).to.deep.equal([[QUICK_CASE.id, 'pass']]);
    expect(performance.now() - interrupted, 'ms from the interrupt to the end of the run').to.be.below(10_000);
  });
});
