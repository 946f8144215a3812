// The mutation tool's parts: mutants placed with a unified diff and ids that survive moved code, source-map decoding,
// the changed lines for --since, reasons required in the equivalent-mutants list, and a seeded sample.
import { expect } from 'chai';
import { generateMutants } from '../../mutation/generate-mutants.js';
import { lineStarts, mappingPoints } from '../../mutation/source-map.js';
import { touches } from '../../mutation/changed-lines.js';
import { parseUnifiedDiff, unifiedDiff } from '../../mutation/unified-diff.js';
import { decodeVlq } from '../../mutation/vlq.js';
import { readEquivalentMutants } from '../../mutation/equivalent-mutants.js';
import { listFile } from './list-file.js';
import { sample } from '../../mutation/seeded-random.js';

const CODE = ['// a file', 'export function limit(n: number): number {', '  if (n < 10) return n;', '  return 10;', '}', ''].join('\n');

describe('generateMutants', () => {
  it('places each mutant (1-based line and column) and gives a one-line unified diff', () => {
    const boundary = generateMutants('reference/x.ts', CODE).find((mutant) => mutant.operator === 'conditional-boundary');
    expect(boundary).to.include({ line: 3, column: 9, original: '<', replacement: '<=' });
    expect(boundary?.diff).to.equal(['--- a/reference/x.ts', '+++ b/reference/x.ts', '@@ -3 +3 @@', '-  if (n < 10) return n;', '+  if (n <= 10) return n;'].join('\n'));
  });

  it('keeps mutant ids when unrelated code moves the mutated line, and gives every mutant its own', () => {
    const before = generateMutants('reference/x.ts', CODE);
    const after = generateMutants('reference/x.ts', `// one more comment line\n\n${CODE}`);
    expect(after.map((mutant) => mutant.id)).to.deep.equal(before.map((mutant) => mutant.id));
    expect(after.map((mutant) => mutant.line)).to.deep.equal(before.map((mutant) => mutant.line + 2));
    expect(new Set(before.map((mutant) => mutant.id)).size).to.equal(before.length);
    expect(before.every((mutant) => /^[0-9a-f]{16}$/.test(mutant.id))).to.equal(true);
  });

  it('tells identical edits in one function apart by occurrence, and in another file by path', () => {
    const code = 'function f(a: number) { return a + 1 + 1; }';
    const ids = generateMutants('reference/y.ts', code).filter((mutant) => mutant.operator === 'number-literal').map((mutant) => mutant.id);
    expect(ids).to.have.length(2);
    expect(ids[0]).to.not.equal(ids[1]);
    const elsewhere = generateMutants('reference/z.ts', code).filter((mutant) => mutant.operator === 'number-literal').map((mutant) => mutant.id);
    expect(elsewhere).to.not.include(ids[0]);
  });

  it('gives each mutant its own statement within its function: an if with its branches, never beyond the function', () => {
    const text = [
      'export function f(list: number[], n: number): number {',
      '  const twice = n * 2;',
      '  if (n < 10) {',
      '    return twice + 1;',
      '  }',
      '  return list.map((item) => item - n).length;',
      '}',
      'export const TABLE = [1 + 2];',
      '',
    ].join('\n');
    const mutants = generateMutants('reference/x.ts', text, new Set(['arithmetic', 'conditional-boundary']));
    const statementOf = (original: string): string => {
      const mutant = mutants.find((item) => item.original === original);
      if (!mutant) throw new Error(`no mutant of ${original}`);
      return text.slice(mutant.statement.start, mutant.statement.end);
    };
    expect(statementOf('*')).to.equal('const twice = n * 2;');
    expect(statementOf('<')).to.equal('if (n < 10) {\n    return twice + 1;\n  }');
    expect(statementOf('+')).to.equal('return twice + 1;');
    // In an arrow's expression body the listed statement lies outside the arrow: its function is the scope.
    expect(statementOf('-')).to.equal('(item) => item - n');
    // At the top level, its top-level statement.
    expect(mutants.find((item) => item.line === 8)?.statement).to.deep.equal(mutants.find((item) => item.line === 8)?.surrounding);
  });

  it('shows every line of a multi-line edit in the diff', () => {
    const diff = unifiedDiff('f.ts', 'a(\n  x,\n  y);\n', { start: 0, end: 12, replacement: '' });
    expect(diff).to.equal(['--- a/f.ts', '+++ b/f.ts', '@@ -1,3 +1 @@', '-a(', '-  x,', '-  y);', '+;'].join('\n'));
  });
});

describe('source maps', () => {
  it('decodes base64 VLQ segments, negative values included', () => {
    expect(decodeVlq('AAgBC')).to.deep.equal([0, 0, 16, 1]);
    expect(decodeVlq('D')).to.deep.equal([-1]);
    expect(decodeVlq('2HwBA')).to.deep.equal([123, 24, 0]);
  });

  it('reads mapping points with relative fields accumulated across lines', () => {
    const points = mappingPoints({ version: 3, sources: ['a.ts'], mappings: 'AAAA,IAAI;AACA' });
    expect(points).to.deep.equal([
      { generatedLine: 0, generatedColumn: 0, source: 0, originalLine: 0, originalColumn: 0 },
      { generatedLine: 0, generatedColumn: 4, source: 0, originalLine: 0, originalColumn: 4 },
      { generatedLine: 1, generatedColumn: 0, source: 0, originalLine: 1, originalColumn: 4 },
    ]);
    expect(lineStarts('ab\ncd\n')).to.deep.equal([0, 3, 6]);
  });
});

describe('--since: changed lines', () => {
  it('reads the new-side line ranges of git diff -U0 per file', () => {
    const diff = [
      'diff --git a/reference/a.ts b/reference/a.ts',
      '--- a/reference/a.ts',
      '+++ b/reference/a.ts',
      '@@ -3 +3,2 @@ function f() {',
      '@@ -10,2 +11,0 @@',
      '@@ -20 +20 @@',
      'diff --git a/reference/gone.ts b/reference/gone.ts',
      '--- a/reference/gone.ts',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
    ].join('\n');
    const changed = parseUnifiedDiff(diff);
    expect([...(changed.get('reference/a.ts') ?? [])]).to.deep.equal([3, 4, 20]);
    expect(changed.has('reference/gone.ts')).to.equal(false);
    expect(touches(changed, 'reference/a.ts', 1, 3)).to.equal(true);
    expect(touches(changed, 'reference/a.ts', 5, 19)).to.equal(false);
    expect(touches(changed, 'reference/b.ts', 1, 100)).to.equal(false);
  });
});

describe('equivalent mutants list', () => {
  it('accepts entries with a written reason and refuses one without', async () => {
    const list = await listFile({ $comment: 'x', mutants: { '0123456789abcdef': { reason: 'only the message text changes', file: 'reference/a.ts' } } }, readEquivalentMutants);
    expect(list.get('0123456789abcdef')?.reason).to.equal('only the message text changes');
    await expectRefusal(listFile({ mutants: { '0123456789abcdef': { reason: ' ' } } }, readEquivalentMutants), /needs a written "reason"/);
    await expectRefusal(listFile([], readEquivalentMutants), /must be/);
  });
});

describe('sample', () => {
  it('draws the same items for the same seed, in their original order, and others for another seed', () => {
    const items = Array.from({ length: 100 }, (_, index) => index);
    const first = sample(items, 10, 7);
    expect(first).to.deep.equal(sample(items, 10, 7));
    expect(first).to.deep.equal([...first].sort((a, b) => a - b));
    expect(new Set(first).size).to.equal(10);
    expect(sample(items, 10, 8)).to.not.deep.equal(first);
  });
});

/** Expects `promise` to reject with a message matching `pattern`. */
async function expectRefusal(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error, 'refused').to.be.instanceOf(Error);
  expect((error as Error).message).to.match(pattern);
}
