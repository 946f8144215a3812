// Every input class a rule names is exercised on every run (issue 31 §3, STYLE.md rule 16): each case that runs a
// property declares fixed examples for every class of every rule it cites (spec/input-classes.ts), which ctx.check runs
// before its random draws; the reference passes with them; and a candidate that mishandles only a rare class (a
// package that percent-encodes the characters encodeURIComponent leaves alone) fails the property whatever the seed.
import { expect } from 'chai';
import { allCases } from '../../conformance/registry.js';
import type { CaseDefinition } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { RULE_INPUT_CLASSES } from '../../spec/input-classes.js';
import { loadReferenceModules } from '../../runners/reference-modules.js';
import { querystringWith, overEncodingEscape } from './vacuity/ignoring-querystring.js';
import { runCase } from './run-case.js';

/** Whether a case runs a property through ctx.check (the cases that draw their inputs from the seed and can have examples). */
function runsProperty(definition: CaseDefinition): boolean {
  return /\bctx\.check\(/.test(definition.run.toString());
}

const properties = allCases.filter(runsProperty);

describe('input classes: every class a rule names is exercised on every run', function () {
  this.timeout(300_000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  it('finds the property cases of every module', () => {
    expect(properties.map((definition) => definition.id)).to.include.members([
      'querystring.stringify.agrees-with-reference.utf8-percent-encoding',
      'querystring.escape.percent-encodes-utf8',
      'child_process.spawn.arguments-reach-child-exactly',
    ]);
  });

  it('enumerates the input classes of every rule a property case cites, and of no other rule', () => {
    const cited = new Set(properties.flatMap((definition) => definition.rules));
    expect([...cited].filter((rule) => !RULE_INPUT_CLASSES[rule]), 'rules cited by a property case without input classes').to.deep.equal([]);
    expect(Object.keys(RULE_INPUT_CLASSES).filter((rule) => !cited.has(rule)), 'input classes of rules no property case cites').to.deep.equal([]);
  });

  it('gives every property case a fixed example of each class of each rule it cites, and examples of no other class', () => {
    const missing: string[] = [];
    const stray: string[] = [];
    const empty: string[] = [];
    for (const definition of properties) {
      const named = new Set(definition.rules.flatMap((rule) => Object.keys(RULE_INPUT_CLASSES[rule] ?? {})));
      const given = definition.examples ?? {};
      const leftOut = definition.classesLeftOut ?? {};
      for (const name of named) if (!Object.hasOwn(given, name) && !Object.hasOwn(leftOut, name)) missing.push(`${definition.id}: ${name}`);
      for (const [name, examples] of Object.entries(given)) {
        if (!named.has(name)) stray.push(`${definition.id}: ${name}`);
        if (examples.length === 0) empty.push(`${definition.id}: ${name}`);
      }
      for (const [name, why] of Object.entries(leftOut)) {
        if (!named.has(name) || Object.hasOwn(given, name)) stray.push(`${definition.id}: ${name} (left out)`);
        if (why.trim() === '') empty.push(`${definition.id}: ${name} (left out without a reason)`);
      }
    }
    expect(missing, 'classes without a fixed example (or a reason to leave them out)').to.deep.equal([]);
    expect(stray, 'examples of a class none of the case\'s rules names').to.deep.equal([]);
    expect(empty, 'classes given no example').to.deep.equal([]);
  });

  it('exercises every class of every rule in some case, on every run: a class one case leaves out, another has an example of', () => {
    const uncovered: string[] = [];
    for (const [rule, classes] of Object.entries(RULE_INPUT_CLASSES)) {
      for (const name of Object.keys(classes)) {
        const covered = properties.some((definition) => definition.rules.includes(rule) && Object.hasOwn(definition.examples ?? {}, name));
        if (!covered) uncovered.push(`${rule}: ${name}`);
      }
    }
    expect(uncovered, 'classes no property case of their rule has an example of').to.deep.equal([]);
  });

  it('runs the examples of a case in its one property: no case with examples runs two', () => {
    const twice = allCases.filter((definition) => definition.examples && (definition.run.toString().match(/\bctx\.check\(/g) ?? []).length !== 1);
    expect(twice.map((definition) => definition.id)).to.deep.equal([]);
  });

  it('passes every property case of querystring on the reference with its examples, for several seeds', async () => {
    const reference = await loadReferenceModules();
    const failed: string[] = [];
    for (const runSeed of [1, 2, 3]) {
      for (const definition of properties.filter((each) => each.module === 'querystring')) {
        const result = await runCase(definition, { querystring: reference.querystring } as CandidateModules, fixtures, { timeoutMs: 20_000, runSeed });
        if (result.status !== 'pass') failed.push(`${definition.id} (run seed ${runSeed}): ${result.status} ${result.message ?? ''}`);
      }
    }
    expect(failed).to.deep.equal([]);
  });

  it('fails the encoding cases of a package that percent-encodes ! \' ( ) * too, whatever the seed', async () => {
    const overEncoding = { querystring: querystringWith(() => ({ escape: overEncodingEscape })) } as CandidateModules;
    const ids = ['querystring.stringify.agrees-with-reference.utf8-percent-encoding', 'querystring.escape.agrees-with-reference-on-unicode-text'];
    const passed: string[] = [];
    for (const runSeed of [1, 2, 3, 4, 5, 6]) {
      for (const id of ids) {
        const definition = allCases.find((each) => each.id === id) as CaseDefinition;
        const result = await runCase(definition, overEncoding, fixtures, { kind: 'adapter', timeoutMs: 20_000, runSeed });
        if (result.status === 'pass') passed.push(`${id} (run seed ${runSeed})`);
      }
    }
    expect(passed, 'runs the over-encoding package passed').to.deep.equal([]);
  });
});
