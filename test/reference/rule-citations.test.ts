// The reference's functions cite the rule ids they implement (`@rules` in their doc comments), so one can walk from a
// rule to the code as well as to its cases: every cited id or pattern names a rule of the catalogue, and every
// normative rule is cited by some reference code.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '../../io/package-root.js';
import { rules } from '../../spec/index.js';
import type { Rule } from '../../spec/rule.js';
import { checkCitations, collectCitations, type Citation } from './rule-citations.js';

/** Every `.ts` file under `dir`, relative to the package root, in a stable order. */
function sourcesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => relative(root, join(root, dir, name)).split('\\').join('/'))
    .sort();
}

const CATALOGUE: readonly Pick<Rule, 'id' | 'level' | 'retired'>[] = [
  { id: 'querystring.parse.max-keys-default', level: 'normative' },
  { id: 'querystring.parse.max-keys-zero-unlimited', level: 'normative' },
  { id: 'querystring.escape.percent-encodes', level: 'normative' },
  { id: 'querystring.module.stability-stable', level: 'informative' },
  { id: 'querystring.old.gone', level: 'normative', retired: true },
];

function citationsOf(text: string): readonly Citation[] {
  const collected = collectCitations('inline.ts', text);
  expect(collected.stray, 'stray @rules').to.deep.equal([]);
  return collected.citations;
}

describe('rule citations: the collector and the matcher', () => {
  it('reads the ids of a tag and the declaration it documents, class members qualified', () => {
    const text = [
      '/**',
      ' * Parses.',
      ' * @rules querystring.parse.max-keys-default, querystring.parse.max-keys-zero-unlimited',
      ' * @returns something',
      ' */',
      'export function parse() {}',
      'class Agent {',
      '  /** @rules querystring.escape.* */',
      '  escape() {}',
      '}',
      '/** @rules querystring.module.stability-stable */',
      'const table = { a: 1 };',
    ].join('\n');
    expect(citationsOf(text)).to.deep.equal([
      { file: 'inline.ts', line: 3, declaration: 'parse', entries: ['querystring.parse.max-keys-default', 'querystring.parse.max-keys-zero-unlimited'] },
      { file: 'inline.ts', line: 8, declaration: 'Agent.escape', entries: ['querystring.escape.*'] },
      { file: 'inline.ts', line: 11, declaration: 'table', entries: ['querystring.module.stability-stable'] },
    ]);
  });

  it('reports a @rules that is no doc-comment tag of a declaration', () => {
    const text = ['// @rules querystring.escape.percent-encodes', 'export function f() {}', '/* @rules querystring.escape.* */', 'f();'].join('\n');
    const collected = collectCitations('inline.ts', text);
    expect(collected.citations).to.deep.equal([]);
    expect(collected.stray).to.deep.equal(['inline.ts:1', 'inline.ts:3']);
  });

  it('reports a tag naming an unknown id, a prefix no rule has, a pattern off a dot boundary and a retired rule', () => {
    const text = [
      '/** @rules querystring.parse.max-keys-default, querystring.parse.no-such-rule */',
      'function a() {}',
      '/** @rules querystring.nothing.* */',
      'function b() {}',
      '/** @rules querystring.parse.max-keys* */',
      'function c() {}',
      '/** @rules querystring.old.gone */',
      'function d() {}',
      '/** @rules */',
      'function e() {}',
    ].join('\n');
    const report = checkCitations(citationsOf(text), CATALOGUE);
    expect(report.unknown).to.deep.equal([
      'inline.ts:1 a: querystring.parse.no-such-rule — no rule has this id',
      'inline.ts:3 b: querystring.nothing.* — no rule id starts with this prefix',
      'inline.ts:5 c: querystring.parse.max-keys* — a pattern must end in ".*" right after a dot boundary (module.part.*)',
      'inline.ts:7 d: querystring.old.gone — the rule is retired',
      'inline.ts:9 e: (empty) — the tag names no rule',
    ]);
  });

  it('does not let a pattern match across a partial segment', () => {
    // `querystring.parse.max-keys.*` would match `querystring.parse.max-keys-default` if the dot were not required.
    const report = checkCitations(citationsOf('/** @rules querystring.parse.max-keys.* */\nfunction f() {}'), CATALOGUE);
    expect(report.unknown).to.have.length(1);
    expect(report.citedByPattern.size).to.equal(0);
  });

  it('reports each normative rule no tag names, and never an informative or retired one', () => {
    const report = checkCitations(citationsOf('/** @rules querystring.parse.max-keys-default */\nfunction f() {}'), CATALOGUE);
    expect(report.unknown).to.deep.equal([]);
    expect(report.uncited).to.deep.equal(['querystring.parse.max-keys-zero-unlimited', 'querystring.escape.percent-encodes']);
  });

  it('counts a rule reached by a pattern as cited, and separates exact from pattern citations', () => {
    const text = '/** @rules querystring.parse.*, querystring.escape.percent-encodes */\nfunction f() {}';
    const report = checkCitations(citationsOf(text), CATALOGUE);
    expect(report.uncited).to.deep.equal([]);
    expect([...report.citedExactly]).to.deep.equal(['querystring.escape.percent-encodes']);
    expect([...report.citedByPattern].sort()).to.deep.equal(['querystring.parse.max-keys-default', 'querystring.parse.max-keys-zero-unlimited']);
  });
});

describe('rule citations: the reference against the catalogue', () => {
  const root = packageRoot();
  const files = sourcesUnder(root, 'reference');
  const collected = files.map((file) => collectCitations(file, readFileSync(join(root, file), 'utf8')));
  const citations = collected.flatMap((entry) => entry.citations);
  const report = checkCitations(citations, rules);

  it('finds the reference sources and tags in them', () => {
    expect(files).to.include.members(['reference/querystring.ts', 'reference/child_process.ts', 'reference/https.ts']);
    expect(citations.length).to.be.greaterThan(0);
  });

  it('writes every @rules as a tag of the doc comment of a declaration', () => {
    expect(collected.flatMap((entry) => entry.stray)).to.deep.equal([]);
  });

  it('cites only ids and patterns that name rules of the catalogue', () => {
    expect(report.unknown).to.deep.equal([]);
  });

  it('cites every normative rule in some reference code', () => {
    expect(report.uncited).to.deep.equal([]);
  });
});
