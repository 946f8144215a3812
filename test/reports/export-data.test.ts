// `rtconf export` (reports/export-data.ts): the export is valid against the schema it ships with, tells the same story
// as the results (API states from apiStates, rule statuses from ruleStatuses, module verdicts from passRate), copies a
// candidate's compatibility settings, and the package ships the schema. Also the shields.io endpoints beside the badges.
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { buildExport } from '../../reports/export-data.js';
import { writeReports } from '../../reports/write-reports.js';
import { uniqueSafeIds } from '../../reports/safe-candidate-id.js';
import { colourOf, valueOf } from '../../reports/badge.js';
import { apiStates } from '../../results/api-state.js';
import { passRate, ruleStatuses } from '../../results/verdict.js';
import type { CandidateInfo, ResultsFile } from '../../results/results-file.js';
import { apis, apisOfRule } from '../../spec/apis.js';
import { packageRoot } from '../../io/package-root.js';
import { buildSampleResults, resultsOf } from './sample-results.js';

function exportValidator(): ValidateFunction {
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js').default;
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv.compile(require(join(packageRoot(), 'reports', 'export.schema.json')) as object);
}

describe('rtconf export data (reports/export-data.ts)', () => {
  const validate = exportValidator();
  const sample = buildSampleResults({ candidates: 4, cases: 90, failureRate: 0.15, seed: 5 });
  const workerd: CandidateInfo & { compatibility: unknown } = {
    id: 'runtime:workerd@1',
    name: 'workerd',
    kind: 'runtime',
    version: '1.20250101.0',
    compatibility: { date: '2025-01-01', flags: ['nodejs_compat'] },
  };
  const withWorkerd: ResultsFile = resultsOf(sample.rules, [{ candidate: workerd, results: sample.runs[1]?.results ?? [] }]);
  const exported = buildExport([
    { file: 'a/results.json', results: sample },
    { file: 'b/results.json', results: withWorkerd },
  ]);

  it('validates against the schema shipped in the package, with its format and version', () => {
    expect(validate(exported), JSON.stringify(validate.errors?.slice(0, 3))).to.equal(true);
    // The format's name and version, as export.schema.json fixes them for tools.
    expect(exported.format).to.equal('rt-conformance-export');
    expect(exported.formatVersion).to.equal(2);
    expect(exported.sources.map((source) => source.file)).to.deep.equal(['a/results.json', 'b/results.json']);
  });

  it('refuses, by the schema alone, an export of another format version or an unknown state', () => {
    expect(validate({ ...exported, formatVersion: 1 })).to.equal(false);
    const first = exported.candidates[0];
    if (!first) throw new Error('no candidate');
    const broken = { ...exported, candidates: [{ ...first, apis: { ...first.apis, 'querystring.parse': { ...first.apis['querystring.parse'], state: 'mostly' } } }] };
    expect(validate(broken)).to.equal(false);
  });

  it('gives every run one candidate entry, whose API states, rule statuses and module verdicts are those of the results model', () => {
    const runs = [...sample.runs.map((run) => ({ run, results: sample })), ...withWorkerd.runs.map((run) => ({ run, results: withWorkerd }))];
    expect(exported.candidates).to.have.length(runs.length);
    runs.forEach(({ run, results }, index) => {
      const entry = exported.candidates[index];
      if (!entry) throw new Error(`no entry ${index}`);
      expect(entry.id).to.equal(run.candidate.id);
      const states = apiStates(run, results.rules, apis);
      expect(Object.keys(entry.apis)).to.deep.equal(apis.map((api) => api.id));
      for (const state of states) expect(entry.apis[state.api]?.state, `${entry.id} ${state.api}`).to.equal(state.state);
      const statuses = ruleStatuses(run, results.rules);
      for (const rule of results.rules) expect(entry.rules[rule.id], `${entry.id} ${rule.id}`).to.equal(statuses.get(rule.id));
      for (const [module, summary] of Object.entries(entry.modules)) {
        const rate = passRate(run, results.rules, module as 'querystring');
        expect(summary?.verdict).to.equal(rate.verdict);
        expect(summary?.rules.passed).to.equal(rate.passed);
        expect(summary?.rules.evaluated).to.equal(rate.evaluated);
      }
    });
  });

  it('names the runtime of runtime candidates and copies compatibility settings, leaving both out elsewhere', () => {
    const last = exported.candidates[exported.candidates.length - 1];
    expect(last).to.include({ id: 'runtime:workerd@1', runtime: 'workerd', source: 1 });
    expect(last?.compatibility).to.deep.equal({ date: '2025-01-01', flags: ['nodejs_compat'] });
    const reference = exported.candidates.find((candidate) => candidate.kind === 'reference');
    expect(reference).to.not.have.property('runtime');
    expect(reference).to.not.have.property('compatibility');
  });

  it('lists a module the run did not select as not selected, its rules not-selected and its exports untested, never as a module of no rules', () => {
    const querystringOnly = resultsOf(
      sample.rules.filter((rule) => rule.module === 'querystring'),
      [{ candidate: { id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' }, results: (sample.runs[0]?.results ?? []).filter((result) => result.module === 'querystring') }],
    );
    const alone = buildExport([{ file: 'qs/results.json', results: querystringOnly }]);
    expect(validate(alone), JSON.stringify(validate.errors?.slice(0, 3))).to.equal(true);
    const entry = alone.candidates[0];
    expect(Object.keys(entry?.modules ?? {})).to.deep.equal(['querystring', 'child_process', 'https']);
    expect(entry?.modules.querystring?.selected).to.equal(true);
    const https = alone.rules.filter((rule) => rule.module === 'https');
    expect(https.length, 'the export speaks of the whole interface').to.be.greaterThan(50);
    const normative = https.filter((rule) => rule.level === 'normative').length;
    expect(entry?.modules.https).to.deep.equal({
      selected: false,
      verdict: 'untested',
      rules: { passed: 0, failing: 0, evaluated: 0, notApplicable: 0, skipped: 0, untested: normative },
      apis: { absent: 0, stub: 0, failing: 0, partial: 0, conformant: 0, untested: apis.filter((api) => api.module === 'https').length },
    });
    const agent = entry?.apis['https.Agent'];
    expect(agent).to.deep.include({ state: 'untested', untested: 'not-selected', complete: false });
    expect(agent?.rules.total, 'its rules are counted, as not run').to.be.greaterThan(0).and.equal(agent?.notRun.length);
    for (const rule of https) expect(entry?.rules[rule.id], rule.id).to.equal('not-selected');
    expect(entry?.runtime).to.equal('node');
  });

  it('records where a chromium: candidate ran and which binary a local build is', () => {
    const page = { url: 'http://127.0.0.1:40119/agent.html', browser: 'Chromium 156.0.8078.108' };
    const build = { path: '/builds/new/node', sha256: 'a'.repeat(64) };
    const inPage: CandidateInfo = { id: 'chromium:npm:querystring-es3', name: 'querystring-es3', kind: 'npm', version: '0.2.1', page };
    const local: CandidateInfo = { id: 'runtime:/builds/new/node', name: 'node', kind: 'runtime', version: '20.20.2', build };
    const both = buildExport([{ file: 'r.json', results: resultsOf(sample.rules, [inPage, local].map((candidate) => ({ candidate, results: sample.runs[0]?.results ?? [] }))) }]);
    expect(validate(both), JSON.stringify(validate.errors?.slice(0, 3))).to.equal(true);
    expect(both.candidates[0]).to.deep.include({ kind: 'npm', page });
    expect(both.candidates[0]).to.not.have.property('build');
    expect(both.candidates[1]).to.deep.include({ runtime: 'node', build });
    expect(both.candidates[1]).to.not.have.property('page');
  });

  it('maps every rule to its APIs and every API to its normative rules, by id', () => {
    for (const rule of exported.rules) expect(rule.apis, rule.id).to.deep.equal(apisOfRule(rule.id));
    for (const api of exported.apis) {
      for (const id of api.rules) expect(exported.rules.find((rule) => rule.id === id)?.level, `${api.id} cites ${id}`).to.equal('normative');
    }
  });

  it('is shipped: the package files include the schema', async () => {
    const manifest = JSON.parse(await readFile(join(packageRoot(), 'package.json'), 'utf8')) as { files: string[] };
    expect(manifest.files.some((entry) => 'reports/export.schema.json' === entry || 'reports/export.schema.json'.startsWith(`${entry.replace(/\/$/, '')}/`))).to.equal(true);
  });
});

describe('shields.io endpoints beside the badges', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-shields-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes one per candidate and provided module, with the value and colour of that module’s pass rate', async () => {
    const results = buildSampleResults({ candidates: 8, cases: 60, seed: 3 });
    const written = await writeReports(results, dir);
    const files = (await readdir(dir)).filter((file) => file.startsWith('shields-'));
    expect(files.sort()).to.deep.equal(written.endpoints.map((file) => file.slice(dir.length + 1)).sort());
    const safeIds = uniqueSafeIds(results.runs.map((run) => run.candidate.id));
    for (const [index, run] of results.runs.entries()) {
      for (const module of ['querystring', 'child_process', 'https'] as const) {
        const provided = run.results.some((result) => result.module === module && result.status !== 'skip');
        const name = `shields-${safeIds[index] ?? ''}-${module}.json`;
        expect(files.includes(name), `${name} written`).to.equal(provided);
        if (!provided) continue;
        const endpoint = JSON.parse(await readFile(join(dir, name), 'utf8')) as Record<string, unknown>;
        const rate = passRate(run, results.rules, module);
        expect(endpoint).to.deep.equal({ schemaVersion: 1, label: `rt:${module}`, message: valueOf(rate), color: colourOf(rate).slice(1) });
      }
    }
    // Adapters of the sample provide querystring only: no endpoint for what they skipped.
    expect(results.runs.some((run) => run.candidate.kind === 'adapter')).to.equal(true);
    expect(files.length).to.be.lessThan(results.runs.length * 3);
  });
});
