// cli/progress.ts with candidates that run at the same time (the runner side of issue 14).
import { expect } from 'chai';
import { createProgress } from '../../cli/progress.js';
import type { CandidateInfo, CaseResult } from '../../results/results-file.js';

function stream(tty: boolean): NodeJS.WriteStream & { text: string } {
  const fake = { text: '', isTTY: tty, columns: 200, write: (chunk: string) => ((fake.text += chunk), true) };
  return fake as unknown as NodeJS.WriteStream & { text: string };
}

const a: CandidateInfo = { id: 'reference', name: 'reference', kind: 'reference' };
const b: CandidateInfo = { id: 'adapter:evil\u001b[2J', name: 'evil', kind: 'adapter' };
const result = (id: string, status: CaseResult['status']): CaseResult => ({
  case: id,
  module: 'querystring',
  rules: ['r'],
  status,
  durationMs: 1,
  ...(status === 'pass' ? {} : { message: `${status} here\nsecond line` }),
});

describe('progress with interleaved candidates', () => {
  it('keeps the log format: a line per candidate, then one per non-passing case tagged with its candidate', () => {
    const out = stream(false);
    const progress = createProgress(out);
    progress.candidate(a, 2);
    progress.candidate(b, 2);
    progress.result(b, result('q.one', 'timeout'));
    progress.result(a, result('q.one', 'pass'));
    progress.result(a, result('q.two', 'fail'));
    progress.result(b, result('q.two', 'pass'));
    progress.done();
    expect(out.text).to.equal(
      ['reference: 2 case(s)', 'adapter:evil?[2J: 2 case(s)', '  TIMEOUT [adapter:evil?[2J] q.one: timeout here', '  FAIL [reference] q.two: fail here', ''].join('\n'),
    );
  });

  it('on a terminal shows every running candidate on one line and gives each a line of its own when it finishes', () => {
    const out = stream(true);
    const progress = createProgress(out);
    progress.candidate(a, 2);
    progress.candidate(b, 1);
    progress.result(a, result('q.one', 'pass'));
    expect(out.text.slice(out.text.lastIndexOf('\r'))).to.contain('reference: 1/2').and.contain('adapter:evil?[2J: 0/1');
    progress.result(b, result('q.one', 'crash'));
    progress.result(a, result('q.two', 'pass'));
    progress.done();
    const lines = out.text.split('\n').map((line) => line.slice(line.lastIndexOf('\r\u001b[2K') + 1).replace('\u001b[2K', ''));
    expect(lines).to.include.members(['  CRASH [adapter:evil?[2J] q.one: crash here', 'adapter:evil?[2J: 1/1, 1 not passing', 'reference: 2/2']);
    expect(out.text).to.not.contain('\u001b[2J');
  });
});
