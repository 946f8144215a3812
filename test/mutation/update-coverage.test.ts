// rtconf mutate --incremental's coverage update: which cases are measured again after a change (new and changed cases,
// those that ran the changed code, every case of a module when code that runs at load changed), and how the earlier
// coverage of the others is moved to the lines where their code now is.
import { expect } from 'chai';
import type { CaseMeta } from '../../conformance/case.js';
import type { CoverageMap } from '../../mutation/file-coverage.js';
import { changedLines } from '../../mutation/changed-block.js';
import { casesToRemeasure, mergeCoverage, type EarlierCoverage } from '../../mutation/update-coverage.js';

const FILE = 'reference/x.ts';
const BEFORE = ['const TABLE = [1, 2];', 'export function a(v: number): number {', '  return v + 1;', '}', 'export function b(v: number): number {', '  return v * 2;', '}', ''].join('\n');

const cases: CaseMeta[] = [
  { id: 'querystring.x.uses-a', module: 'querystring', rules: ['r.a'] },
  { id: 'querystring.x.uses-b', module: 'querystring', rules: ['r.b'] },
  { id: 'querystring.x.uses-both', module: 'querystring', rules: ['r.a', 'r.b'] },
];

/** Points [line, column, set]: line 0 ran at load, a's body (line 2) by cases 0 and 2, b's body (line 5) by 1 and 2. */
function earlierMap(): CoverageMap {
  return {
    format: 1,
    key: 'before',
    seed: 1,
    cases: cases.map((meta) => ({ ...meta, status: 'pass', durationMs: 1 })),
    files: { [FILE]: { sets: [[-1], [0, 2], [1, 2]], points: [0, 0, 0, 1, 0, 0, 2, 2, 1, 5, 2, 2] } },
    durationMs: 1,
  };
}

function earlier(hashes: Record<string, string> = { 'querystring.x.uses-a': 'ha', 'querystring.x.uses-b': 'hb', 'querystring.x.uses-both': 'hab' }): EarlierCoverage {
  return { map: earlierMap(), texts: new Map([[FILE, BEFORE]]), caseHashes: new Map(Object.entries(hashes)) };
}

const sameHashes = new Map([
  ['querystring.x.uses-a', 'ha'],
  ['querystring.x.uses-b', 'hb'],
  ['querystring.x.uses-both', 'hab'],
]);
const owners = new Map([[FILE, ['querystring' as const]]]);

describe('rtconf mutate --incremental: the case ↔ code map brought up to date', () => {
  it('finds the changed block of lines between two texts', () => {
    expect(changedLines('a\nb\nc\nd', 'a\nB\nc\nd')).to.deep.equal({ from: 1, oldTo: 2, newTo: 2 });
    expect(changedLines('a\nb\nc', 'a\nx\ny\nb\nc'), 'two lines inserted').to.deep.equal({ from: 1, oldTo: 1, newTo: 3 });
    expect(changedLines('a\nb\nc', 'a\nc'), 'a line removed').to.deep.equal({ from: 1, oldTo: 2, newTo: 1 });
  });

  it('measures again only the cases that ran a changed function', () => {
    const now = BEFORE.replace('  return v * 2;', '  return v * 2 + 0;');
    expect([...casesToRemeasure(earlier(), new Map([[FILE, now]]), owners, cases, sameHashes)].sort()).to.deep.equal(['querystring.x.uses-b', 'querystring.x.uses-both']);
  });

  it('measures again every case of the file’s modules when code that runs at load changed', () => {
    const now = BEFORE.replace('[1, 2]', '[1, 2, 3]');
    expect(casesToRemeasure(earlier(), new Map([[FILE, now]]), owners, cases, sameHashes).size).to.equal(3);
  });

  it('measures again a case whose code changed, and a new one, and nothing when nothing changed', () => {
    const hashes = new Map([...sameHashes, ['querystring.x.uses-a', 'changed'], ['querystring.x.new', 'hn']]);
    const more = [...cases, { id: 'querystring.x.new', module: 'querystring' as const, rules: ['r.n'] }];
    expect([...casesToRemeasure(earlier(), new Map([[FILE, BEFORE]]), owners, more, hashes)].sort()).to.deep.equal(['querystring.x.new', 'querystring.x.uses-a']);
    expect(casesToRemeasure(earlier(), new Map([[FILE, BEFORE]]), owners, cases, sameHashes).size).to.equal(0);
  });

  it('moves the kept coverage below a change by the lines it added, and takes the measured cases’ coverage fresh', () => {
    // Two lines added to b; only the cases that ran b are measured again, and b's body is now at line 7.
    const now = BEFORE.replace('  return v * 2;', '  const w = v;\n  const u = w;\n  return u * 2;');
    const fresh: CoverageMap = {
      format: 1,
      key: 'fresh',
      seed: 1,
      cases: [cases[1], cases[2]].map((meta) => ({ ...(meta as CaseMeta), status: 'pass', durationMs: 1 })),
      files: { [FILE]: { sets: [[-1], [1], [0, 1]], points: [0, 0, 0, 2, 2, 1, 5, 2, 2, 7, 2, 2] } },
      durationMs: 1,
    };
    const merged = mergeCoverage(earlier(), fresh, new Map([[FILE, now]]), cases, 'now');
    const coverage = merged.files[FILE];
    if (!coverage) throw new Error('no coverage of the file');
    const at = (line: number): string[] => {
      for (let index = 0; index < coverage.points.length; index += 3) {
        if (coverage.points[index] === line) return (coverage.sets[coverage.points[index + 2] as number] ?? []).map((item) => (item === -1 ? 'load' : (merged.cases[item]?.id ?? '?')));
      }
      return [];
    };
    expect(at(0), 'load-time code: measured anew').to.deep.equal(['load']);
    expect(at(2).sort(), "a's body: kept for the case not measured again (uses-a), fresh for uses-both").to.deep.equal(['querystring.x.uses-a', 'querystring.x.uses-both']);
    expect(at(7).sort(), "b's body, two lines down").to.deep.equal(['querystring.x.uses-b', 'querystring.x.uses-both']);
    expect(merged.key).to.equal('now');
    expect(merged.cases.map((meta) => meta.id)).to.deep.equal(cases.map((meta) => meta.id));
  });
});
