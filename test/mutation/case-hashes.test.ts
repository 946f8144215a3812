// rtconf mutate --incremental's case hashes: a change to one case's entry changes its hash alone; a change to what the
// cases of a file share (a helper, an imported file, a fixture they name) changes the hash of each case that shares it.
// And the mutant fingerprint follows its own code and its cases' hashes, not code elsewhere.
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseMeta } from '../../conformance/case.js';
import { caseHashes } from '../../mutation/case-hashes.js';
import { generateMutants } from '../../mutation/generate-mutants.js';
import { mutantFingerprints } from '../../mutation/mutant-fingerprint.js';
import type { MutantPlan } from '../../mutation/mutant-plan.js';

const CASES: CaseMeta[] = [
  { id: 'querystring.t.first', module: 'querystring', rules: ['querystring.t.rule'] },
  { id: 'querystring.t.second', module: 'querystring', rules: ['querystring.t.rule'] },
  { id: 'querystring.t.made-a', module: 'querystring', rules: ['querystring.t.rule'] },
  { id: 'querystring.t.made-b', module: 'querystring', rules: ['querystring.t.rule'] },
  { id: 'querystring.u.other', module: 'querystring', rules: ['querystring.t.rule'] },
];

const FILE = (body: { first?: string; helper?: string } = {}): string =>
  [
    "import { defineCases } from '../case.js';",
    "import { shared } from './_util.js';",
    `function helper(): number { return ${body.helper ?? '1'}; }`,
    "export const cases = defineCases('querystring', [",
    `  { id: 'querystring.t.first', rules: ['querystring.t.rule'], run() { helper(); ${body.first ?? ''} } },`,
    "  { id: 'querystring.t.second', rules: ['querystring.t.rule'], run() { shared('sleep.mjs'); } },",
    "  ...['a', 'b'].map((which) => ({ id: `querystring.t.made-${which}`, rules: ['querystring.t.rule'], run() {} })),",
    ']);',
    '',
  ].join('\n');

describe('rtconf mutate --incremental: the code of a case, and a mutant’s fingerprint', () => {
  let root: string;
  const write = async (path: string, text: string): Promise<void> => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  };
  const hashes = (): Map<string, string> => caseHashes(root, CASES);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'rtconf-case-hashes-'));
    await write('conformance/case.ts', 'export function defineCases(m: string, c: unknown[]): unknown[] { return c; }\n');
    await write('conformance/querystring/_util.ts', 'export function shared(name: string): string { return name; }\n');
    await write('conformance/querystring/t.ts', FILE());
    await write('conformance/querystring/u.ts', "import { defineCases } from '../case.js';\nexport const cases = defineCases('querystring', [{ id: 'querystring.u.other', rules: [], run() {} }]);\n");
    await write('conformance/fixtures/sleep.mjs', 'setTimeout(() => {}, 100);\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('changes the hash of the one case whose entry changed', async () => {
    const before = hashes();
    await write('conformance/querystring/t.ts', FILE({ first: 'helper();' }));
    const after = hashes();
    expect(CASES.filter((meta) => before.get(meta.id) !== after.get(meta.id)).map((meta) => meta.id)).to.deep.equal(['querystring.t.first']);
  });

  it('changes the hash of every case of a file when what they share changed, and of no case of another file', async () => {
    const before = hashes();
    await write('conformance/querystring/t.ts', FILE({ helper: '2' }));
    const changed = CASES.filter((meta) => before.get(meta.id) !== hashes().get(meta.id)).map((meta) => meta.id);
    expect(changed).to.deep.equal(['querystring.t.first', 'querystring.t.second', 'querystring.t.made-a', 'querystring.t.made-b']);
  });

  it('changes the hashes of the cases whose file imports a changed file or names a changed fixture', async () => {
    const before = hashes();
    await write('conformance/fixtures/sleep.mjs', 'setTimeout(() => {}, 200);\n');
    const afterFixture = hashes();
    expect(afterFixture.get('querystring.t.second')).to.not.equal(before.get('querystring.t.second'));
    expect(afterFixture.get('querystring.u.other'), 'u.ts names no fixture').to.equal(before.get('querystring.u.other'));
    await write('conformance/querystring/_util.ts', 'export function shared(name: string): string { return `${name}!`; }\n');
    expect(hashes().get('querystring.t.first')).to.not.equal(afterFixture.get('querystring.t.first'));
    expect(hashes().get('querystring.u.other'), 'u.ts imports no _util.ts').to.equal(before.get('querystring.u.other'));
  });

  it('fingerprints a mutant by its function (and by its statement), its cases’ code, the seed and the Node, not by code elsewhere in its file', () => {
    const text = 'export function a(v: number): number {\n  const w = v * 2;\n  return v + w;\n}\n\nexport function b(v: number): number {\n  return v - 1;\n}\n';
    const mutant = generateMutants('reference/x.ts', text, new Set(['arithmetic'])).find((item) => item.original === '+');
    if (!mutant) throw new Error('no mutant');
    const plan: MutantPlan = { mutant, modules: ['querystring'], cases: [CASES[0] as CaseMeta], rules: [], durations: new Map() };
    const caseCode = new Map([['querystring.t.first', 'h1']]);
    const base = mutantFingerprints(plan, text, caseCode, 1, 'v20.0.0');
    expect(base.fingerprint).to.not.equal(base.statementFingerprint);
    expect(mutantFingerprints(plan, text.replace('v - 1', 'v - 2'), caseCode, 1, 'v20.0.0'), 'another function changed').to.deep.equal(base);
    const elsewhereInFunction = mutantFingerprints(plan, text.replace('v * 2', 'v * 3'), caseCode, 1, 'v20.0.0');
    expect(elsewhereInFunction.fingerprint, 'another statement of its function changed').to.not.equal(base.fingerprint);
    expect(elsewhereInFunction.statementFingerprint, 'its own statement did not').to.equal(base.statementFingerprint);
    const itsStatement = mutantFingerprints(plan, text.replace('return v + w;', 'return (v + w);'), caseCode, 1, 'v20.0.0');
    expect(itsStatement.fingerprint, 'its statement changed').to.not.equal(base.fingerprint);
    expect(itsStatement.statementFingerprint, 'its statement changed').to.not.equal(base.statementFingerprint);
    const others = [
      mutantFingerprints(plan, text, new Map([['querystring.t.first', 'h2']]), 1, 'v20.0.0'),
      mutantFingerprints({ ...plan, cases: [...plan.cases, CASES[1] as CaseMeta] }, text, caseCode, 1, 'v20.0.0'),
      mutantFingerprints(plan, text, caseCode, 2, 'v20.0.0'),
      mutantFingerprints(plan, text, caseCode, 1, 'v22.0.0'),
    ];
    ['its case changed', 'another case covers it', 'another seed', 'another Node'].forEach((what, at) => {
      expect(others[at]?.fingerprint, what).to.not.equal(base.fingerprint);
      expect(others[at]?.statementFingerprint, what).to.not.equal(base.statementFingerprint);
    });
  });
});
