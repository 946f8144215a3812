// `npm run oracle` (scripts/oracle.mts): the classification file's checks, the judgement of differences from fake runs
// (classified, caught, MISSED, unclassified, stale), the report it prints and publishes, and the script end to end on
// a miniature Node test/ directory with a stand-in runtime (our own Node behind a wrapper), exit codes included.
import { expect } from 'chai';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassificationError, validateClassification } from '../../scripts/oracle/classification.mjs';
import { classifyRuntime, oracleExitCode, type CaseOutcome, type CoreTestRow, type SideRun } from '../../scripts/oracle/classify-differences.mjs';
import { SECTION_BEGIN, SECTION_END, markdownSection, replaceSection, summaryTable, type OracleDocument } from '../../scripts/oracle/oracle-report.mjs';
import { oracle as oracleInProcess } from '../../scripts/oracle.mjs';
import { ROOT, TSX, runNode } from '../cli/run-cli.js';
import { readProcess } from '../../runners/agent/process-table.js';

const SCRIPT = join(ROOT, 'scripts', 'oracle.mts');
const REASON = 'a reason long enough to say what differs';

/** The problems validateClassification reports for `data` (none: it was accepted). */
function problemsOf(data: unknown): readonly string[] {
  try {
    validateClassification(data, 'c.json');
    return [];
  } catch (error) {
    if (error instanceof ClassificationError) return error.problems;
    throw error;
  }
}

describe('scripts/oracle/classification.mts (the hand-kept classification, checked at the boundary)', () => {
  it('accepts each class with what it needs, ignores $ comments, and keeps the entries per runtime and file', () => {
    const classification = validateClassification({
      $comment: 'ignored',
      bun: {
        'parallel/test-https-hwm.js': [{ class: 'spec-silent', match: '16384 !== 65536', reason: REASON }],
        'parallel/test-child-process-uid-gid.js': [{ class: 'harness-only', reason: REASON }],
      },
      deno: {
        'parallel/test-https-agent-keylog.js': [
          { class: 'spec-silent', match: ':43:', reason: REASON },
          { class: 'covered', match: ':44:', rules: ['https.events.agent-keylog'], cases: ['https.agent.keylog-emitted-with-socket'], reason: REASON },
        ],
      },
    });
    expect([...classification.keys()]).to.deep.equal(['bun', 'deno']);
    expect(classification.get('deno')?.get('parallel/test-https-agent-keylog.js')?.[1]).to.deep.equal({
      class: 'covered',
      match: ':44:',
      rules: ['https.events.agent-keylog'],
      cases: ['https.agent.keylog-emitted-with-socket'],
      reason: REASON,
    });
  });

  it('reports every problem at once, each naming the runtime, file and entry', () => {
    const problems = problemsOf({
      workerd: {},
      bun: {
        'parallel/test-net-socket.js': [{ class: 'spec-silent', reason: REASON }],
        'parallel/test-https-a.js': [{ class: 'maybe', reason: REASON }],
        'parallel/test-https-b.js': [{ class: 'spec-silent', reason: 'short' }],
        'parallel/test-https-c.js': [{ class: 'covered', reason: REASON }],
        'parallel/test-https-d.js': [{ class: 'covered', rules: ['https.no.such-rule', 'https.module.stability-stable'], reason: REASON }],
        'parallel/test-https-e.js': [{ class: 'spec-silent', rules: ['https.events.agent-keylog'], reason: REASON }],
        'parallel/test-https-f.js': [
          { class: 'spec-silent', reason: REASON },
          { class: 'harness-only', match: 'x', reason: REASON },
        ],
        'parallel/test-https-g.js': [{ class: 'spec-silent', match: '(unclosed', reason: REASON }],
        'parallel/test-https-h.js': [{ class: 'spec-silent', reason: REASON, note: 'extra' }],
        'parallel/test-https-i.js': [{ class: 'covered', rules: ['https.events.agent-keylog'], cases: ['https.no-such-case', 'https.server.instance-of-tls-server'], reason: REASON }],
        'parallel/test-https-j.js': [],
        'parallel/test-https-k.js': [{ class: 'spec-silent', intermittent: 'sometimes', reason: REASON }],
      },
    });
    const expected = [
      /"workerd" is not a runtime/,
      /bun parallel\/test-net-socket\.js: not a test file of the three modules/,
      /test-https-a\.js \[0\]: class must be one of covered, spec-silent, harness-only/,
      /test-https-b\.js \[0\]: the reason says too little/,
      /test-https-c\.js \[0\]: a covered difference names the rules it breaks/,
      /test-https-d\.js \[0\]: https\.no\.such-rule is not a rule of spec/,
      /test-https-d\.js \[0\]: https\.module\.stability-stable is informative, not a normative rule/,
      /test-https-e\.js \[0\]: only a covered difference names rules/,
      /test-https-f\.js \[0\]: a file with several entries needs a match on each/,
      /test-https-g\.js \[0\]: match is not a regular expression/,
      /test-https-h\.js \[0\]: unknown field "note"/,
      /test-https-i\.js \[0\]: https\.no-such-case is not a case of conformance/,
      /test-https-i\.js \[0\]: case https\.server\.instance-of-tls-server cites none of the entry's rules/,
      /test-https-j\.js: expected a non-empty array of entries/,
      /test-https-k\.js \[0\]: intermittent is true or absent/,
    ];
    for (const pattern of expected) expect(problems.some((problem) => pattern.test(problem)), `${pattern}\n${problems.join('\n')}`).to.equal(true);
    expect(problems).to.have.length(expected.length);
    expect(problemsOf([1, 2])).to.deep.equal(['c.json: expected an object of runtimes']);
  });
});

const pass: SideRun = { outcome: 'pass', tail: '' };
const failing = (output: string): SideRun => ({ outcome: 'fail', tail: output.split('\n').slice(-2).join('\n'), output });
const row = (file: string, runtime: SideRun, host: SideRun = pass): CoreTestRow => ({ file: `parallel/${file}`, host, runtime });
const RUNTIME = { name: 'bun', version: '1.4.5', spec: 'runtime:bun@1.4.5' } as const;

describe('scripts/oracle/classify-differences.mts (differences, their classes, caught or MISSED)', () => {
  const classification = validateClassification({
    bun: {
      'parallel/test-https-covered.js': [{ class: 'covered', match: 'handshake', rules: ['https.create-server.tls-server-options'], reason: REASON }],
      'parallel/test-https-missed.js': [{ class: 'covered', match: 'keylog', rules: ['https.events.agent-keylog'], reason: REASON }],
      'parallel/test-https-pinned.js': [{ class: 'covered', rules: ['https.server.extends-tls-server'], cases: ['https.server.instance-of-tls-server'], reason: REASON }],
      'parallel/test-https-two.js': [
        { class: 'spec-silent', match: 'line 43', reason: REASON },
        { class: 'harness-only', match: 'line 44', reason: REASON },
        { class: 'spec-silent', match: 'line 45', reason: REASON },
      ],
      'parallel/test-https-changed.js': [{ class: 'spec-silent', match: 'the old failure', reason: REASON }],
      'parallel/test-https-fixed.js': [{ class: 'spec-silent', reason: REASON }],
      'parallel/test-https-racy.js': [{ class: 'spec-silent', intermittent: true, reason: REASON }],
      'parallel/test-https-coloured.js': [{ class: 'harness-only', match: '^TypeError: gc is not a function$', reason: REASON }],
    },
  }).get('bun');
  const caseResults: CaseOutcome[] = [
    { case: 'https.create-server.request-cert-rejects', rules: ['https.create-server.tls-server-options'], status: 'pass' },
    { case: 'https.create-server.handshake-timeout', rules: ['https.create-server.tls-server-options'], status: 'fail' },
    { case: 'https.agent.keylog-emitted-with-socket', rules: ['https.events.agent-keylog'], status: 'pass' },
    { case: 'https.server.other-case', rules: ['https.server.extends-tls-server'], status: 'timeout' },
    { case: 'https.server.instance-of-tls-server', rules: ['https.server.extends-tls-server'], status: 'pass' },
  ];
  const rows: CoreTestRow[] = [
    row('test-https-covered.js', failing('at listen\nno handshake timeout')),
    row('test-https-missed.js', failing('no keylog events')),
    row('test-https-pinned.js', failing('not a TLSSocket')),
    row('test-https-two.js', failing('fails at line 43\nand at line 44')),
    row('test-https-changed.js', failing('a new failure')),
    row('test-https-fixed.js', pass),
    row('test-https-racy.js', pass),
    row('test-https-coloured.js', failing('\u001b[31mTypeError\u001b[39m: gc is not a function\n')),
    row('test-https-new.js', { outcome: 'timeout', tail: '' }),
    row('test-https-both-fail.js', failing('x'), failing('y')),
    row('test-https-skipped.js', { outcome: 'skip', tail: '1..0 # Skipped' }),
  ];
  const report = classifyRuntime(RUNTIME, rows, classification, caseResults, 'results.json');
  const find = (file: string, entry?: number) => report.differences.find((difference) => difference.file === `parallel/${file}` && difference.entry === entry);

  it('takes as differences exactly the files that pass on the host and fail or time out on the runtime', () => {
    expect(new Set(report.differences.map((difference) => difference.file))).to.deep.equal(
      new Set(['test-https-covered.js', 'test-https-missed.js', 'test-https-pinned.js', 'test-https-two.js', 'test-https-changed.js', 'test-https-coloured.js', 'test-https-new.js'].map((file) => `parallel/${file}`)),
    );
    expect(report.files).to.deep.equal({ total: 11, differing: 7, runtimeSkipped: ['parallel/test-https-skipped.js'] });
    expect(find('test-https-new.js')?.outcome).to.equal('timeout');
  });

  it('names the failing cases of a covered rule as catching it, and says MISSED when every case of the rule passes', () => {
    expect(find('test-https-covered.js', 0)).to.include({ class: 'covered', missed: false, excerpt: 'no handshake timeout' });
    expect(find('test-https-covered.js', 0)?.caughtBy).to.deep.equal(['https.create-server.handshake-timeout']);
    expect(find('test-https-missed.js', 0)).to.include({ class: 'covered', missed: true });
    expect(find('test-https-missed.js', 0)?.caughtBy).to.deep.equal([]);
  });

  it('counts only the cases an entry names when it names some: another failing case of the rule does not catch it', () => {
    expect(find('test-https-pinned.js', 0)).to.include({ missed: true });
  });

  it('classifies each assertion of a mixed file by its own entry, and lists an entry whose failure is not in the output as stale', () => {
    expect(find('test-https-two.js', 0)).to.include({ class: 'spec-silent', excerpt: 'fails at line 43' });
    expect(find('test-https-two.js', 1)).to.include({ class: 'harness-only', excerpt: 'and at line 44' });
    expect(report.stale).to.deep.include({ file: 'parallel/test-https-two.js', entry: 2, why: 'its match "line 45" is not in the output' });
  });

  it('leaves a difference unclassified when no entry names it or its entries match another failure, and reads through colour codes', () => {
    expect(find('test-https-changed.js')).to.include({ class: 'unclassified', reason: 'its classification matches none of this failure' });
    expect(find('test-https-new.js')).to.include({ class: 'unclassified', reason: 'not classified' });
    expect(find('test-https-coloured.js', 0)).to.include({ class: 'harness-only', excerpt: 'TypeError: gc is not a function' });
  });

  it('lists the entries of a file that no longer differs as stale, unless they are marked intermittent', () => {
    expect(report.stale).to.deep.include({ file: 'parallel/test-https-fixed.js', entry: 0, why: 'the file does not differ now (host pass, bun pass)' });
    // With the mixed file's third entry and the entry of the file now failing otherwise: three in all.
    expect(report.stale).to.deep.include({ file: 'parallel/test-https-changed.js', entry: 0, why: 'its match "the old failure" is not in the output' });
    expect(report.stale).to.have.length(3);
  });

  it('counts per class and fails (exit 1) on a MISSED or an unclassified difference only', () => {
    expect(report.counts).to.deep.equal({ found: 8, caught: 1, missed: 2, specSilent: 1, harnessOnly: 2, notCovered: 3, unclassified: 2 });
    expect(oracleExitCode([report])).to.equal(1);
    const clean = classifyRuntime(RUNTIME, [row('test-https-covered.js', failing('no handshake timeout'))], classification, caseResults, 'results.json');
    expect(clean.counts).to.include({ found: 1, caught: 1, missed: 0, unclassified: 0 });
    expect(oracleExitCode([clean])).to.equal(0);
  });

  it('prints and publishes the table with the same counts, and replaces only its own section of docs/runtimes.md', () => {
    const table = summaryTable([report]);
    expect(table.split('\n')[0]).to.match(/^runtime\s+found\s+caught\s+not covered \(spec-silent \+ harness-only\)\s+MISSED\s+unclassified$/);
    expect(table.split('\n')[1]).to.match(/^bun 1\.4\.5\s+8\s+1\s+3 \(1 \+ 2\)\s+2\s+2$/);
    const document: OracleDocument = { schemaVersion: 1, host: 'Node v20.20.2', tests: 'a folder', startedAt: '2026-11-28T10:00:00.000Z', durationMs: 1, runtimes: [report] };
    const section = markdownSection(document);
    expect(section.startsWith(SECTION_BEGIN) && section.endsWith(SECTION_END)).to.equal(true);
    expect(section).to.contain('| bun 1.4.5 | 8 | 1 | 3 (1 + 2) | 2 | 2 |');
    expect(section).to.contain('| `test-https-missed.js` | covered | `https.events.agent-keylog` | **MISSED** |');
    expect(section).to.contain('| `test-https-covered.js` | covered | `https.create-server.tls-server-options` | `https.create-server.handshake-timeout` |');
    const page = `# Runtimes\n\nabove\n\n${SECTION_BEGIN}\nold table\n${SECTION_END}\n\n## Below\n`;
    expect(replaceSection(page, 'NEW', '## Oracle')).to.equal('# Runtimes\n\nabove\n\nNEW\n\n## Below\n');
    expect(replaceSection('# Runtimes\n', 'NEW', '## Oracle')).to.equal('# Runtimes\n\n## Oracle\n\nNEW\n');
  });
});

describe('scripts/oracle.mts (npm run oracle), end to end on a miniature test/ directory', function () {
  this.timeout(120_000);
  let work: string;
  let testDir: string;
  let fakeRuntime: string;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'rtconf-oracle-test-'));
    testDir = join(work, 'node', 'test');
    await mkdir(join(testDir, 'common'), { recursive: true });
    await mkdir(join(testDir, 'parallel'));
    await writeFile(join(testDir, 'common', 'index.js'), "'use strict';\nmodule.exports = {};\n");
    const files: Record<string, string> = {
      // Passes on both.
      'test-querystring-same.js': "require('querystring').parse('a=1');\n",
      // Fails only where the stand-in runtime's wrapper set its variable: a difference, with a known failure.
      'test-https-caught.js': "if (process.env.ORACLE_STAND_IN) { console.error('Error: the caught failure'); process.exit(1); }\n",
      'test-https-missed.js': "if (process.env.ORACLE_STAND_IN) { console.error('Error: the missed failure'); process.exit(1); }\n",
      'test-child-process-new.js': "if (process.env.ORACLE_STAND_IN) { console.error('Error: nobody read this one'); process.exit(1); }\n",
    };
    // Leaves a detached child behind (its own session, re-parented once the test exits) and fails on the stand-in:
    // the runner must reap it anyway, found by the tag its environment inherited.
    files['test-child-process-leaves-detached.js'] = [
      "const { spawn } = require('child_process');",
      "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });",
      `require('fs').appendFileSync(${JSON.stringify(join(work, 'detached.pids'))}, child.pid + '\\n');`,
      'child.unref();',
      "if (process.env.ORACLE_STAND_IN) { console.error('Error: left a detached child'); process.exit(1); }",
      '',
    ].join('\n');
    for (const [name, text] of Object.entries(files)) await writeFile(join(testDir, 'parallel', name), text);
    // Our own Node behind a wrapper: `--version` says it is this Node (so the published run of Node 20 decides what
    // is caught), and the tests it runs see ORACLE_STAND_IN.
    fakeRuntime = join(work, 'node-stand-in');
    await writeFile(fakeRuntime, `#!/bin/sh\nORACLE_STAND_IN=1 exec ${JSON.stringify(process.execPath)} "$@"\n`);
    await chmod(fakeRuntime, 0o755);
  });
  after(() => rm(work, { recursive: true, force: true }));

  async function classificationFile(node: Record<string, unknown>): Promise<string> {
    const file = join(work, `classification-${Object.keys(node).length}.json`);
    await writeFile(file, JSON.stringify({ node }));
    return file;
  }

  const oracle = (args: readonly string[]) => runNode(['--import', TSX, SCRIPT, ...args], { timeoutMs: 110_000 });

  /**
   * The oracle called in this process, as the script's last line calls it: its exit status and what it printed. For
   * refusals, which end before anything runs: a process each would cost a start under tsx, and one spawned refusal
   * below shows the status and stderr reach the process's own.
   */
  async function refusal(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await oracleInProcess(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
    return { code, stdout, stderr };
  }

  it('runs every file on the host and the runtime, names the catching case or MISSED, lists the unclassified, writes the JSON and exits 1', async () => {
    const classification = await classificationFile({
      // Every Node the certification ran fails the setTimeout default (docs/runtimes.md); its keylog cases pass.
      'parallel/test-https-caught.js': [{ class: 'covered', match: 'the caught failure', rules: ['https.server.set-timeout-default'], reason: REASON }],
      'parallel/test-https-missed.js': [{ class: 'covered', match: 'the missed failure', rules: ['https.events.agent-keylog'], reason: REASON }],
    });
    const json = join(work, 'oracle.json');
    const outcome = await oracle([`runtime:${fakeRuntime}`, '--skip-certified', '--tests', testDir, '--classification', classification, '--json', json]);
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.match(/node 20\.\d+\.\d+ \(runtime:.*node-stand-in\): 5 files, 4 differ; case results from docs\/conformance\/runs\/node-20\/results\.json/);
    expect(outcome.stdout).to.contain('parallel/test-https-caught.js [0] (retried): caught by https.server.set-timeout-without-msecs-is-120000');
    expect(outcome.stdout).to.contain('parallel/test-https-missed.js [0] (retried): MISSED (https.events.agent-keylog)');
    expect(outcome.stdout).to.contain('parallel/test-child-process-new.js (retried): UNCLASSIFIED');
    expect(outcome.stdout).to.contain('Error: nobody read this one');
    const written = JSON.parse(await readFile(json, 'utf8')) as OracleDocument;
    expect(written.runtimes[0]?.counts).to.deep.equal({ found: 4, caught: 1, missed: 1, specSilent: 0, harnessOnly: 0, notCovered: 0, unclassified: 2 });
    expect(written.tests).to.equal(`the tests in ${testDir}`);
  });

  it('exits 0 when every difference is classified and none is MISSED', async () => {
    const classification = await classificationFile({
      'parallel/test-https-caught.js': [{ class: 'covered', match: 'the caught failure', rules: ['https.server.set-timeout-default'], reason: REASON }],
      'parallel/test-https-missed.js': [{ class: 'spec-silent', reason: REASON }],
      'parallel/test-child-process-new.js': [{ class: 'harness-only', match: 'nobody read', reason: REASON }],
      'parallel/test-child-process-leaves-detached.js': [{ class: 'spec-silent', match: 'left a detached child', reason: REASON }],
    });
    const outcome = await oracle([`runtime:${fakeRuntime}`, '--skip-certified', '--tests', testDir, '--classification', classification]);
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.contain('every difference classified, none MISSED');
  });

  it('leaves no process behind: the detached children the tests left, on the host and on the runtime, are reaped', async () => {
    const pids = (await readFile(join(work, 'detached.pids'), 'utf8')).trim().split('\n').map(Number);
    // Two runs so far, each with the host, the runtime and the retry of both.
    expect(pids.length).to.be.at.least(4);
    // A zombie has ended: it only waits for a parent to read its status, and where the machine's init does not reap
    // orphans (a container whose first process is a shell) it waits forever, which is not a process left running.
    const alive = pids.filter((pid) => {
      const entry = readProcess(pid);
      return entry !== undefined && entry.state !== 'Z';
    });
    expect(alive, 'detached children still running').to.deep.equal([]);
  });

  it('refuses bad usage and bad input with exit 2 and a first line saying why, before running anything', async () => {
    const cases: [readonly string[], RegExp][] = [
      [['--nope'], /^oracle: .*--nope/],
      [['--skip-certified', '--tests', testDir, 'runtime:workerd@1'], /^oracle: runtime:workerd@1: not a process runtime/],
      [['--skip-certified', '--tests', testDir, 'npm:querystring-es3'], /^oracle: npm:querystring-es3: not a process runtime/],
      [['--skip-certified', '--tests', testDir], /^oracle: no runtime to run/],
      [[`runtime:${fakeRuntime}`, '--skip-certified', '--tests', work], /^oracle: .* is not a Node test\/ directory/],
      [[`runtime:${fakeRuntime}`, '--skip-certified', '--tests', testDir, '--jobs', '0'], /^oracle: --jobs must be a positive integer/],
    ];
    for (const [args, pattern] of cases) {
      const outcome = await refusal(args);
      expect(outcome.code, `${args.join(' ')}: ${outcome.stderr}`).to.equal(2);
      expect(outcome.stderr.split('\n')[0]).to.match(pattern);
      expect(outcome.stdout, 'nothing ran, so nothing is reported').to.equal('');
    }
    // The script itself, in a process of its own: the status and the first line are the process's.
    const broken = await classificationFile({ 'parallel/test-https-caught.js': [{ class: 'covered', reason: REASON }] });
    const outcome = await oracle([`runtime:${fakeRuntime}`, '--skip-certified', '--tests', testDir, '--classification', broken]);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr.split('\n')[0]).to.equal('oracle: the classification is not usable (1 problem(s)):');
    expect(outcome.stderr).to.contain('a covered difference names the rules it breaks');
  });
});
