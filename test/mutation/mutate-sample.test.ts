// A small fixed sample of the real thing: 30 mutants of the reference's querystring, drawn with a fixed seed, built,
// run in agents against the cases covering them, and scored. `npm run mutate` runs them all (not part of npm test).
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectCases } from '../../conformance/registry.js';
import { coverageMap } from '../../mutation/coverage-map.js';
import { readReferenceSources } from '../../mutation/reference-sources.js';
import { runMutation } from '../../mutation/run-mutation.js';
import type { MutationFile } from '../../results/mutation-file.js';
import { validateMutation } from '../../results/read-mutation.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('rtconf mutate, a seeded sample of 30 querystring mutants', function () {
  this.timeout(120_000);
  let cache: string;
  let mutation: MutationFile;

  before(async () => {
    cache = await mkdtemp(join(tmpdir(), 'rtconf-mutate-test-'));
    mutation = await runMutation({ root: ROOT, modules: ['querystring'], jobs: 2, max: 30, seed: 15, timeoutMs: 10_000, equivalents: new Map(), cacheDir: cache });
  });
  after(() => rm(cache, { recursive: true, force: true }));

  it('writes a mutation file that validates against the published schema', async () => {
    await validateMutation(JSON.parse(JSON.stringify(mutation)) as unknown, 'sample');
    expect(mutation.mutants).to.have.length(30);
    expect(mutation.generated).to.be.greaterThan(30);
  });

  it('kills some of them, each kill naming the case that noticed, and builds every one', () => {
    // How many die measures the suite (npm run mutate reports it; this seed's sample killed 15 of 30 when written,
    // most survivors in the parser's fast-path choices and key caches); here that the machinery kills at all.
    const killed = mutation.mutants.filter((mutant) => mutant.status === 'killed' || mutant.status === 'timeout');
    expect(killed.length, JSON.stringify(mutation.total)).to.be.greaterThan(10);
    // A kill names the one case that noticed: a querystring case, citing a rule the mutant counts in where it counts
    // in any. Only a mutant that could not even be loaded is killed by no case, and its note says so.
    const rulesOf = new Map(selectCases({ modules: ['querystring'] }).map((meta) => [meta.id, meta.rules]));
    for (const mutant of killed) {
      if (mutant.killedBy?.length === 0 && /failed to load/.test(mutant.note ?? '')) continue;
      expect(mutant.killedBy, mutant.id).to.have.length(1);
      const [killer] = mutant.killedBy ?? [];
      expect(rulesOf.has(killer ?? ''), `${mutant.id} killed by ${killer}, a querystring case`).to.equal(true);
      // Code that only runs while the module loads counts for no rule (mutation/run-mutation.ts): any case may kill it.
      if (mutant.rules.length > 0) expect(rulesOf.get(killer ?? '')?.some((rule) => mutant.rules.includes(rule)), `${killer} cites a rule of ${mutant.id} (${mutant.rules.join(', ')})`).to.equal(true);
    }
    expect(mutation.mutants.filter((mutant) => mutant.status === 'error').map((mutant) => mutant.note)).to.deep.equal([]);
    expect(mutation.unusableCases, 'every querystring case passes against the bundled reference').to.deep.equal([]);
  });

  it('adds the scores up per module and per rule', () => {
    const [module] = mutation.modules;
    expect(module?.module).to.equal('querystring');
    expect(module?.total).to.equal(30);
    // Every mutant has one status: the counts add up (the code marked beyond the spec gives some of the sample theirs).
    expect((module?.killed ?? 0) + (module?.timeout ?? 0) + (module?.survived ?? 0) + (module?.noCoverage ?? 0) + (module?.beyondSpec ?? 0) + (module?.unobservable ?? 0) + (module?.equivalent ?? 0)).to.equal(30);
    expect(module?.beyondSpec, 'marked mutants in the sample').to.equal(mutation.mutants.filter((mutant) => mutant.status === 'beyond-spec').length);
    const survivors = mutation.mutants.filter((mutant) => mutant.status === 'survived');
    for (const rule of mutation.rules) {
      const counted = mutation.mutants.filter((mutant) => mutant.rules.includes(rule.rule));
      expect(rule.total, rule.rule).to.equal(counted.length);
      expect(rule.survived, rule.rule).to.equal(survivors.filter((mutant) => mutant.rules.includes(rule.rule)).length);
    }
  });

  it('marks the mutants listed as equivalent, with their reason, runs none of them, and leaves them out of the score', async () => {
    const phases: string[] = [];
    const again = await runMutation({
      root: ROOT,
      modules: ['querystring'],
      jobs: 1,
      max: 3,
      seed: 15,
      timeoutMs: 10_000,
      // The same seed draws a subset of the first sample: every one of its mutants is declared equivalent here.
      equivalents: new Map(mutation.mutants.map((mutant) => [mutant.id, { reason: 'test: declared equivalent' }])),
      cacheDir: cache,
      onEvent: (event) => {
        if (event.kind === 'phase') phases.push(event.message);
      },
    });
    expect(again.mutants.map((mutant) => mutant.status)).to.deep.equal(['equivalent', 'equivalent', 'equivalent']);
    expect(again.mutants[0]?.note).to.equal('test: declared equivalent');
    expect(again.total.score, 'equivalent mutants are left out of the score').to.equal(null);
    expect(phases.join('\n'), 'nothing to run, so no coverage run either').to.not.match(/case ↔ code map/);
  });

  it('reports a listed unobservable mutant without running it, and runs it when audited, so that a stale entry shows', async () => {
    // Killed mutants of the first sample, listed here as observable only on Windows: a stale entry, which only the
    // audit (--audit-unobservable) can tell, since unaudited they are not run at all.
    const killedIds = new Set(mutation.mutants.filter((mutant) => mutant.status === 'killed').map((mutant) => mutant.id));
    const unobservable = new Map([...killedIds].map((id) => [id, { reason: 'test: claimed Windows-only', platforms: ['win32'] }]));
    const common = { root: ROOT, modules: ['querystring'] as const, jobs: 2, max: 3, seed: 15, timeoutMs: 10_000, equivalents: new Map(), unobservable, platform: 'linux', cacheDir: cache };
    const plain = await runMutation({ ...common, modules: [...common.modules] });
    const listed = plain.mutants.filter((mutant) => killedIds.has(mutant.id));
    expect(listed.length, 'the 3-mutant sample holds a mutant the first sample killed').to.be.greaterThan(0);
    for (const mutant of listed) expect(mutant, mutant.id).to.include({ status: 'unobservable', casesRun: 0, note: 'observable only on win32: test: claimed Windows-only' });
    const audited = await runMutation({ ...common, modules: [...common.modules], auditUnobservable: true });
    for (const mutant of audited.mutants.filter((each) => killedIds.has(each.id))) {
      expect(mutant.status, mutant.id).to.be.oneOf(['killed', 'timeout']);
      expect(mutant.note, mutant.id).to.match(/listed as observable only on win32 .*the entry claims too much/);
    }
  });

  it('caches the case ↔ code map under the hash of the sources, cases and seed', async () => {
    const sources = readReferenceSources(ROOT, ['querystring']);
    const cases = selectCases({ caseGlobs: ['querystring.parse.single-occurrence-is-a-string', 'querystring.stringify.writes-string-values'] });
    const work = await mkdtemp(join(tmpdir(), 'rtconf-coverage-test-'));
    try {
      const first = await coverageMap(sources, cases, { seed: 3, timeoutMs: 10_000, workDir: work, cacheDir: cache });
      const second = await coverageMap(sources, cases, { seed: 3, timeoutMs: 10_000, workDir: work, cacheDir: cache });
      expect(second.cached).to.equal(true);
      expect(second.key).to.equal(first.key);
      expect(second.files).to.deep.equal(first.files);
      expect(Object.keys(first.files)).to.include('reference/querystring.ts');
      const other = await coverageMap(sources, cases, { seed: 4, timeoutMs: 10_000, workDir: work, cacheDir: cache });
      expect(other.cached, 'another seed draws other property inputs: another map, measured anew').to.equal(false);
      expect(other.key).to.not.equal(first.key);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
