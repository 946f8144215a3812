// Code marked beyond the spec (mutation/beyond-spec.ts): which nodes a marker marks, which markers are refused, that
// the reference's own markers are all well-formed and name a key whose reason lives once in mutation/beyond-spec.ts,
// that a marked refusal leaves its check to be run, and that `rtconf mutate` neither runs nor scores marked mutants.
import { expect } from 'chai';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript5';
import { beyondSpecRegions, regionAround } from '../../mutation/beyond-spec.js';
import { BEYOND_SPEC_KEYS } from '../../mutation/beyond-spec-keys.js';
import { generateMutants, markerProblems } from '../../mutation/generate-mutants.js';
import { runMutation } from '../../mutation/run-mutation.js';
import { judgeMarked } from '../../mutation/judge-mutant.js';
import type { MutantRecord } from '../../results/mutation-file.js';
import { validateMutation } from '../../results/read-mutation.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'arg-type';
const REASON = BEYOND_SPEC_KEYS[KEY].reason;

function parse(text: string): ts.SourceFile {
  return ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** The reference's TypeScript files, relative to the root. */
async function referenceFiles(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(join(ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`);
      else if (entry.name.endsWith('.ts')) files.push(`${dir}/${entry.name}`);
    }
  };
  await walk('reference');
  return files;
}

describe('beyond-spec markers', () => {
  it('mark the whole statement below them, with the reason of their key', () => {
    const text = [
      'export function greet(name: unknown): string {',
      `  // beyond-spec: ${KEY}`,
      '  // An ordinary comment after the marker is not part of it.',
      "  if (typeof name !== 'string') throw new TypeError('bad name');",
      "  return 'hi ' + name;",
      '}',
    ].join('\n');
    const { regions, problems } = beyondSpecRegions(parse(text));
    expect(problems).to.deep.equal([]);
    expect(regions).to.have.length(1);
    const [region] = regions;
    expect(text.slice(region?.start, region?.end)).to.equal("if (typeof name !== 'string') throw new TypeError('bad name');");
    expect(region?.line).to.equal(2);
    expect(region?.key).to.equal(KEY);
    expect(region?.reason).to.equal(REASON);

    const mutants = generateMutants('x.ts', text);
    const marked = mutants.filter((mutant) => mutant.beyondSpec);
    const unmarked = mutants.filter((mutant) => !mutant.beyondSpec);
    expect(marked.length, 'the check is mutated (negation, literals, removal…)').to.be.greaterThan(2);
    expect(unmarked.length, 'the return below is not marked').to.be.greaterThan(0);
    for (const mutant of marked) expect(mutant.line, mutant.diff).to.equal(4);
    // `return;` put ahead of the marked first statement changes the whole function: not marked.
    for (const mutant of unmarked) if (mutant.operator !== 'early-return') expect(mutant.line, mutant.diff).to.not.equal(4);
    expect(unmarked.some((mutant) => mutant.operator === 'early-return')).to.equal(true);
    expect(marked[0]?.beyondSpec).to.deep.equal({ line: 2, key: KEY, reason: REASON });
  });

  it('on a refusal, make its condition a check whose mutants run, and mark the two that only stop marked code', () => {
    const text = [
      'export function check(name: unknown): void {',
      "  if (typeof name !== 'string') {",
      `    // beyond-spec: ${KEY}`,
      "    throw new TypeError('bad name');",
      '  }',
      '}',
      'export function later(name: unknown): string {',
      "  if (name === '') {",
      `    // beyond-spec: ${KEY}`,
      "    throw new TypeError('empty');",
      '  }',
      '  return String(name);',
      '}',
      'export function each(names: string[]): void {',
      `  // beyond-spec: ${KEY}`,
      '  names.forEach((name) => check(name));',
      '}',
      'export function options(bag: Record<string, unknown>): void {',
      "  if (bag['detached'] != null) {",
      `    // beyond-spec: ${KEY}`,
      "    check(bag['detached'], 'options.detached');",
      `    // beyond-spec: ${KEY}`,
      "    check(bag['detached'], 'again');",
      '  }',
      '}',
    ].join('\n');
    const mutants = generateMutants('x.ts', text);
    const of = (line: number, kind: 'run' | 'check' | 'marked'): string[] =>
      mutants
        .filter((mutant) => mutant.line === line && (mutant.beyondSpec === undefined ? 'run' : mutant.beyondSpec.check ? 'check' : 'marked') === kind)
        .map((mutant) => mutant.operator)
        .sort();
    // The check runs (`true` refuses every name, good ones too); `false`, and a leading `return;` in a function that is
    // only the refusal, only stop it.
    expect(of(2, 'check')).to.deep.equal(['always-true', 'negation', 'string-literal']);
    expect(of(2, 'marked')).to.deep.equal(['always-false', 'early-return']);
    expect(of(2, 'run')).to.deep.equal([]);
    expect(of(4, 'marked')).to.deep.equal(['string-literal']);
    // In a function that does more than refuse, a leading `return;` skips the rest too: it runs, as an ordinary mutant.
    expect(of(8, 'run')).to.deep.equal(['early-return']);
    expect(of(8, 'check')).to.deep.equal(['always-true', 'negation', 'string-literal']);
    expect(of(8, 'marked')).to.deep.equal(['always-false']);
    // A body of marked statements only: its leading `return;` is marked too.
    expect(of(16, 'marked')).to.deep.equal(['early-return', 'remove-statement']);
    // A marked call's arguments are its check; its removal stays marked; a block of marked statements is a refusal.
    expect(of(21, 'check')).to.deep.equal(['string-literal', 'string-literal', 'swap-arguments']);
    expect(of(21, 'marked')).to.deep.equal(['remove-statement']);
    expect(of(19, 'check')).to.deep.equal(['always-true', 'negation', 'string-literal']);
    expect(of(19, 'marked')).to.deep.equal(['always-false', 'early-return']);
    const checked = mutants.find((mutant) => mutant.beyondSpec?.check);
    expect(checked?.beyondSpec).to.deep.equal({ line: 3, key: KEY, reason: REASON, check: true });
  });

  it('mark object properties, class members and switch clauses', () => {
    const text = [
      'const table = {',
      `  // beyond-spec: ${KEY}`,
      "  code: 'ERR_X',",
      "  other: 'kept',",
      '};',
      'class A {',
      `  // beyond-spec: ${KEY}`,
      '  check(value: number): boolean { return value > 1; }',
      '}',
      'function pick(kind: string): number {',
      '  switch (kind) {',
      `    // beyond-spec: ${KEY}`,
      "    case 'a': return 1;",
      '    default: return 2;',
      '  }',
      '}',
    ].join('\n');
    const { regions, problems } = beyondSpecRegions(parse(text));
    expect(problems).to.deep.equal([]);
    expect(regions.map((region) => text.slice(region.start, region.end))).to.deep.equal([
      "code: 'ERR_X'",
      'check(value: number): boolean { return value > 1; }',
      "case 'a': return 1;",
    ]);
    const at = (snippet: string): number => text.indexOf(snippet);
    expect(regionAround(regions, at("'ERR_X'"), at("'ERR_X'") + 7)).to.not.equal(undefined);
    expect(regionAround(regions, at("'kept'"), at("'kept'") + 6)).to.equal(undefined);
    const clause = at("case 'a'");
    expect(regionAround(regions, clause, clause), 'an insertion just before a marked node is not in it').to.equal(undefined);
    expect(regionAround(regions, clause + 1, clause + 1)).to.not.equal(undefined);
  });

  it('refuse a marker that names no key, or one that marks nothing', () => {
    const text = ['function f(a: number): number {', '  // beyond-spec: Node does it, says this free text', '  return a + 1;', `  // beyond-spec: ${KEY}`, '}'].join('\n');
    const { regions, problems } = beyondSpecRegions(parse(text));
    expect(regions).to.deep.equal([]);
    expect(problems.map((problem) => problem.line)).to.deep.equal([2, 4]);
    expect(problems[0]?.message).to.match(/^"Node does it, says this free text" is not a beyond-spec key/);
    expect(problems[1]?.message).to.match(/must be a `\/\/` comment directly above/);
    expect(generateMutants('x.ts', text).some((mutant) => mutant.beyondSpec), 'a refused marker marks nothing').to.equal(false);
  });

  it('have keys that the reference uses, each reason given once, and every departure listed in docs/reference.md', async () => {
    const used = new Set<string>();
    for (const file of await referenceFiles()) for (const match of (await readFile(join(ROOT, file), 'utf8')).matchAll(/\/\/ beyond-spec: ([a-z0-9-]+)/g)) used.add(match[1] as string);
    expect(Object.keys(BEYOND_SPEC_KEYS).filter((key) => !used.has(key)), 'keys no marker uses').to.deep.equal([]);
    const reasons = Object.values(BEYOND_SPEC_KEYS).map((entry) => entry.reason);
    expect(new Set(reasons).size, 'one reason per key').to.equal(reasons.length);
    const doc = await readFile(join(ROOT, 'docs', 'reference.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Where the reference departs from the spec'));
    const departures = Object.entries(BEYOND_SPEC_KEYS).filter(([, entry]) => 'departure' in entry).map(([key]) => key);
    expect(departures.length).to.be.greaterThan(0);
    for (const key of departures) expect(section, `docs/reference.md lists the departure ${key}`).to.contain(`\`${key}\``);
  });

  it('in the reference are all well-formed', async () => {
    const files = await referenceFiles();
    expect(files.length).to.be.greaterThan(20);
    const problems: string[] = [];
    for (const file of files) {
      for (const problem of markerProblems(file, await readFile(join(ROOT, file), 'utf8'))) problems.push(`${file}:${problem.line}: ${problem.message}`);
    }
    expect(problems).to.deep.equal([]);
  });

  it('make rtconf mutate report those mutants beyond-spec, with the reason, run none but their checks and leave them out of the score', async function () {
    this.timeout(60_000);
    // A copy of the checkout's reference with every top-level statement of one file marked; the cases come from the
    // checkout.
    const root = await mkdtemp(join(tmpdir(), 'rtconf-beyond-spec-'));
    try {
      await cp(join(ROOT, 'reference'), join(root, 'reference'), { recursive: true });
      await mkdir(join(root, 'conformance'));
      await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
      const file = 'reference/internal/querystring/query-record.ts';
      let text = await readFile(join(root, file), 'utf8');
      const statements = parse(text).statements.filter((statement) => !ts.isImportDeclaration(statement));
      for (const statement of [...statements].reverse()) {
        const at = statement.getStart();
        text = `${text.slice(0, at)}// beyond-spec: ${KEY}\n${text.slice(at)}`;
      }
      await writeFile(join(root, file), text);
      const marked = generateMutants(file, text);
      expect(marked.length).to.be.greaterThan(5);
      expect(marked.every((mutant) => mutant.beyondSpec?.reason === REASON)).to.equal(true);

      const phases: string[] = [];
      const mutation = await runMutation({
        root,
        modules: ['querystring'],
        fileGlobs: [file],
        jobs: 1,
        seed: 1,
        timeoutMs: 10_000,
        equivalents: new Map(),
        cacheDir: null,
        onEvent: (event) => {
          if (event.kind === 'phase') phases.push(event.message);
        },
      });
      await validateMutation(JSON.parse(JSON.stringify(mutation)) as unknown, 'beyond-spec run');
      // Checks of marked code (here, swapped arguments) run; everything else marked does not.
      const unrun = marked.filter((mutant) => !mutant.beyondSpec?.check);
      const checks = marked.filter((mutant) => mutant.beyondSpec?.check);
      expect(unrun.length).to.be.greaterThan(5);
      const byId = new Map(mutation.mutants.map((mutant) => [mutant.id, mutant]));
      for (const mutant of unrun) {
        expect(byId.get(mutant.id)?.status, mutant.diff).to.equal('beyond-spec');
        expect(byId.get(mutant.id)?.note).to.equal(REASON);
        expect(byId.get(mutant.id)?.casesRun, 'never run').to.equal(0);
      }
      for (const mutant of checks) {
        const record = byId.get(mutant.id);
        expect(record?.casesRun, `${mutant.diff}: run`).to.be.greaterThan(0);
        expect(['killed', 'timeout', 'beyond-spec']).to.include(record?.status);
      }
      expect(mutation.total).to.include({ total: marked.length, survived: 0 });
      expect(mutation.total.beyondSpec, 'every unrun marked mutant, and the checks no case noticed').to.be.at.least(unrun.length);
      if (checks.length === 0) expect(phases.join('\n'), 'nothing to run, so no coverage run either').to.not.match(/case ↔ code map|warning/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('when audited (--audit-beyond-spec), keep a marked survivor beyond-spec and report a marked kill as killed, reaching behaviour the spec states', () => {
    const base: MutantRecord = { id: '0123456789abcdef', file: 'reference/x.ts', modules: ['querystring'], line: 3, column: 1, operator: 'negation', diff: '', status: 'survived', casesRun: 4, rules: [], durationMs: 10 };
    const marker = { line: 2, key: KEY, reason: REASON } as const;
    expect(judgeMarked(base, marker)).to.include({ status: 'beyond-spec', note: REASON, casesRun: 4 });
    const killed = judgeMarked({ ...base, status: 'killed', killedBy: ['querystring.x'] }, marker);
    expect(killed.status).to.equal('killed');
    expect(killed.note).to.match(/^in code marked beyond the spec \(line 2\), yet a case noticed: this change reaches behaviour the spec states$/);
    expect(judgeMarked({ ...base, status: 'timeout', note: 'timed out' }, marker).note).to.match(/the spec states; timed out$/);
    expect(judgeMarked(base, undefined)).to.equal(base);
    // The check of a marked refusal: a survivor is beyond-spec, saying so; a kill is an ordinary kill.
    const check = { ...marker, check: true } as const;
    expect(judgeMarked(base, check).note).to.equal(`run as a check of code marked beyond the spec (line 2), and no case noticed: ${REASON}`);
    const refused = { ...base, status: 'killed' as const, killedBy: ['child_process.x'] };
    expect(judgeMarked(refused, check)).to.equal(refused);
  });
});
