// Errors nothing caught while a case ran: the candidate's are a finding recorded on the result and never overturn an
// observed pass (they fail a case only where its rules say how errors are reported), the harness's own make the result
// an error, and which is which, and on which result, comes out the same on every run.
import { expect } from 'chai';
import { AssertionError } from 'chai';
import type { CaseMeta } from '../../conformance/case.js';
import { CaseFailure } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';
import { ruleById } from '../../spec/index.js';
import { originFile, packageFilesBut, StrayWindows } from '../../runners/stray-errors.js';
import { buildAgent } from '../../runners/agent/build-agent.js';
import { adapterRunner, collect } from './agent-helpers.js';

const PASS: CaseResult = { case: 'querystring.x.y', module: 'querystring', rules: [], status: 'pass', durationMs: 1 };
/** Files of a pretend harness: everything under /harness/. */
const harness = (file: string): boolean => file.startsWith('/harness/');

/** An error whose stack begins in `file`. */
function madeIn(file: string, error: Error = new Error('boom')): Error {
  error.stack = `${error.name}: ${error.message}\n    at someFunction (${file}:10:5)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;
  return error;
}

describe('stray errors', () => {
  describe('where a stray began', () => {
    it('is the file of the first frame that names one, skipping native and anonymous frames', () => {
      const stack = 'TypeError: x\n    at JSON.parse (<anonymous>)\n    at Array.map (native)\n    at file:///tmp/agent.mjs:10:5\n    at g (node:internal/x:1:1)';
      expect(originFile(stack)).to.equal('file:///tmp/agent.mjs');
      expect(originFile('Error: x\n    at f (/a/b.js:1:2)')).to.equal('/a/b.js');
      expect(originFile('Error: no frames')).to.equal(undefined);
    });

    it('is the harness for its own error classes and for errors begun in its files; the candidate otherwise', () => {
      /** Whose a lone stray in a passing case's window is: the harness's make the pass an error, the candidate's are kept. */
      const whose = (error: unknown): string => {
        const windows = new StrayWindows(harness);
        windows.open();
        windows.note(error, 'uncaught-exception');
        const judged = windows.close(PASS, ruleById);
        return judged.status === 'error' ? 'harness' : judged.strays?.length === 1 ? 'candidate' : `neither: ${JSON.stringify(judged)}`;
      };
      expect(whose(new CaseFailure('failed in a callback'))).to.equal('harness');
      expect(whose(new AssertionError('expected 1 to equal 2'))).to.equal('harness');
      expect(whose(madeIn('/harness/case.mjs', new TypeError("Cannot read properties of undefined (reading 'x')")))).to.equal('harness');
      expect(whose(madeIn('/candidate/wrapper.mjs'))).to.equal('candidate');
      // Made by the runtime's own modules (a builtin candidate), or not an Error at all: the candidate's.
      expect(whose(madeIn('node:child_process'))).to.equal('candidate');
      expect(whose('a plain string')).to.equal('candidate');
      expect(whose(undefined)).to.equal('candidate');
      expect(whose({ get stack(): string { throw new Error('no stack for you'); } })).to.equal('candidate');
    });

    it('reads the package but the reference as the harness, from its sources, dist/ or file URLs', () => {
      const files = packageFilesBut('file:///pkg/runners/in-process-runner.ts', 1, ['reference']);
      expect(files('/pkg/conformance/kit.ts')).to.equal(true);
      expect(files('file:///pkg/dist/conformance/kit.js')).to.equal(true);
      expect(files('/pkg/reference/https.ts')).to.equal(false);
      expect(files('/pkg/dist/reference/https.js')).to.equal(false);
      expect(files('/elsewhere/candidate.mjs')).to.equal(false);
      expect(files('node:internal/timers')).to.equal(false);
    });
  });

  describe('a case window', () => {
    it('keeps a pass with a candidate stray, and records the stray on it, repeats counted', () => {
      const windows = new StrayWindows(harness);
      windows.open();
      windows.note(madeIn('/candidate/wrapper.mjs', new Error('the child ended with SIGALRM')), 'unhandled-rejection');
      windows.note(madeIn('/candidate/wrapper.mjs', new Error('the child ended with SIGALRM')), 'unhandled-rejection');
      windows.note('a plain string', 'uncaught-exception');
      expect(windows.close(PASS, ruleById)).to.deep.equal({
        ...PASS,
        strays: [
          { kind: 'unhandled-rejection', error: 'Error: the child ended with SIGALRM', count: 2 },
          { kind: 'uncaught-exception', error: 'the non-Error value the string "a plain string"' },
        ],
      });
    });

    it('makes a pass an error when the stray is the harness own, and leaves a failure as it is', () => {
      const windows = new StrayWindows(harness);
      windows.open();
      windows.note(new AssertionError('expected 1 to equal 2'), 'uncaught-exception');
      const judged = windows.close(PASS, ruleById);
      expect(judged.status).to.equal('error');
      expect(judged.message).to.equal('uncaught during the case, from the harness itself: AssertionError: expected 1 to equal 2');
      windows.open();
      windows.note(new AssertionError('expected 1 to equal 2'), 'uncaught-exception');
      const failed: CaseResult = { ...PASS, status: 'fail', message: 'the case failed' };
      expect(windows.close(failed, ruleById)).to.deep.equal(failed);
    });

    it('fails a case whose every rule says how errors are reported, naming the rule and its channel', () => {
      const windows = new StrayWindows(harness);
      windows.open();
      windows.note(madeIn('/candidate/wrapper.mjs', new Error('the child ended with code 42')), 'unhandled-rejection');
      const judged = windows.close({ ...PASS, case: 'child_process.exec.exit-42-is-error-with-code-42', module: 'child_process', rules: ['child_process.exec.error-exit-code'] }, ruleById);
      expect(judged.status).to.equal('fail');
      expect(judged.message).to.equal(
        "the candidate let an error escape uncaught (a promise rejection nobody handled: Error: the child ended with code 42), while child_process.exec.error-exit-code says errors are reported through exec's callback: a program handling that, as the spec says, would still crash",
      );
      expect(judged.strays).to.have.length(1);
    });

    it('charges no rule that says nothing of how errors are reported, even beside one that does', () => {
      const windows = new StrayWindows(harness);
      windows.open();
      windows.note(madeIn('/candidate/wrapper.mjs'), 'unhandled-rejection');
      const mixed = windows.close({ ...PASS, module: 'child_process', rules: ['child_process.exec.error-exit-code', 'child_process.exec.callback-on-exit'] }, ruleById);
      expect(mixed.status).to.equal('pass');
      windows.open();
      windows.note(madeIn('/candidate/wrapper.mjs'), 'unhandled-rejection');
      expect(windows.close({ ...PASS, module: 'child_process', rules: ['child_process.spawn.timeout-kills'] }, ruleById).status).to.equal('pass');
    });

    it('records a stray that came between two cases on the next one, as arrived before it, and never charges it', () => {
      const windows = new StrayWindows(harness);
      windows.open();
      expect(windows.close(PASS, ruleById)).to.deep.equal(PASS);
      windows.note(madeIn('/candidate/wrapper.mjs', new Error('late')), 'unhandled-rejection');
      windows.open();
      const next = windows.close({ ...PASS, module: 'child_process', rules: ['child_process.exec.error-exit-code'] }, ruleById);
      expect(next.status, 'not charged to a case that could not have caused it').to.equal('pass');
      expect(next.strays).to.deep.equal([{ kind: 'unhandled-rejection', error: 'Error: late', beforeCase: true }]);
    });
  });

  describe('in an agent', function () {
    this.timeout(120_000);
    before(() => buildAgent());

    const meta = (id: string, rules: string[] = []): CaseMeta => ({ id, module: id.startsWith('child_process') ? 'child_process' : 'querystring', rules });

    it("records a candidate's strays on its passing result (or the next, for what its timers throw after it), and makes the harness's own an error", async () => {
      const cases = [meta('querystring.agent-test.calls-parse'), meta('querystring.agent-test.stringify'), meta('querystring.agent-test.harness-stray')];
      const [candidate, next, own] = await collect(adapterRunner('stray-querystring.mjs'), cases);
      expect(candidate?.status, candidate?.message).to.equal('pass');
      expect(candidate?.strays).to.have.deep.members([
        { kind: 'unhandled-rejection', error: 'Error: left behind by parse' },
        { kind: 'unhandled-rejection', error: 'the non-Error value the string "a plain string"' },
      ]);
      // Its timer fires once the case is over: recorded on the next case, as arrived before it.
      expect(next?.status, next?.message).to.equal('pass');
      expect(next?.strays).to.deep.equal([{ kind: 'uncaught-exception', error: 'RangeError: thrown later by parse', beforeCase: true }]);
      expect(own?.status).to.equal('error');
      expect(own?.message).to.match(/^uncaught during the case, from the harness itself: TypeError: Cannot read properties of undefined/);
      expect(own?.strays, 'the harness own stray is not the candidate\'s finding').to.equal(undefined);
    });

    it('gives a wrapper whose unawaited promise rejects when its child fails the same results on every run', async () => {
      const cases = [
        // Its rule (the timeout kills) says nothing of how errors are reported: a pass, with the finding.
        meta('child_process.spawn.timeout-sends-kill-signal', ['child_process.spawn.timeout-kills']),
        // Its rule says the error is reported through the callback: the stray breaks it.
        meta('child_process.exec.exit-42-is-error-with-code-42', ['child_process.exec.error-exit-code']),
        // A child that succeeds: no stray at all.
        meta('child_process.exec.exit-0-gives-null-error-and-output', ['child_process.exec.success-null-error', 'child_process.exec.callback-on-exit']),
      ];
      const seen = new Set<string>();
      for (let run = 0; run < 8; run++) {
        const results = await collect(adapterRunner('wrapper-promise.mjs'), cases, { timeoutMs: 10_000 });
        seen.add(JSON.stringify(results.map((result) => [result.case, result.status, result.strays ?? []])));
      }
      expect([...seen].map((text) => JSON.parse(text) as unknown)).to.deep.equal([
        [
          ['child_process.spawn.timeout-sends-kill-signal', 'pass', [{ kind: 'unhandled-rejection', error: 'Error: the child ended with SIGALRM' }]],
          ['child_process.exec.exit-42-is-error-with-code-42', 'fail', [{ kind: 'unhandled-rejection', error: 'Error: the child ended with code 42' }]],
          ['child_process.exec.exit-0-gives-null-error-and-output', 'pass', []],
        ],
      ]);
    });
  });
});
