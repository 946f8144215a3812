// Which cases a mutant runs against (mutation/file-coverage.ts casesCoveringSpan), on a hand-made map: the points of
// a span decide (points no case ran give none); a span without points inside a function takes the function's cases,
// and none when no case called the function (not the point before it, which may be code that ran at load and would
// send every case).
import { expect } from 'chai';
import { casesCoveringSpan, type FileCoverage } from '../../mutation/file-coverage.js';

// Lines (0-based): 0 runs at load (-1); 2–4 a function cases 0 and 1 ran, whose line 3 column 20 (a refusal, say) no
// case ran; 10 load again; 12–16 a function nobody called (no covered point); 20 top-level code case 2 ran.
const coverage: FileCoverage = {
  sets: [[-1], [0, 1], [0], [2], []],
  points: [0, 0, 0, 2, 2, 1, 3, 4, 2, 3, 20, 4, 4, 2, 1, 10, 0, 0, 20, 0, 3],
};
const at = (line: number, column = 0): { line: number; column: number } => ({ line, column });

describe('casesCoveringSpan', () => {
  it('takes the cases of the covered points inside the span', () => {
    expect([...casesCoveringSpan(coverage, at(3), at(4, 10))].sort()).to.deep.equal([0, 1]);
    expect([...casesCoveringSpan(coverage, at(0), at(0, 5))]).to.deep.equal([-1]);
  });

  it('takes the cases that ran the function around a span without points', () => {
    expect([...casesCoveringSpan(coverage, at(3, 1), at(3, 2), { from: at(2), to: at(5) })].sort()).to.deep.equal([0, 1]);
  });

  it('takes no case for a span whose points no case ran, though cases ran the function around it', () => {
    expect([...casesCoveringSpan(coverage, at(3, 18), at(3, 30), { from: at(2), to: at(5) })]).to.deep.equal([]);
    // A span with a point some case ran beside one none ran takes that case.
    expect([...casesCoveringSpan(coverage, at(3, 4), at(3, 30), { from: at(2), to: at(5) })]).to.deep.equal([0]);
  });

  it('takes no case for a span in a function no case called, though code before it ran at load', () => {
    expect([...casesCoveringSpan(coverage, at(13), at(14), { from: at(12), to: at(16) })]).to.deep.equal([]);
  });

  it('takes the point before a top-level span without points', () => {
    expect([...casesCoveringSpan(coverage, at(21), at(22))]).to.deep.equal([2]);
    expect([...casesCoveringSpan(coverage, at(11), at(11, 4))]).to.deep.equal([-1]);
  });

  it('takes nothing from a file without coverage', () => {
    expect([...casesCoveringSpan(undefined, at(1), at(2))]).to.deep.equal([]);
  });
});
